/**
 * Text that cannot lie: invisible formatting characters in agent-supplied text are shown as
 * visible markers such as `⟨U+202E⟩`, never applied. A right-to-left override can make "evil\u202Eexe.txt"
 * read as "eviltxt.exe"; a zero-width space can make two different names look identical; Unicode tag
 * characters can carry a whole hidden instruction. Pure: no Node, no DOM; used by main and the renderer.
 *
 * What is revealed:
 * - every character of Unicode general category Cf (format): bidi embeddings, overrides and isolates
 *   (U+202A–U+202E, U+2066–U+2069), marks (U+200E, U+200F, U+061C), zero-width space and joiners
 *   (U+200B–U+200D), word joiner and invisible operators (U+2060–U+2064), the byte-order mark (U+FEFF),
 *   soft hyphen (U+00AD), interlinear annotation marks, tag characters (U+E0000–U+E007F) and the rest;
 * - a few characters that are not Cf but draw nothing: combining grapheme joiner (U+034F), Hangul fillers
 *   (U+115F, U+1160, U+3164, U+FFA0), Khmer inherent vowels (U+17B4, U+17B5), Mongolian free variation
 *   selectors and vowel separator (U+180B–U+180F), variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF);
 * - control characters (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F) except tab, line feed and carriage
 *   return: a browser draws them as nothing, so a NUL or a backspace could hide inside a name. A display
 *   terminal's output keeps them (`keepControls`): its own renderer reads ESC for colours and applies or drops
 *   the rest (renderer/src/session/transcript/model/terminal-text.ts).
 *
 * One exception keeps legitimate text intact: a zero-width joiner or non-joiner (U+200C, U+200D) between two
 * non-ASCII letters, marks or pictographs is left as it is — emoji sequences (👩‍💻) and scripts such as Persian
 * and the Indic ones need them — while the same character next to ASCII (where it can only hide something,
 * e.g. "pay\u200Dpal") is shown. Likewise one variation selector straight after a non-ASCII character (❤️, CJK
 * ideographic variants) or before a keycap mark (1️⃣) is kept; after ASCII, or one after another (the "emoji
 * smuggling" trick of hiding bytes in a run of selectors), each is shown.
 */

/** Characters revealed, as one linear regex (a character class, no backtracking). */
// eslint-disable-next-line no-misleading-character-class, no-control-regex -- U+034F, the variation selectors and the controls are listed on purpose, one code point at a time (u flag)
const INVISIBLE = /[\p{Cf}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/gu;

/** What may sit on both sides of a joiner that is kept. */
// eslint-disable-next-line no-misleading-character-class -- U+FE0F (emoji presentation) is listed on purpose, one code point at a time (u flag)
const JOINABLE = /^[\p{L}\p{M}\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F]$/u;

/** The same class, for testing one character (no `g` flag, so no `lastIndex` carried between calls). */
// eslint-disable-next-line no-misleading-character-class -- the same class as INVISIBLE, listed on purpose
const INVISIBLE_CHAR = new RegExp(INVISIBLE.source, 'u');

/**
 * Whether the one character `char` draws as nothing or changes how the text around it reads: a format or
 * control character, a variation selector, a Hangul filler, U+034F, a Mongolian selector. Joiners count
 * here; {@link revealInvisible} keeps them inside emoji and words, but a URL has no use for them.
 */
export function isInvisibleChar(char: string): boolean {
  return INVISIBLE_CHAR.test(char);
}

/** The visible marker for one code point, e.g. `⟨U+202E⟩`. */
export function invisibleMarker(codePoint: number): string {
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** True when `text` holds at least one character {@link revealInvisible} would show as a marker. */
export function hasInvisible(text: string): boolean {
  return revealInvisible(text) !== text;
}

/** How {@link revealInvisible} treats control characters. */
export interface RevealOptions {
  /** Leave C0/C1 controls as they are: only for a display terminal's output, whose renderer handles them. */
  keepControls?: boolean;
  /**
   * Mark tab, line feed, carriage return and the Unicode line and paragraph separators too: for an agent's name
   * quoted inside a sentence (a file name), which must read as one name, never as more lines.
   */
  oneLine?: boolean;
}

/** What {@link RevealOptions.oneLine} marks besides {@link INVISIBLE}. */
const LINE_BREAKING = /[\t\n\r\u2028\u2029]/g;

/**
 * Returns `text` with every invisible formatting and control character replaced by its marker (`⟨U+202E⟩`,
 * `⟨U+0007⟩`), except tab, line feed and carriage return (unless `options.oneLine`), and joiners kept between
 * non-ASCII letters or pictographs (see the module comment). Linear in the length of `text`; never throws; the
 * identity for text without such characters (the same string is returned).
 */
export function revealInvisible(text: string, options?: RevealOptions): string {
  if (typeof text !== 'string') return text;
  const revealed = revealFormatting(text, options?.keepControls === true);
  return options?.oneLine ? revealed.replace(LINE_BREAKING, (char) => invisibleMarker(char.codePointAt(0)!)) : revealed;
}

function revealFormatting(text: string, keepControls: boolean): string {
  return text.replace(INVISIBLE, (char: string, offset: number) => {
    const codePoint = char.codePointAt(0)!;
    if (codePoint <= 0x9f) return keepControls ? char : invisibleMarker(codePoint);
    if ((codePoint === 0x200c || codePoint === 0x200d) && joinsNonAscii(text, offset, char.length)) return char;
    if (isVariationSelector(codePoint) && selectsVariant(text, offset, char.length)) return char;
    return invisibleMarker(codePoint);
  });
}

function isVariationSelector(codePoint: number): boolean {
  return (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef);
}

/** A selector that picks a variant of the character before it: that one is non-ASCII and not a selector, or a keycap follows. */
function selectsVariant(text: string, offset: number, length: number): boolean {
  if (text.codePointAt(offset + length) === 0x20e3) return true;
  const before = charBefore(text, offset)?.codePointAt(0);
  return before !== undefined && before > 0x7f && !isVariationSelector(before);
}

function joinsNonAscii(text: string, offset: number, length: number): boolean {
  const before = charBefore(text, offset);
  const after = String.fromCodePoint(text.codePointAt(offset + length) ?? 0);
  return before !== undefined && before.codePointAt(0)! > 0x7f && after.codePointAt(0)! > 0x7f && JOINABLE.test(before) && JOINABLE.test(after);
}

function charBefore(text: string, offset: number): string | undefined {
  if (offset === 0) return undefined;
  const low = text.charCodeAt(offset - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}

/** `text` with every character {@link revealInvisible} would mark removed: for checks that must not be fooled (is this a password field?). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}
