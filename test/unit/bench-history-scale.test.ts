import { describe, expect, it } from 'vitest';
import { DEFAULT_HISTORY_SCALE, historyScale } from '../../bench/history';

// The history figures are taken on the store size the run reports. A value the bench cannot
// honour stops the run at its start, in one line, rather than giving a near-empty store a MET.
describe('the history bench reading its scale', () => {
  it('takes the default when HISTORY_BENCH_SCALE is unset or empty', () => {
    expect(historyScale({})).toBe(DEFAULT_HISTORY_SCALE);
    expect(historyScale({ HISTORY_BENCH_SCALE: ' ' })).toBe(DEFAULT_HISTORY_SCALE);
  });

  it('takes a scale from 0.02 to a whole year', () => {
    expect(historyScale({ HISTORY_BENCH_SCALE: '0.02' })).toBe(0.02);
    expect(historyScale({ HISTORY_BENCH_SCALE: '1' })).toBe(1);
  });

  it('refuses what is not a number, or a store the bench would not build as named', () => {
    for (const raw of ['abc', 'NaN', '0', '-1', '0.01', '1.5', 'Infinity']) {
      expect(() => historyScale({ HISTORY_BENCH_SCALE: raw })).toThrow(`bench: HISTORY_BENCH_SCALE must be a number from 0.02 to 1 (a year of use), not ${raw}`);
    }
  });
});
