/**
 * Syntax errors in JSON the user wrote (agents.json, a Zed settings.json) told in words: "Line 3, column 16:
 * expected a comma." instead of a parser's code and character offset.
 *
 * jsonc-parser finds the error and its offset (it tolerates comments and trailing commas when asked, as Zed
 * does); this module only turns the offset into a line and column and the code into a phrase.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { cutText } from '../../../shared/cut-text';

/**
 * What each of jsonc-parser's error codes means, as the end of a sentence, by the code's name
 * (`printParseErrorCode`; the codes are a const enum, which isolated modules cannot read).
 */
const PHRASES: Record<string, string> = {
  // Replaced by the text found there (see symbolAt); this is for an offset past the end.
  InvalidSymbol: 'unexpected text',
  InvalidNumberFormat: 'this is not a valid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected a colon after the property name',
  CommaExpected: 'expected a comma',
  CloseBraceExpected: 'expected a closing }',
  CloseBracketExpected: 'expected a closing ]',
  EndOfFileExpected: 'expected the end of the file (there is more after the last value)',
  InvalidCommentToken: 'comments are not allowed here',
  UnexpectedEndOfComment: 'this comment is never closed with */',
  UnexpectedEndOfString: 'this string is never closed with "',
  UnexpectedEndOfNumber: 'this number ends too early',
  InvalidUnicode: 'this \\u escape is not four hexadecimal digits',
  InvalidEscapeCharacter: 'this backslash escape is not valid in JSON',
  InvalidCharacter: 'a string cannot contain a line break or control character here',
};

/**
 * 1-based line and column of `offset` (UTF-16 code units, as jsonc-parser counts) in `text`. `\r\n`, `\n` and `\r`
 * each end a line; a tab counts as one column.
 */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */ || (c === 13 /* \r */ && text.charCodeAt(i + 1) !== 10)) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: at - lineStart + 1 };
}

/** Longest stray word quoted back in an "unexpected …" sentence, in characters. */
const MAX_SYMBOL_CHARS = 20;

/** The stray word at `offset` (up to whitespace or punctuation JSON uses), at most MAX_SYMBOL_CHARS long. */
function symbolAt(text: string, offset: number): string {
  const word = /^[^\s{}[\]:,"]+/.exec(text.slice(offset, offset + MAX_SYMBOL_CHARS + 1))?.[0] ?? text.charAt(offset);
  return cutText(word, MAX_SYMBOL_CHARS);
}

/**
 * "Line 3, column 16: expected a comma." for one parser error in `text`; a stray word is quoted back
 * ("Line 1, column 7: unexpected “tru”.") so the user can find it.
 */
export function describeJsonError(text: string, error: Pick<ParseError, 'error' | 'offset'>): string {
  const { line, column } = lineAndColumn(text, error.offset);
  const name = printParseErrorCode(error.error);
  const symbol = name === 'InvalidSymbol' ? symbolAt(text, error.offset) : '';
  const phrase = symbol ? `unexpected “${symbol}”` : (PHRASES[name] ?? 'the JSON is not valid');
  return `Line ${line}, column ${column}: ${phrase}.`;
}

/** How strict to be: agents.json is plain JSON; Zed's settings allow comments and trailing commas. */
export interface JsonDialect {
  comments: boolean;
  trailingCommas: boolean;
}

/**
 * The first syntax error of `text` in words ({@link describeJsonError}), or undefined when it parses.
 * Never throws (a parser that runs out of stack on absurd nesting is reported as unreadable).
 */
export function firstJsonError(text: string, dialect: JsonDialect): string | undefined {
  const errors: ParseError[] = [];
  try {
    parse(text, errors, { disallowComments: !dialect.comments, allowTrailingComma: dialect.trailingCommas, allowEmptyContent: false });
  } catch {
    return 'It is nested too deeply to be read.';
  }
  return errors.length ? describeJsonError(text, errors[0]) : undefined;
}
