import { cutText } from '../../../../../shared/cut-text';

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
