import { describe, expect, it } from 'vitest';
import { isCheapMarkdown, MAX_MARKDOWN_DELIMITER_RUNS, MAX_MARKDOWN_NESTING } from '../../renderer/src/session/model/markdown-cost';

// Agent text is untrusted (brief: every input from an agent is bounded, time on the main thread included). In the
// Before this check these inputs, each far under MAX_MARKDOWN_CHARS, froze or blanked every agent's page.
describe('which agent text is parsed as markdown', () => {
  it('draws as plain text what would overflow the parser or take it seconds', () => {
    expect(isCheapMarkdown('>'.repeat(5000))).toBe(false); // blanked the window (stack overflow)
    expect(isCheapMarkdown('> '.repeat(2500) + 'a')).toBe(false);
    expect(isCheapMarkdown('*a_'.repeat(13_334))).toBe(false); // ~58 s of the page's main thread
    expect(isCheapMarkdown('[a]('.repeat(2000))).toBe(false);
    expect(isCheapMarkdown('- '.repeat(MAX_MARKDOWN_NESTING + 1) + 'a')).toBe(false);
    const indented = Array.from({ length: 40 }, (_, level) => `${' '.repeat(2 * level)}- item`).join('\n');
    expect(isCheapMarkdown(indented)).toBe(false);
  });

  it('parses ordinary replies: prose with formatting, nested lists, quotes, code full of underscores', () => {
    const prose = 'Use **bold**, _italics_ and [a link](https://example.com) in `code`. '.repeat(40);
    expect(isCheapMarkdown(prose)).toBe(true);
    expect(isCheapMarkdown('- one\n  - two\n    - three\n> quoted\n> > twice')).toBe(true);
    const code = '```python\n' + 'snake_case_name = other_name[index] * factor_value\n'.repeat(400) + '```';
    expect(isCheapMarkdown(code)).toBe(true);
    expect(isCheapMarkdown('*a'.repeat(MAX_MARKDOWN_DELIMITER_RUNS))).toBe(true);
    expect(isCheapMarkdown('*a'.repeat(MAX_MARKDOWN_DELIMITER_RUNS + 1))).toBe(false);
  });
});
