/**
 * A streamed message split into markdown blocks, so a long reply is parsed and drawn a block at a time
 *: every block but the last is finished and never changes again, so the renderer memoises it
 * and only the growing last block is parsed on each batch. Pure; no DOM.
 *
 * A block ends at a blank line outside a fenced code block, once it holds {@link MIN_BLOCK_CHARS}. A line indented after the blank line continues the
 * block (a list item's second paragraph, an indented code block), so it is never parsed on its own. What a split
 * can change is limited to what spans blank lines at the top level: a loose list becomes lists of one item each
 * (an ordered one keeps its numbers), and a reference-style link defined in another block is shown as text.
 */

/** A message's blocks: `blocks.join('') === text`. */
export interface BlockSplit {
  text: string;
  blocks: string[];
}

/**
 * A block is only ended at a blank line once it holds this many characters, so short paragraphs are parsed
 * together. Each parse has a fixed cost (the markdown parser sets itself up for every call): in a CPU profile of
 * the renderer bench (200k chunks, ~5 000 paragraphs of ~80 characters) parsing one block per paragraph was a
 * third of the page's JavaScript, mostly that set-up. Small enough that the one block still streaming,
 * parsed again on every batch, stays cheap (~1 ms).
 */
export const MIN_BLOCK_CHARS = 1_000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits `text` into blocks of at least `minChars` characters (the last one may be shorter), each ending at a blank
 * line outside a code fence. With `previous` (the split of an earlier text this one extends, as streaming does, made
 * with the same `minChars`), only the last previous block onwards is scanned again and the earlier block strings are
 * reused as they are; the result is the same as splitting `text` afresh. Cost: O(length of the new tail), plus one
 * prefix comparison.
 */
export function splitBlocks(text: string, previous?: BlockSplit, minChars = MIN_BLOCK_CHARS): BlockSplit {
  let kept: string[] = [];
  let from = 0;
  if (previous && previous.blocks.length > 0 && text.length >= previous.text.length && text.startsWith(previous.text)) {
    kept = previous.blocks.slice(0, -1);
    from = previous.text.length - previous.blocks[previous.blocks.length - 1].length;
  }
  const blocks = kept;
  let blockStart = from;
  let fence: string | undefined;
  let afterBlank = false;
  let pos = from;
  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(pos, end);
    const blank = line.trim() === '';
    if (fence === undefined && afterBlank && !blank && !/^[ \t]/.test(line) && pos - blockStart >= Math.max(1, minChars)) {
      blocks.push(text.slice(blockStart, pos));
      blockStart = pos;
    }
    const marker = FENCE.exec(line)?.[1];
    if (marker) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    }
    afterBlank = fence === undefined && blank;
    if (newline < 0) break;
    pos = newline + 1;
  }
  if (blockStart < text.length || blocks.length === 0) blocks.push(text.slice(blockStart));
  return { text, blocks };
}
