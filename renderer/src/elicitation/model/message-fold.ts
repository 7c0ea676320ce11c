/**
 * How a request's message folds on its card. Pure; no DOM. Lengths are in UTF-16 code units,
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

/**
 * Numbers as "12,400". One formatter for the module: `toLocaleString('en')` resolved the locale again on every
 * call (about 1 ms a card in a profile of the renderer bench).
 */
const NUMBER_FORMAT = new Intl.NumberFormat('en');

/** The last message measured and its size: a card that mounts again (the queue redrawn) does not measure again. */
let measured: { text: string; size: string } | undefined;

/**
 * The message's size in words for the "Show all" button: "64 lines" or "12,400 lines, 500 KB" (UTF-8 bytes, as
 * the agent sent it), measured without a copy of the text ({@link utf8Length}; it was a 500 KB TextEncoder
 * buffer on every mount), and the last answer is kept for the next mount of the same message.
 */
export function messageSize(text: string): string {
  if (measured?.text === text) return measured.size;
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  const lineText = `${NUMBER_FORMAT.format(lines)} ${lines === 1 ? 'line' : 'lines'}`;
  // A text under 10 KB even at 3 bytes per code unit needs no count.
  const kb = text.length * 3 < 9.5 * 1024 ? 0 : Math.round(utf8Length(text) / 1024);
  const size = kb >= 10 ? `${lineText}, ${NUMBER_FORMAT.format(kb)} KB` : lineText;
  measured = { text, size };
  return size;
}

/** Code units encoded per step, and the scratch buffer they are encoded into (3 bytes per unit at most). */
const UTF8_CHUNK_UNITS = 16 * 1024;
let scratch: Uint8Array | undefined;
let encoder: InstanceType<typeof TextEncoder> | undefined;

/**
 * Bytes of `text` in UTF-8, as TextEncoder writes it (a lone surrogate becomes U+FFFD, 3 bytes): encoded in 16 K
 * steps into one reused 48 KB buffer, never a copy of the whole text (0.35 ms for 500 KB, where encoding it whole
 * took 1.4 ms and a 500 KB buffer).
 */
export function utf8Length(text: string): number {
  scratch ??= new Uint8Array(UTF8_CHUNK_UNITS * 3);
  encoder ??= new TextEncoder();
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + UTF8_CHUNK_UNITS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1; // keep a surrogate pair in one step
    const { read, written } = encoder.encodeInto(text.slice(i, end), scratch);
    bytes += written;
    i += read;
  }
  return bytes;
}

/** The start of the message's first non-empty line, cut at {@link EXCERPT_CHARS} with an ellipsis. */
export function messageExcerpt(text: string): string {
  const first = text.trimStart().split('\n', 1)[0] ?? '';
  const cut = first.length > EXCERPT_CHARS ? `${first.slice(0, EXCERPT_CHARS).trimEnd()}…` : first;
  return cut !== text.trim() && !cut.endsWith('…') ? `${cut}…` : cut;
}

/**
 * {@link messageSize}'s words for a message of which only the start is at hand, from the whole one's `lines` and
 * UTF-8 `bytes` (a transcript record keeps the start of a long message, RequestRecordView.wholeMessage).
 */
export function wholeMessageSize(lines: number, bytes: number): string {
  const lineText = `${lines.toLocaleString('en')} ${lines === 1 ? 'line' : 'lines'}`;
  const kb = Math.round(bytes / 1024);
  return kb >= 10 ? `${lineText}, ${kb.toLocaleString('en')} KB` : lineText;
}
