import { describe, expect, it } from 'vitest';
import { cutText, cutTextCounted, ELLIPSIS } from '../../shared/cut-text';

// The one way text is cut short (it replaced seven hand-written cuts, some of which could split a
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

describe('cutTextCounted', () => {
  it('keeps text that fits, and says how many characters a longer one left out, within max', () => {
    expect(cutTextCounted('short', 5)).toBe('short');
    const text = 'x'.repeat(1_000_000);
    const cut = cutTextCounted(text, 8000);
    expect(cut.length).toBeLessThanOrEqual(8000);
    const kept = cut.indexOf(ELLIPSIS);
    expect(cut.slice(kept)).toBe(`${ELLIPSIS} (${(1_000_000 - kept).toLocaleString('en')} more characters not shown)`);
  });

  it('never splits a surrogate pair at the cut', () => {
    const cut = cutTextCounted('😀'.repeat(100), 60);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(cut.length).toBeLessThanOrEqual(60);
  });
});
