import { describe, expect, it } from 'vitest';
import { cutText, ELLIPSIS } from '../../shared/cut-text';

// The one way text is cut short (the review's refactor list: seven hand-written cuts, some of which could split a
// surrogate pair and leave a lone half that draws as a replacement box).
describe('cutText', () => {
  it('keeps text that fits, and cuts longer text to at most max characters ending in an ellipsis', () => {
    expect(cutText('short', 5)).toBe('short');
    expect(cutText('longer text', 8)).toBe(`longer ${ELLIPSIS}`);
    expect(cutText('x'.repeat(500), 300)).toHaveLength(300);
    expect(cutText('abc', 0)).toBe('');
  });

  it('never splits a surrogate pair: an emoji at the cut is dropped whole', () => {
    const cut = cutText('ab😀cd', 4); // "ab" + the first half of 😀 would be 3 code units
    expect(cut).toBe(`ab${ELLIPSIS}`);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(cutText('😀😀😀', 5)).toBe(`😀😀${ELLIPSIS}`);
  });
});
