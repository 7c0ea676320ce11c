/**
 * Scenario (e): start-up — from spawning the harness (built JavaScript, `out/harness/cli.js`) to the agent list
 * painted in an already-open Chromium page, against `node -e ''` spawned in the same interleaved rounds (what
 * any Node process costs to start on this machine now).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { BENCH_AGENT } from './agents';
import { summarize, within, type Summary } from './stats';

const START_TIMEOUT_MS = 20_000;

/** Spawn → exit of `node -e ''`, in ms. */
async function nodeAnchor(): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await within("node -e ''", new Promise((done) => child.once('exit', done)), START_TIMEOUT_MS);
  return performance.now() - start;
}

/** One start: spawn → painted, and its two parts (ms). */
interface StartTimes {
  total: number;
  /** Spawn → the harness printed its address: the core's start (module loading, hub start). */
  listen: number;
  /** The page opened on that address → the agent list painted: the renderer's load and first render, plus main's answers. */
  page: number;
  /**
   * CPU time (user + system, ms) the harness had used when it printed its address: its own work, which waiting for
   * a core does not add to (other load still slows it some, through shared caches). NaN where /proc is missing.
   */
  cpuAtAddress: number;
}

/** CPU time (user + system) process `pid` has used so far, in ms (Linux /proc; USER_HZ 100), or NaN. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Installed before the page's own scripts: stamps (epoch ms, `performance.timeOrigin + now()`) the frame that first
 * shows the agent named `name` in the Agents list: after the animation frame that follows the DOM change, so that
 * frame has been painted. Stamped in the page because Playwright's `waitFor` polls at 0, 20, 50, 100, 100, then
 * every 500 ms (playwright-core `retryWithProgressAndBackoff`), which added up to 500 ms to a page that takes
 * longer than ~270 ms to show the list.
 */
function stampListPainted(name: string): void {
  const observer = new MutationObserver(() => {
    // No named helper here: tsx would wrap it in a `__name` call the page does not have.
    if (!Array.from(document.querySelectorAll('nav[aria-label="Agents"] button')).some((b) => (b.textContent ?? '').startsWith(name))) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => ((window as unknown as { listPaintedAt: number }).listPaintedAt = performance.timeOrigin + performance.now()), 0));
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** Spawn of the harness → the agent list painted (the agent's name visible in the sidebar), in ms. */
async function harnessStart(browser: Browser, configPath: string): Promise<StartTimes> {
  const page = await browser.newPage();
  await page.addInitScript(stampListPainted, 'Bench agent');
  // Epoch ms on both sides: the page stamps with its own clock (same machine, same wall clock).
  const epoch = () => performance.timeOrigin + performance.now();
  const start = epoch();
  const child = spawn(process.execPath, [resolve('out/harness/cli.js'), '--config', configPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  let cpuAtAddress = Number.NaN;
  try {
    const pageUrl = await within(
      'the harness to listen',
      new Promise<string>((done, fail) => {
        let out = '';
        child.stdout!.on('data', (data: Buffer) => {
          out += String(data);
          const match = /^open (\S+)$/m.exec(out);
          if (!match) return;
          cpuAtAddress = cpuMsOf(child.pid);
          done(match[1]);
        });
        child.once('exit', (code) => fail(new Error(`bench: the harness exited with ${code}`)));
      }),
      START_TIMEOUT_MS,
    );
    const listening = epoch();
    await page.goto(pageUrl);
    await page.getByRole('navigation', { name: 'Agents' }).getByRole('button', { name: /^Bench agent/ }).first().waitFor({ timeout: START_TIMEOUT_MS });
    const painted = (await (await page.waitForFunction(() => (window as unknown as { listPaintedAt?: number }).listPaintedAt, undefined, { timeout: START_TIMEOUT_MS })).jsonValue()) as number;
    return { total: painted - start, listen: listening - start, page: painted - listening, cpuAtAddress };
  } finally {
    child.kill('SIGTERM');
    await within('the harness to exit', new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done))), 10_000).catch(() => child.kill('SIGKILL'));
    await page.close();
  }
}

export interface StartupResult {
  harness: Summary;
  /** The two parts of `harness`: until the address is printed (core), and from there to the paint (page). */
  listen: Summary;
  page: Summary;
  node: Summary;
  /** Median of harness ÷ node per round. */
  ratio: number;
  /** The harness's CPU time when it printed its address (ms; see {@link StartTimes.cpuAtAddress}). */
  cpuAtAddress: Summary;
  /**
   * The bench's own garbage collections during the rounds: a pause here delays the bench seeing the address and
   * driving the page, and its collector threads take a core from the harness.
   */
  benchGc: { count: number; totalMs: number; longestMs: number };
}

/** `rounds` interleaved rounds of harness start and `node -e ''`. */
export async function benchStartup(browser: Browser, rounds: number): Promise<StartupResult> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-'));
  const configPath = join(dir, 'agents.json');
  writeFileSync(configPath, JSON.stringify({ agents: [{ id: 'bench', name: 'Bench agent', command: process.execPath, args: [BENCH_AGENT], env: {} }] }));
  const harness: number[] = [];
  const listen: number[] = [];
  const page: number[] = [];
  const node: number[] = [];
  const ratios: number[] = [];
  const cpu: number[] = [];
  await harnessStart(browser, configPath); // warm the disk cache and Chromium once, not counted
  const gcPauses: number[] = [];
  const gcObserver = new PerformanceObserver((list) => gcPauses.push(...list.getEntries().map((e) => e.duration)));
  gcObserver.observe({ entryTypes: ['gc'] });
  for (let round = 0; round < rounds; round++) {
    const h = round % 2 === 0 ? await harnessStart(browser, configPath) : undefined;
    const n = await nodeAnchor();
    const h2 = h ?? (await harnessStart(browser, configPath));
    harness.push(h2.total);
    listen.push(h2.listen);
    page.push(h2.page);
    node.push(n);
    ratios.push(h2.total / n);
    cpu.push(h2.cpuAtAddress);
  }
  // Entries are delivered asynchronously: let the last ones in before counting.
  await new Promise((done) => setImmediate(done));
  gcObserver.disconnect();
  return {
    harness: summarize(harness),
    listen: summarize(listen),
    page: summarize(page),
    node: summarize(node),
    ratio: summarize(ratios).median,
    cpuAtAddress: summarize(cpu.filter(Number.isFinite)),
    benchGc: { count: gcPauses.length, totalMs: gcPauses.reduce((sum, ms) => sum + ms, 0), longestMs: Math.max(0, ...gcPauses) },
  };
}
