import { createContext, useContext } from 'react';

/** Which declined request to explain: the session whose composer opens, and the question it asked. */
export interface DeclineToExplain {
  agentId: string;
  sessionKey: string;
  question: string;
}

/**
 * "Tell the agent why…" after a Decline, the one handler for the notice's button and a
 * record's: shows that session and starts its composer with `explainDeclineText` (model/decline-text.ts), keeping what was typed
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
