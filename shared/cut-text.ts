/**
 * The one way text is cut short for display or a bound: at most `max` UTF-16 code units in all, ending in "…" when
 * anything was dropped, and never half of a surrogate pair (an emoji or other astral character is kept whole or
 * dropped whole). Pure; no Node, no DOM; used by main and the renderer.
 */

/** The ellipsis a cut text ends in. */
export const ELLIPSIS = '…';

/**
 * `text` when it has at most `max` code units, else its first `max - 1` (one fewer when that would split a surrogate
 * pair) followed by {@link ELLIPSIS}, so the result never exceeds `max`. `max` below 1 gives "" for any non-empty
 * text. Linear in `max`, not in the length of `text`.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}

/**
 * `text` when it has at most `max` code units, else its start followed by "… (N more characters not shown)", the
 * whole at most `max` long (N counts the UTF-16 code units left out; a surrogate pair is never split). For long
 * prose the user should know was cut, and by how much. Linear in `max`, not in the length of `text`.
 */
export function cutTextCounted(text: string, max: number): string {
  if (text.length <= max) return text;
  // The note for the whole text is the longest any cut of it needs, so leaving room for that one always fits.
  const cut = cutText(text, Math.max(1, max - omittedNote(text.length).length));
  return `${cut}${omittedNote(text.length - (cut.length - ELLIPSIS.length))}`;
}

/** " (12,345 more characters not shown)", after the ellipsis of a cut text. */
function omittedNote(omitted: number): string {
  return ` (${omitted.toLocaleString('en')} more characters not shown)`;
}
