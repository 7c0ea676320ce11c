import { describe, expect, it } from 'vitest';
import { splitBlocks } from '../../renderer/src/session/transcript/blocks';

// Issue 13, scope 3: a streamed message is kept in blocks; finished blocks never change.
describe('markdown blocks of a streamed message', () => {
  it('splits at blank lines and loses no character', () => {
    const text = 'First paragraph.\n\nSecond\nstill second.\n\n\n- a list\n- item\n';
    const { blocks } = splitBlocks(text);
    expect(blocks).toEqual(['First paragraph.\n\n', 'Second\nstill second.\n\n\n', '- a list\n- item\n']);
    expect(blocks.join('')).toBe(text);
  });

  it('never splits inside a fenced code block, whatever its blank lines', () => {
    const text = 'Before.\n\n```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\nAfter.';
    expect(splitBlocks(text).blocks).toEqual(['Before.\n\n', '```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\n', 'After.']);
  });

  it('keeps an indented line after a blank line with its block (a list item continued)', () => {
    const text = '1. first\n\n   more of the first\n\n2. second';
    expect(splitBlocks(text).blocks).toEqual(['1. first\n\n   more of the first\n\n', '2. second']);
  });

  it('extends the last block as text streams in and reuses the finished ones as they are', () => {
    let split = splitBlocks('');
    const chunks = ['Hel', 'lo.\n', '\nNext', ' one.\n\n``', '`\n\nin code\n', '```\n\nEnd'];
    let text = '';
    for (const chunk of chunks) {
      text += chunk;
      const next = splitBlocks(text, split);
      // A finished block is the very same string afterwards (memoised components keep their output).
      for (let i = 0; i < split.blocks.length - 1; i++) expect(next.blocks[i]).toBe(split.blocks[i]);
      split = next;
    }
    expect(split.blocks).toEqual(splitBlocks(text).blocks);
    expect(split.blocks).toEqual(['Hello.\n\n', 'Next one.\n\n', '```\n\nin code\n```\n\n', 'End']);
  });

  it('starts over when the text is not an extension of the previous one', () => {
    const previous = splitBlocks('One.\n\nTwo.');
    expect(splitBlocks('Other.\n\nText.', previous).blocks).toEqual(['Other.\n\n', 'Text.']);
  });
});
