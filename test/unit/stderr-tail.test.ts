import { describe, expect, it } from 'vitest';
import { STDERR_TAIL_LINES, stderrTail } from '../../electron/core/agents/stderr-tail';
import { MIN_WITHHELD_SECRET_START_CHARS, quoteForUser, redactLogLine } from '../../electron/core/agents/redact';

// spec E-PRIV-1: the stderr lines shown beside a failed start are bounded and carry no secret.

describe('the stderr tail shown with a failed start', () => {
  it('redacts keys, the agents’ env values and URL paths, escapes control characters and skips blank lines', () => {
    const key = 'sk-ant-api03-' + 'k'.repeat(30);
    const tail = stderrTail(`key ${key}\r\nmine is hunter2hunter2\n\n  \nsee https://example.com/cb?code=secret123\nbell\u0007`, ['hunter2hunter2']);
    expect(tail).toEqual(['key ‹redacted›', 'mine is ‹redacted›', 'see https://example.com/…', 'bell\\x07']);
  });

  it('keeps only the last lines, and nothing when the agent wrote nothing', () => {
    const text = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    expect(stderrTail(text, [])).toEqual(Array.from({ length: STDERR_TAIL_LINES }, (_, i) => `line ${50 - STDERR_TAIL_LINES + i}`));
    expect(stderrTail('\n \n', [])).toEqual([]);
  });
});

describe('a line an agent wrote, quoted in a sentence (spec E-PRIV-1)', () => {
  it('is redacted whole before it is cut, so no start of a secret shows', () => {
    const secret = 'Zq9SECRETvalue-0123456789';
    expect(quoteForUser(`${'x'.repeat(100)} key ${secret} tail`, [secret], 120)).toBe(`${'x'.repeat(100)} key ‹redacted› tail`);
  });

  it('drops a trailing start of a secret that the agent-side bound cut off', () => {
    const secret = 'Zq9SECRETvalue-0123456789';
    expect(quoteForUser(`key ${secret.slice(0, 9)}`, [secret], 120)).toBe('key …');
    expect(quoteForUser('plain usage line', [secret], 120)).toBe('plain usage line');
  });

  it('withholds a trailing start of a secret only from MIN_WITHHELD_SECRET_START_CHARS characters on', () => {
    const secret = 'Zq9SECRETvalue-0123456789';
    const long = secret.slice(0, MIN_WITHHELD_SECRET_START_CHARS);
    const short = secret.slice(0, MIN_WITHHELD_SECRET_START_CHARS - 1);
    expect(quoteForUser(`key ${long}`, [secret], 120)).toBe('key …');
    expect(quoteForUser(`key ${short}`, [secret], 120)).toBe(`key ${short}`);
    // A word that merely ends in a secret's first letter keeps it.
    expect(quoteForUser('usage: agent [options]', ['s3cr3t-value'], 120)).toBe('usage: agent [options]');
    expect(quoteForUser('unknown options', ['s3cr3t-value'], 120)).toBe('unknown options');
  });
});

describe('a log line built from agent text', () => {
  it('escapes bidi controls, C1 controls and zero-width marks, so it reads as what it holds', () => {
    expect(redactLogLine('file evil\u202Eexe.txt \u2066iso\u2069 c1\u0085 zw\u200Bsp \u2028')).toBe(
      'file evil\\u{202e}exe.txt \\u{2066}iso\\u{2069} c1\\x85 zw\\u{200b}sp \\u{2028}',
    );
    expect(redactLogLine('tab\there\nnext\u0000')).toBe('tab here\\nnext\\x00');
  });
});
