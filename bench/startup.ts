/**
 * Scenario (e): start-up — from spawning the harness (built JavaScript, `out/harness/cli.js`) to the agent list
 * painted in an already-open Chromium page, against `node -e ''` spawned in the same interleaved rounds (what
 * any Node process costs to start on this machine now).
 */
import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
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
}

/** Spawn of the harness → the agent list painted (the agent's name visible in the sidebar), in ms. */
async function harnessStart(browser: Browser, configPath: string): Promise<StartTimes> {
  const page = await browser.newPage();
  const start = performance.now();
  const child = spawn(process.execPath, [resolve('out/harness/cli.js'), '--config', configPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const pageUrl = await within(
      'the harness to listen',
      new Promise<string>((done, fail) => {
        let out = '';
        child.stdout!.on('data', (data: Buffer) => {
          out += String(data);
          const match = /^open (\S+)$/m.exec(out);
          if (match) done(match[1]);
        });
        child.once('exit', (code) => fail(new Error(`bench: the harness exited with ${code}`)));
      }),
      START_TIMEOUT_MS,
    );
    const listening = performance.now();
    await page.goto(pageUrl);
    await page.getByRole('navigation', { name: 'Agents' }).getByRole('button', { name: /^Bench agent/ }).first().waitFor({ timeout: START_TIMEOUT_MS });
    // The frame that shows it: wait for it to be painted.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    const painted = performance.now();
    return { total: painted - start, listen: listening - start, page: painted - listening };
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
  await harnessStart(browser, configPath); // warm the disk cache and Chromium once, not counted
  for (let round = 0; round < rounds; round++) {
    const h = round % 2 === 0 ? await harnessStart(browser, configPath) : undefined;
    const n = await nodeAnchor();
    const h2 = h ?? (await harnessStart(browser, configPath));
    harness.push(h2.total);
    listen.push(h2.listen);
    page.push(h2.page);
    node.push(n);
    ratios.push(h2.total / n);
  }
  return { harness: summarize(harness), listen: summarize(listen), page: summarize(page), node: summarize(node), ratio: summarize(ratios).median };
}
