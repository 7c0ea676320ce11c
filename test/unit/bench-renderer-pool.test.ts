import { describe, expect, it } from 'vitest';
import { describeLongTask, poolRendererRounds, type RendererResult } from '../../bench/renderer-result';
import { summarize } from '../../bench/stats';

/** One round's result with the given cards, long tasks and keys (ms); the rest plausible and fixed. */
function round(cards: number[], longTasks: number[], keys: number[], heapAfterGcMb = 12): RendererResult {
  return {
    streamMs: 2400,
    longTasks: longTasks.filter((ms) => ms > 50).length,
    longestTaskMs: Math.max(0, ...longTasks),
    longTaskMs: summarize(longTasks),
    longTaskSamplesMs: longTasks,
    longTaskCauses: longTasks.filter((ms) => ms > 50).map((ms) => `${ms} ms: something`),
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

// The card-paint target is a p95; one round's is its second-slowest card of 20, so the figure of
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
    expect(pooled.longTaskCauses).toEqual(['60 ms: something', '55 ms: something']);
    expect(pooled.heapAfterGcMb).toBe(14);
    expect(pooled.typingMs.n).toBe(4);
    expect(pooled.rounds).toBe(3);
  });

  it('refuses to pool nothing', () => {
    expect(() => poolRendererRounds([])).toThrow(/no rounds/);
  });
});

// A long task in the stream is reported with what it was, so a NOT MET says where to look.
describe('a long task described from the frame around it', () => {
  const frame = {
    start: 1000,
    duration: 90,
    renderStart: 1070,
    scripts: [
      { invoker: 'DOMWebSocket.onmessage', start: 1002, duration: 20, forcedLayout: 0 },
      { invoker: 'MessagePort.onmessage', start: 1025, duration: 12, forcedLayout: 6 },
      { invoker: 'DOMWebSocket.onmessage', start: 1040, duration: 18, forcedLayout: 0 },
      // Another task of the same frame, after the long one: not part of it.
      { invoker: 'TimerHandler:setTimeout', start: 1075, duration: 5, forcedLayout: 0 },
    ],
  };

  it('names the scripts inside the task, longest first, their forced layout, and the time no script accounts for', () => {
    expect(describeLongTask({ start: 1001, duration: 64 }, [frame])).toBe(
      '64 ms: DOMWebSocket.onmessage 38 ms; MessagePort.onmessage 12 ms (6 forced layout); 14 ms outside scripts of 5 ms or more',
    );
  });

  it('says when the frame rendered inside the task, and when no script ran at all', () => {
    const bare = { start: 2000, duration: 70, renderStart: 2010, scripts: [] };
    expect(describeLongTask({ start: 2000, duration: 60 }, [frame, bare])).toBe('60 ms: 60 ms outside scripts of 5 ms or more (rendering from 10 ms)');
  });

  it('says only that no frame was recorded when none was, claiming nothing about what ran', () => {
    expect(describeLongTask({ start: 5000, duration: 55 }, [frame])).toBe('55 ms: no frame recorded around it');
  });

  it('leaves out scripts of the same frame that began before the task', () => {
    const earlier = { ...frame, scripts: [{ invoker: 'TimerHandler:setTimeout', start: 1000, duration: 8, forcedLayout: 0 }, ...frame.scripts] };
    expect(describeLongTask({ start: 1010, duration: 55 }, [earlier])).toBe(
      '55 ms: DOMWebSocket.onmessage 18 ms; MessagePort.onmessage 12 ms (6 forced layout); 25 ms outside scripts of 5 ms or more',
    );
  });
});
