import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../electron/core/json-depth';

// Issue 8 scope 2 (budgets.ts MAX_JSON_DEPTH): every message's nesting is bounded before anything walks it.
const nested = (levels: number, wrap: (inner: unknown) => unknown) => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = wrap(value);
  return value;
};

describe('the nesting check', () => {
  it('counts objects and arrays as one level each and scalars as none', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan(nested(64, (v) => ({ a: v })), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65, (v) => [v]), 64)).toBe(true);
  });

  it('finds a deep value in any branch, not only the first', () => {
    expect(nestsDeeperThan({ a: 1, b: [2, 3], c: { d: nested(70, (v) => ({ x: v })) } }, 64)).toBe(true);
  });

  it('sees a value hidden under a "__proto__" key, as JSON.parse makes it', () => {
    const message = JSON.parse(`{"params":{"__proto__":${'['.repeat(100)}${']'.repeat(100)}}}`) as object;
    expect(nestsDeeperThan(message, 64)).toBe(true);
  });

  it('counts keys inherited from a polluted prototype too, so it can only find more levels, never fewer', () => {
    const message = Object.create({ inherited: nested(70, (v) => ({ x: v })) }) as Record<string, unknown>;
    message.own = { a: 1 };
    expect(nestsDeeperThan(message, 64)).toBe(true);
  });

  it('checks a 100 000-level value without running out of stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(nestsDeeperThan(deep, 64)).toBe(true);
  });
});
