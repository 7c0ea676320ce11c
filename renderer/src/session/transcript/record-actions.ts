import { createContext, useContext } from 'react';
import { cutText } from '../../../../shared/cut-text';

/** Which declined request to explain: the session whose composer opens, and the question it asked. */
export interface DeclineToExplain {
  agentId: string;
  sessionKey: string;
  question: string;
}

/**
 * "Tell the agent why…" after a Decline (issue 12 scope 7), the one handler for the notice's button and a
 * record's: shows that session and starts its composer with {@link explainDeclineText}, keeping what was typed
 * there. Provided once by the app; a session view binds it to its own session for its records.
 */
export const ExplainDeclineContext = createContext<((target: DeclineToExplain) => void) | null>(null);

/**
 * What a request record in a live session's transcript can do. Provided by the session view (bound to its
 * session); absent in the History view, whose records are read-only.
 */
export interface RecordActions {
  /** After a Decline: opens this session's composer with a start of the sentence saying why. */
  explainDecline: (question: string) => void;
}

export const RecordActionsContext = createContext<RecordActions | null>(null);

/** The live session's record actions, or null in the History view. */
export function useRecordActions(): RecordActions | null {
  return useContext(RecordActionsContext);
}

/** Longest piece of the question quoted in the composer's starting sentence. */
const QUOTED_QUESTION_CHARS = 80;

/**
 * The composer's starting text after a Decline: `I declined "<question>" because ` (the question's first line,
 * cut to {@link QUOTED_QUESTION_CHARS}), an ordinary prompt the user finishes; nothing goes into the declined
 * response itself (spec E-RES-2).
 */
export function explainDeclineText(question: string): string {
  const line = question.trim().split('\n')[0]?.trim() ?? '';
  if (!line) return 'I declined your request because ';
  const quoted = cutText(line, QUOTED_QUESTION_CHARS);
  return `I declined “${quoted}” because `;
}
