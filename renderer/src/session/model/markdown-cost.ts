/**
 * Which blocks of agent text are safe to hand to the markdown parser. The parser's cost is not linear in every
 * input: 40 000 characters of `*a_` held every agent's page ~58 s (cost grew with
 * the square of the length), and 5 000 `>` characters overflowed the stack and blanked the window. Length alone
 * (MAX_MARKDOWN_CHARS) does not bound that; these counts do. A block past any of them is drawn as plain text —
 * still all there, still selectable, just not formatted.
 */

/**
 * Emphasis delimiter runs (`*`, `_`) and link brackets (`[`, `]`, each one) outside fenced code in one block.
 * Densely formatted prose has ~8 per sentence (a 2 400-character paragraph of bold, italics and links: ~320, 12 ms
 * to parse); `*a_` repeated costs ~20 ms at 400 runs and 105 ms at 1 600 in Node, growing faster than the count.
 */
export const MAX_MARKDOWN_DELIMITER_RUNS = 600;

/** Containers (`>` quotes, list items) opened at the start of one line. 300 nested list items parse in ~55 ms. */
export const MAX_MARKDOWN_NESTING = 16;

/** Leading spaces on one line (tabs count 4): nested lists also nest by indentation, 2–4 columns a level. */
export const MAX_MARKDOWN_INDENT = 64;

const CONTAINER = /^ {0,3}(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;
const FENCE = /^ {0,3}(?:```|~~~)/;

/**
 * True when `block` stays within every count above, so parsing it as markdown is cheap (a few ms). Scans the block
 * once; O(length).
 */
export function isCheapMarkdown(block: string): boolean {
  let runs = 0;
  let inFence = false;
  for (const line of block.split('\n')) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    let columns = 0;
    for (let i = 0; i < line.length && (line[i] === ' ' || line[i] === '\t'); i++) columns += line[i] === '\t' ? 4 : 1;
    if (columns > MAX_MARKDOWN_INDENT) return false;
    let rest = line;
    for (let depth = 0; ; depth++) {
      const match = CONTAINER.exec(rest);
      if (!match) break;
      if (depth >= MAX_MARKDOWN_NESTING) return false;
      rest = rest.slice(match[0].length);
    }
    let previous = '';
    for (const char of line) {
      const counted = char === '[' || char === ']' || ((char === '*' || char === '_') && char !== previous);
      if (counted && ++runs > MAX_MARKDOWN_DELIMITER_RUNS) return false;
      previous = char;
    }
  }
  return true;
}
