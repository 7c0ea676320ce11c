/**
 * How a request's message folds on its card (issue 12 scope 2). Pure; no DOM. Lengths are in UTF-16 code units,
 * line counts in `\n`-separated lines (before wrapping).
 */

/** A folded message shows at most this many lines (the card's CSS also caps it at this many wrapped lines). */
export const FOLD_LINES = 20;

/**
 * A folded message draws at most this many characters: 20 lines of a wide card, and a bound on what a 500 KB
 * message costs to lay out while it is folded.
 */
export const FOLD_CHARS = 20 * 160;

/** How much of the message the review summary repeats before pointing at the message above instead. */
export const EXCERPT_CHARS = 120;

/** The part of `text` a folded card draws: its first {@link FOLD_LINES} lines, at most {@link FOLD_CHARS} long. */
export function messagePreview(text: string): string {
  let end = Math.min(text.length, FOLD_CHARS);
  let newline = -1;
  for (let line = 0; line < FOLD_LINES; line++) {
    newline = text.indexOf('\n', newline + 1);
    if (newline < 0 || newline >= end) return text.slice(0, end);
  }
  end = newline;
  return text.slice(0, end);
}

/** Whether a message is too long to show in full by default (its preview leaves something out). */
export function isLongMessage(text: string): boolean {
  return messagePreview(text) !== text;
}

/** The message's size in words for the "Show all" button: "64 lines" or "12,400 lines, 500 KB". */
export function messageSize(text: string): string {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  const lineText = `${lines.toLocaleString('en')} ${lines === 1 ? 'line' : 'lines'}`;
  const kb = Math.round(new TextEncoder().encode(text).length / 1024);
  return kb >= 10 ? `${lineText}, ${kb.toLocaleString('en')} KB` : lineText;
}

/** The start of the message's first non-empty line, cut at {@link EXCERPT_CHARS} with an ellipsis. */
export function messageExcerpt(text: string): string {
  const first = text.trimStart().split('\n', 1)[0] ?? '';
  const cut = first.length > EXCERPT_CHARS ? `${first.slice(0, EXCERPT_CHARS).trimEnd()}…` : first;
  return cut !== text.trim() && !cut.endsWith('…') ? `${cut}…` : cut;
}
