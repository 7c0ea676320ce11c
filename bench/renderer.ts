/**
 * Scenario (d): the real renderer in Chromium through the harness (built core, built renderer, scripted agents):
 * long tasks and the longest task while 200k chunks stream into one message, time from a card's bridge event
 * arriving in the page to the card painted (20 cards during that stream), heap after GC with the whole
 * transcript, and key-to-paint latency while typing with 500 requests pending.
 */
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Harness } from '../electron/harness/server';
import playwrightConfig from '../playwright.config';
import { INGEST_CHUNKS } from './ingest';
// @ts-expect-error -- a plain .mjs fixture shared with the scripted agent; its shapes are documented there.
import { chunkText } from '../test/fixtures/bench-lines.mjs';
import { BENCH_AGENT } from './agents';
import { launchOptionsFor, type BenchBrowser } from './browser';
import { summarize, waitFor } from './stats';
import { describeLongTask, type LongFrame, type RendererResult } from './renderer-result';

export type { RendererResult } from './renderer-result';
export { poolRendererRounds } from './renderer-result';

/** Cards sent during the stream, and how many requests wait while typing. */
const STREAM_CARDS = 20;
export const TYPING_PENDING = 500;
/** The flood guard lets one agent keep at most 200 pending, so the 500 come from three agents. */
const PENDING_AGENTS = 3;
const TYPED = 'the quick brown fox jumps over the lazy dog';
const STREAM_TIMEOUT_MS = 180_000;

/** `which` browser (bench/browser.ts), with the e2e suite's flags for this machine's closed network (playwright.config.ts). */
export async function launchChromium(which: BenchBrowser): Promise<Browser> {
  const e2e = playwrightConfig.projects?.find((p) => p.name === 'e2e');
  return chromium.launch(launchOptionsFor(which, e2e?.use?.launchOptions));
}

/** A script entry of a Long Animation Frame, as far as the bench reads it (Chromium 123+). */
interface LoafScript {
  invoker: string;
  startTime: number;
  duration: number;
  forcedStyleAndLayoutDuration: number;
}

/** Installed before the page's own scripts: records long tasks and the frames they fell in, card event arrivals and card paints. */
export function instrument(): void {
  const bench = {
    longTasks: [] as Array<{ start: number; duration: number }>,
    frames: [] as LongFrame[],
    takeRecords: () => {},
    /** performance.now() when the prompt was sent and when the whole reply had been drawn (set by the bench). */
    promptAt: Infinity,
    drawnAt: Infinity,
    arrived: new Map<number, number>(),
    painted: new Map<number, number>(),
    paintedTimer: new Map<number, number>(),
    keys: [] as number[],
  };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  const takeTasks = (entries: PerformanceEntryList) => {
    for (const entry of entries) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  };
  // The frames around long tasks, with the scripts that ran in them (Long Animation Frames), so a long task is reported
  // with what it was. Only frames over 50 ms: every long task lies in one. Chromium lists a frame's scripts of 5 ms or more.
  const takeFrames = (entries: PerformanceEntryList) => {
    for (const entry of entries as Array<PerformanceEntry & { renderStart: number; scripts: LoafScript[] }>) {
      if (entry.duration <= 50) continue;
      bench.frames.push({
        start: entry.startTime,
        duration: entry.duration,
        renderStart: entry.renderStart,
        scripts: entry.scripts.map((s) => ({ invoker: s.invoker, start: s.startTime, duration: s.duration, forcedLayout: s.forcedStyleAndLayoutDuration })),
      });
    }
  };
  const tasks = new PerformanceObserver((list) => takeTasks(list.getEntries()));
  tasks.observe({ type: 'longtask', buffered: true });
  const frames = new PerformanceObserver((list) => takeFrames(list.getEntries()));
  frames.observe({ type: 'long-animation-frame', buffered: true });
  // Entries not yet delivered to the callbacks, taken before the bench reads what was recorded.
  bench.takeRecords = () => {
    takeTasks(tasks.takeRecords());
    takeFrames(frames.takeRecords());
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        const data = typeof event.data === 'string' ? event.data : '';
        if (!data.includes('"Bench card ')) return;
        const at = performance.now();
        for (const match of data.matchAll(/"message":"Bench card (\d+)"/g)) if (!bench.arrived.has(Number(match[1]))) bench.arrived.set(Number(match[1]), at);
      });
    }
  };
  // A card put in the document is painted by the next frame: its animation-frame callbacks run before that frame's
  // layout and paint. It counts as painted when the frame after that begins (the main thread has finished painting
  // it). The earlier stamp, the first timer after the painting frame, is kept for comparison: while text streams,
  // React's scheduler and the socket keep other tasks queued, and a timer waited behind them for up to hundreds of
  // ms after the paint. Cards are found as they are inserted, not by a loop of animation-frame callbacks:
  // that loop kept the page drawing a frame every 16 ms, so it never had an idle moment as the app does, and it
  // read every card's text in each of those frames.
  const found = (card: Element) => {
    if (!card.getAttribute('aria-label')?.startsWith('Request from')) return;
    const match = /Bench card (\d+)/.exec(card.textContent ?? '');
    if (!match || bench.painted.has(Number(match[1]))) return;
    const n = Number(match[1]);
    bench.painted.set(n, -1);
    requestAnimationFrame(() => {
      requestAnimationFrame(() => bench.painted.set(n, performance.now()));
      setTimeout(() => bench.paintedTimer.set(n, performance.now()), 0);
    });
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        if (node.tagName === 'ARTICLE') found(node);
        else for (const card of Array.from(node.getElementsByTagName('article'))) found(card);
      }
    }
  }).observe(document, { childList: true, subtree: true });
  // Cards already in the document when this runs (none in the bench, which installs it before the page's scripts).
  for (const card of Array.from(document.getElementsByTagName('article'))) found(card);
  document.addEventListener(
    'keydown',
    (event) => {
      const down = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => bench.keys.push(performance.now() - down), 0));
    },
    true,
  );
}

/** The instrument as page script; `__name` is the helper tsx's compiler inserts into named functions. */
export const INSTRUMENT_SCRIPT = `var __name = (f) => f; (${instrument.toString()})();`;

async function heapAfterGcMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** One renderer run on a fresh harness. */
export async function benchRenderer(browser: Browser, log: (line: string) => void): Promise<RendererResult> {
  const { startHarness } = (await import(resolve('out/harness/core.js'))) as { startHarness: (o: object) => Promise<Harness> };
  const agents = Array.from({ length: PENDING_AGENTS }, (_, i) => ({
    id: `bench-${i}`,
    name: `Bench agent ${i}`,
    command: process.execPath,
    args: [BENCH_AGENT],
    env: { BENCH_PROTOCOL: '2' },
  }));
  // BENCH_RENDERER_DIR serves another build of the renderer (e.g. an older commit's out/renderer) against this core,
  // so a renderer change can be told apart from a core change in paired runs on the same machine (docs/performance.md).
  const rendererDir = process.env.BENCH_RENDERER_DIR;
  // The page first: a browser that has gone away (a reference that failed) fails here, before a harness or agent starts.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  let harness: Harness;
  try {
    harness = await startHarness({ config: { agents, urlMode: 'off' }, defaultCwd: '/tmp', ...(rendererDir ? { rendererDir } : {}) });
  } catch (error) {
    await page.close();
    throw error;
  }
  if (rendererDir) log(`  renderer served from ${rendererDir}`);
  try {
    await page.addInitScript({ content: INSTRUMENT_SCRIPT });
    await page.goto(harness.pageUrl);
    const sidebar = page.getByRole('navigation', { name: 'Agents' });
    await sidebar.getByRole('button', { name: /^Bench agent 0/ }).click();
    await sidebar.getByText('Ready').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'New session' }).click();
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill(`stream ${INGEST_CHUNKS} cards ${STREAM_CARDS}`);
    const started = performance.now();
    await page.evaluate(() => ((window as unknown as { __bench: { promptAt: number } }).__bench.promptAt = performance.now()));
    await composer.press('Enter');
    await waitFor('the stream to end in the core', () => harness.hub.snapshot().sessions.every((s) => !s.promptInFlight), STREAM_TIMEOUT_MS, 50);
    // The turn's end arrives after all its text (events keep their order): not busy = every chunk received.
    // Waited for by polling one attribute, so Playwright's own work in the page stays out of the long tasks.
    await waitFor('the turn to end in the page', async () => page.evaluate(() => !document.querySelector('[role="log"][aria-busy]')), STREAM_TIMEOUT_MS, 250);
    // Streamed text is drawn at a lower priority (a deferred value) than the turn's end: wait for all of it.
    // The reply ends with a paragraph of its last 40 chunks (bench-lines.mjs). The log is pinned to its end, so
    // that paragraph is drawn once everything before it is; counting paragraphs no longer works, because each
    // card's inline record splits the reply into entries the virtual list draws only near the view.
    const lastParagraph = Array.from({ length: 40 }, (_, k) => chunkText(INGEST_CHUNKS - 40 + k) as string).join('').trim();
    await waitFor(
      'the whole reply to be drawn',
      async () => page.evaluate((want) => Array.from(document.querySelectorAll('[role="log"] .md p')).at(-1)?.textContent?.trim() === want, lastParagraph),
      STREAM_TIMEOUT_MS,
      250,
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    const streamMs = performance.now() - started;
    const recorded = await page.evaluate(() => {
      type Stamps = Map<number, number>;
      type Task = { start: number; duration: number };
      const b = (window as unknown as { __bench: { longTasks: Task[]; frames: LongFrame[]; takeRecords: () => void; promptAt: number; drawnAt: number; arrived: Stamps; painted: Stamps; paintedTimer: Stamps } }).__bench;
      b.drawnAt = performance.now();
      b.takeRecords();
      // No named helper here: tsx would wrap it in a `__name` call the page does not have.
      const [cards, cardsTimer] = [b.painted, b.paintedTimer].map((stamps) => [...b.arrived].map(([n, at]) => (stamps.get(n) ?? -1) - at).filter((ms) => ms >= 0));
      const streaming = b.longTasks.filter((t) => t.start >= b.promptAt && t.start <= b.drawnAt);
      return {
        longTasks: streaming.map((t) => t.duration),
        streamingTasks: streaming,
        frames: b.frames.filter((f) => streaming.some((t) => t.start < f.start + f.duration && t.start + t.duration > f.start)),
        beforePrompt: b.longTasks.filter((t) => t.start < b.promptAt).map((t) => t.duration),
        cards,
        cardsTimer,
        missing: b.arrived.size - cards.length,
        chars: document.querySelector('[role="log"]')?.textContent?.length ?? 0,
      };
    });
    log(`  renderer stream: ${streamMs.toFixed(0)} ms, ${recorded.cards.length} cards timed`);
    if (recorded.cards.length < STREAM_CARDS) log(`  (${STREAM_CARDS - recorded.cards.length} cards not timed: arrived ${recorded.cards.length + recorded.missing})`);
    const heap = await heapAfterGcMb(page);

    // 500 pending across three agents, then typing in the first one's session.
    const per = Math.ceil(TYPING_PENDING / PENDING_AGENTS);
    const first = harness.hub.snapshot().sessions[0].sessionKey;
    const keys = [first];
    for (let i = 1; i < PENDING_AGENTS; i++) keys.push(((await harness.hub.invoke('newSession', { agentId: `bench-${i}`, cwd: '/tmp' })) as { sessionKey: string }).sessionKey);
    await Promise.all(keys.map((sessionKey, i) => harness.hub.invoke('prompt', { sessionKey, text: `pending ${i === 0 ? TYPING_PENDING - per * (PENDING_AGENTS - 1) : per}` })));
    await waitFor(`${TYPING_PENDING} pending requests`, () => harness.hub.snapshot().queue.filter((q) => q.state === 'pending').length >= TYPING_PENDING + STREAM_CARDS, 60_000, 100);
    await waitFor('the pending turns to end', () => harness.hub.snapshot().sessions.every((s) => !s.promptInFlight), 60_000, 50);
    await page.evaluate(() => ((window as unknown as { __bench: { keys: number[] } }).__bench.keys.length = 0));
    await composer.click();
    await composer.pressSequentially(TYPED, { delay: 40 });
    await page.waitForTimeout(200);
    const keysMs = await page.evaluate(() => (window as unknown as { __bench: { keys: number[] } }).__bench.keys);
    return {
      streamMs,
      longTasks: recorded.longTasks.filter((ms) => ms > 50).length,
      longestTaskMs: Math.max(0, ...recorded.longTasks),
      longTaskMs: summarize(recorded.longTasks),
      longTaskSamplesMs: recorded.longTasks,
      longTaskCauses: recorded.streamingTasks.filter((t) => t.duration > 50).map((t) => describeLongTask(t, recorded.frames)),
      beforePromptLongTasks: recorded.beforePrompt.filter((ms) => ms > 50).length,
      beforePromptLongestMs: Math.max(0, ...recorded.beforePrompt),
      cardPaintMs: summarize(recorded.cards),
      cardPaintSamplesMs: recorded.cards,
      cardPaintTimerMs: summarize(recorded.cardsTimer),
      cardPaintTimerSamplesMs: recorded.cardsTimer,
      heapAfterGcMb: heap,
      typingMs: summarize(keysMs),
      typingSamplesMs: keysMs,
      transcriptChars: recorded.chars,
    };
  } finally {
    // Closing a page whose browser has gone throws; the harness and its agents are closed regardless.
    await page.close().catch(() => {});
    await harness.close();
  }
}
