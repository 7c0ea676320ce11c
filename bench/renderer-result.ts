/**
 * What one round of the renderer scenario measures (bench/renderer.ts), and rounds pooled into the figure of record.
 * Plain data and arithmetic, no DOM, so it is unit-tested in Node.
 */
import { summarize, type Summary } from './stats';

export interface RendererResult {
  streamMs: number;
  /**
   * Long tasks (over 50 ms) that began while the stream was on: from the prompt sent to the whole reply drawn. That
   * is the target's window ("while 200k chunks stream"); the page's load, first render and opening the session
   * come before it and are counted apart in `beforePrompt*`.
   */
  longTasks: number;
  longestTaskMs: number;
  /** Every long task of that window (the Long Tasks API reports only tasks over 50 ms). */
  longTaskMs: Summary;
  /** Those tasks' durations (ms), so rounds can be pooled ({@link poolRendererRounds}). */
  longTaskSamplesMs: number[];
  /** Long tasks before the prompt: page load, first render, the agent list, opening the session. */
  beforePromptLongTasks: number;
  beforePromptLongestMs: number;
  cardPaintMs: Summary;
  /** Each card's figure (ms, in card order), so paired runs can be pooled (docs/performance.md, session 21). */
  cardPaintSamplesMs: number[];
  /** The same cards stamped by the first timer after the frame that drew them (the method before 23:30 UTC). */
  cardPaintTimerMs: Summary;
  cardPaintTimerSamplesMs: number[];
  heapAfterGcMb: number;
  typingMs: Summary;
  /** Each key's figure (ms), so rounds can be pooled. */
  typingSamplesMs: number[];
  /** Characters of transcript text drawn when the stream had been drawn in full. */
  transcriptChars: number;
  /** How many rounds (each a fresh harness and page) these figures pool, and each round's card paint p95 (ms). */
  rounds?: number;
  cardPaintP95ByRoundMs?: number[];
}

/**
 * Rounds of {@link benchRenderer} as one result: every card, long task and key of every round pooled into one
 * median and p95, the longest task and the largest heap of any round, task counts summed. A p95 of one round's 20
 * cards is its second-slowest card: on this 2-core machine the same build gave 52 to 95 ms from one run to the next
 * (issue 13, session 25), so the figure of record pools several.
 * @throws Error when given no rounds.
 */
export function poolRendererRounds(rounds: RendererResult[]): RendererResult {
  const last = rounds.at(-1);
  if (!last) throw new Error('poolRendererRounds: no rounds');
  const all = (pick: (round: RendererResult) => number[]) => rounds.flatMap(pick);
  const cards = all((r) => r.cardPaintSamplesMs);
  const longTasks = all((r) => r.longTaskSamplesMs);
  const keys = all((r) => r.typingSamplesMs);
  const timerCards = all((r) => r.cardPaintTimerSamplesMs);
  return {
    streamMs: summarize(rounds.map((r) => r.streamMs)).median,
    longTasks: rounds.reduce((sum, r) => sum + r.longTasks, 0),
    longestTaskMs: Math.max(...rounds.map((r) => r.longestTaskMs)),
    longTaskMs: summarize(longTasks),
    longTaskSamplesMs: longTasks,
    beforePromptLongTasks: rounds.reduce((sum, r) => sum + r.beforePromptLongTasks, 0),
    beforePromptLongestMs: Math.max(...rounds.map((r) => r.beforePromptLongestMs)),
    cardPaintMs: summarize(cards),
    cardPaintSamplesMs: cards,
    cardPaintTimerMs: summarize(timerCards),
    cardPaintTimerSamplesMs: timerCards,
    heapAfterGcMb: Math.max(...rounds.map((r) => r.heapAfterGcMb)),
    typingMs: summarize(keys),
    typingSamplesMs: keys,
    transcriptChars: last.transcriptChars,
    rounds: rounds.length,
    cardPaintP95ByRoundMs: rounds.map((r) => r.cardPaintMs.p95),
  };
}
