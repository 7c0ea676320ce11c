import { describe, expect, it } from 'vitest';
import { describeJsonError, firstJsonError, lineAndColumn } from '../../electron/core/config/json-errors';
import type { ParseErrorCode } from 'jsonc-parser';

// Invalid JSON names the line and column in words, never a parser code and a character offset.

describe('JSON syntax errors in words', () => {
  it('counts lines and columns from 1, whatever the line endings', () => {
    expect(lineAndColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab\rcd', 3)).toEqual({ line: 2, column: 1 });
    // An offset past the end is the end.
    expect(lineAndColumn('ab', 99)).toEqual({ line: 1, column: 3 });
  });

  it('says where a comma is missing, on which line and column', () => {
    const text = '{\n  "agents": [\n    { "id": "x" "name": "X" }\n  ]\n}';
    expect(firstJsonError(text, { comments: false, trailingCommas: false })).toBe('Line 3, column 17: expected a comma.');
  });

  it('quotes a stray word back instead of "InvalidSymbol"', () => {
    expect(firstJsonError('{ "a": tru }', { comments: false, trailingCommas: false })).toBe('Line 1, column 8: unexpected “tru”.');
    expect(firstJsonError('{ a: 1 }', { comments: false, trailingCommas: false })).toBe('Line 1, column 3: unexpected “a”.');
    const long = `{ "a": ${'x'.repeat(100)} }`;
    expect(firstJsonError(long, { comments: false, trailingCommas: false })).toBe(`Line 1, column 8: unexpected “${'x'.repeat(19)}…”.`);
  });

  it('follows the dialect: comments and trailing commas are errors in plain JSON only', () => {
    const text = '{\n  // mine\n  "a": [1,],\n}';
    expect(firstJsonError(text, { comments: true, trailingCommas: true })).toBeUndefined();
    expect(firstJsonError(text, { comments: false, trailingCommas: true })).toBe('Line 2, column 3: comments are not allowed here.');
  });

  it('names the end of the file when it stops early, and an unclosed string', () => {
    expect(firstJsonError('{ "agent_servers": ', { comments: true, trailingCommas: true })).toBe('Line 1, column 20: expected a value.');
    expect(describeJsonError('{ "a": "b', { error: 12 as ParseErrorCode /* UnexpectedEndOfString */, offset: 7 })).toBe('Line 1, column 8: this string is never closed with ".');
  });
});
