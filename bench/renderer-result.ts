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
  /** What each long task of that window was, in words ({@link describeLongTask}); empty when there was none. */
  longTaskCauses: string[];
  /** Long tasks before the prompt: page load, first render, the agent list, opening the session. */
  beforePromptLongTasks: number;
  beforePromptLongestMs: number;
  cardPaintMs: Summary;
  /** Each card's figure (ms, in card order), so paired runs can be pooled (docs/performance.md, "Method"). */
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
 *, so the figure of record pools several.
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
    longTaskCauses: rounds.flatMap((r) => r.longTaskCauses),
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

/** A Long Animation Frame over 50 ms as the page recorded it (performance.now() ms): the frame and the scripts in it. */
export interface LongFrame {
  start: number;
  duration: number;
  /** When the frame's rendering (rAF callbacks, style, layout, paint) began; 0 when it rendered nothing. */
  renderStart: number;
  scripts: Array<{ invoker: string; start: number; duration: number; forcedLayout: number }>;
}

/**
 * One long task in words, from the frame recorded around it: its length, the scripts that began inside it (by invoker,
 * e.g. `DOMWebSocket.onmessage` for a bridge message, `MessagePort.onmessage` for React's scheduler), the layout they
 * forced, and the rest. Chromium lists only a frame's scripts of 5 ms or more, so the rest is shorter scripts as well
 * as style, layout, paint, garbage collection, the browser's own work, and time the thread waited for a core (a
 * task's length is wall-clock time, and on a busy machine the thread can be taken off the CPU mid-task). For example
 * "64 ms: DOMWebSocket.onmessage 38 ms; 26 ms outside scripts of 5 ms or more (rendering from 40 ms)".
 */
export function describeLongTask(task: { start: number; duration: number }, frames: LongFrame[]): string {
  const length = `${Math.round(task.duration)} ms`;
  // Entries are rounded to 0.1 ms or coarser; a listed script is 5 ms or more, so one from an earlier task cannot
  // begin within this tolerance of the task's start.
  const frame = frames.find((f) => f.start <= task.start + 1 && task.start < f.start + f.duration);
  if (!frame) return `${length}: no frame recorded around it`;
  const end = task.start + task.duration;
  const byInvoker = new Map<string, { ms: number; forced: number }>();
  for (const script of frame.scripts) {
    if (script.start < task.start - 1 || script.start >= end) continue;
    const seen = byInvoker.get(script.invoker) ?? { ms: 0, forced: 0 };
    byInvoker.set(script.invoker, { ms: seen.ms + script.duration, forced: seen.forced + script.forcedLayout });
  }
  const scripts = [...byInvoker].sort((a, b) => b[1].ms - a[1].ms);
  const inScripts = scripts.reduce((sum, [, s]) => sum + s.ms, 0);
  const parts = scripts.map(([invoker, s]) => `${invoker} ${Math.round(s.ms)} ms${s.forced >= 1 ? ` (${Math.round(s.forced)} forced layout)` : ''}`);
  const rest = Math.max(0, task.duration - inScripts);
  if (rest >= 1 || parts.length === 0) {
    const rendering = frame.renderStart > 0 && frame.renderStart < end ? ` (rendering from ${Math.round(Math.max(0, frame.renderStart - task.start))} ms)` : '';
    parts.push(`${Math.round(rest)} ms outside scripts of 5 ms or more${rendering}`);
  }
  return `${length}: ${parts.join('; ')}`;
}
