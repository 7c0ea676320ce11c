import { describe, expect, it } from 'vitest';
import { MIN_BLOCK_CHARS, splitBlocks } from '../../renderer/src/session/transcript/model/blocks';

// A streamed message is kept in blocks; finished blocks never change. The boundary rules are
// checked with blocks of any size (minChars 0); the size rule on its own below.
describe('markdown blocks of a streamed message', () => {
  it('splits at blank lines and loses no character', () => {
    const text = 'First paragraph.\n\nSecond\nstill second.\n\n\n- a list\n- item\n';
    const { blocks } = splitBlocks(text, undefined, 0);
    expect(blocks).toEqual(['First paragraph.\n\n', 'Second\nstill second.\n\n\n', '- a list\n- item\n']);
    expect(blocks.join('')).toBe(text);
  });

  it('never splits inside a fenced code block, whatever its blank lines', () => {
    const text = 'Before.\n\n```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\nAfter.';
    expect(splitBlocks(text, undefined, 0).blocks).toEqual(['Before.\n\n', '```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\n', 'After.']);
  });

  it('keeps an indented line after a blank line with its block (a list item continued)', () => {
    const text = '1. first\n\n   more of the first\n\n2. second';
    expect(splitBlocks(text, undefined, 0).blocks).toEqual(['1. first\n\n   more of the first\n\n', '2. second']);
  });

  it('extends the last block as text streams in and reuses the finished ones as they are', () => {
    let split = splitBlocks('', undefined, 0);
    const chunks = ['Hel', 'lo.\n', '\nNext', ' one.\n\n``', '`\n\nin code\n', '```\n\nEnd'];
    let text = '';
    for (const chunk of chunks) {
      text += chunk;
      const next = splitBlocks(text, split, 0);
      // A finished block is the very same string afterwards (memoised components keep their output).
      for (let i = 0; i < split.blocks.length - 1; i++) expect(next.blocks[i]).toBe(split.blocks[i]);
      split = next;
    }
    expect(split.blocks).toEqual(splitBlocks(text, undefined, 0).blocks);
    expect(split.blocks).toEqual(['Hello.\n\n', 'Next one.\n\n', '```\n\nin code\n```\n\n', 'End']);
  });

  it('starts over when the text is not an extension of the previous one', () => {
    const previous = splitBlocks('One.\n\nTwo.', undefined, 0);
    expect(splitBlocks('Other.\n\nText.', previous, 0).blocks).toEqual(['Other.\n\n', 'Text.']);
  });

  it('parses short paragraphs together: a block ends only once it holds MIN_BLOCK_CHARS', () => {
    const paragraph = (i: number) => `Paragraph ${i} ${'word '.repeat(15)}\n\n`; // ~100 characters
    const text = Array.from({ length: 50 }, (_, i) => paragraph(i)).join('');
    const { blocks } = splitBlocks(text);
    expect(blocks.join('')).toBe(text);
    // Every block but the last holds at least MIN_BLOCK_CHARS and ends at a paragraph's blank line.
    for (const block of blocks.slice(0, -1)) {
      expect(block.length).toBeGreaterThanOrEqual(MIN_BLOCK_CHARS);
      expect(block.length).toBeLessThan(MIN_BLOCK_CHARS + paragraph(0).length + 5);
      expect(block.endsWith('\n\n')).toBe(true);
    }
    expect(blocks.length).toBeLessThan(50 / 5);
    // Streamed in any pieces, the split is the same as a fresh one, and finished blocks are reused as they are.
    let split = splitBlocks('');
    for (let at = 0; at < text.length; at += 37) {
      const next = splitBlocks(text.slice(0, at + 37), split);
      for (let i = 0; i < split.blocks.length - 1; i++) expect(next.blocks[i]).toBe(split.blocks[i]);
      split = next;
    }
    expect(split.blocks).toEqual(blocks);
  });
});
