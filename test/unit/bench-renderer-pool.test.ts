import { describe, expect, it } from 'vitest';
import { poolRendererRounds, type RendererResult } from '../../bench/renderer-result';
import { summarize } from '../../bench/stats';

/** One round's result with the given cards, long tasks and keys (ms); the rest plausible and fixed. */
function round(cards: number[], longTasks: number[], keys: number[], heapAfterGcMb = 12): RendererResult {
  return {
    streamMs: 2400,
    longTasks: longTasks.filter((ms) => ms > 50).length,
    longestTaskMs: Math.max(0, ...longTasks),
    longTaskMs: summarize(longTasks),
    longTaskSamplesMs: longTasks,
    beforePromptLongTasks: 1,
    beforePromptLongestMs: 80,
    cardPaintMs: summarize(cards),
    cardPaintSamplesMs: cards,
    cardPaintTimerMs: summarize(cards),
    cardPaintTimerSamplesMs: cards,
    heapAfterGcMb,
    typingMs: summarize(keys),
    typingSamplesMs: keys,
    transcriptChars: 390_000,
  };
}

// Issue 13, scope 1: the card-paint target is a p95; one round's is its second-slowest card of 20, so the figure of
// record pools every card of every round, and a long task or a large heap in any round counts.
describe('the renderer bench pooling its rounds', () => {
  it('takes the p95 over every card, the longest task and largest heap of any round, and sums the long tasks', () => {
    const slow = Array.from({ length: 20 }, (_, i) => (i === 0 ? 140 : i === 1 ? 90 : 30));
    const quick = Array.from({ length: 20 }, () => 25);
    const pooled = poolRendererRounds([round(slow, [60], [10, 12], 14), round(quick, [], [11]), round(quick, [55, 40], [13])]);
    expect(pooled.cardPaintMs.n).toBe(60);
    expect(pooled.cardPaintMs.p95).toBe(summarize([...slow, ...quick, ...quick]).p95);
    expect(pooled.cardPaintMs.p95).toBeLessThan(round(slow, [], []).cardPaintMs.p95);
    expect(pooled.cardPaintP95ByRoundMs).toEqual([round(slow, [], []).cardPaintMs.p95, 25, 25]);
    expect(pooled.longestTaskMs).toBe(60);
    expect(pooled.longTasks).toBe(2);
    expect(pooled.heapAfterGcMb).toBe(14);
    expect(pooled.typingMs.n).toBe(4);
    expect(pooled.rounds).toBe(3);
  });

  it('refuses to pool nothing', () => {
    expect(() => poolRendererRounds([])).toThrow(/no rounds/);
  });
});
