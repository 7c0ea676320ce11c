/**
 * `npm run bench`: Switchboard's speed and memory, measured against anchors in the same run.
 *
 * Every scenario drives the built app (`npm run build`: out/harness, out/renderer) against a real agent process,
 * the fast scripted agent in test/fixtures/bench-agent.mjs, side by side with its anchor (a bare SDK client, a
 * JSON.parse loop, `node -e ''`) in interleaved rounds. It prints a table of medians, p95s and ratios and each
 * target as met or not, and writes bench/results.json with the machine's description and a `targets` list.
 * Every loop is bounded in count and in time; the whole run stays under {@link RUN_BUDGET_MS}.
 *
 * Targets are measured here and only here: never in a timed test (BRIEF: speed targets live in the bench).
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release, platform, arch } from 'node:os';
import { resolve } from 'node:path';
import { benchBundle, type BundleResult } from './bundle';
import { chooseBenchBrowsers, failureLine, type BenchBrowser, type BenchBrowsers } from './browser';
import { benchElicitation, COLD_ROUNDS, PENDING_LOAD, type ElicitationCase } from './elicitation';
import { benchHistory, historyScale, OPEN_TARGET_MS, type HistoryBenchFigures } from './history';
import { benchIngest, INGEST_CHUNKS, type IngestResult } from './ingest';
import { benchRenderer, launchChromium, poolRendererRounds, TYPING_PENDING, type RendererResult } from './renderer';
import { Settler } from './settle';
import { benchStartup, type StartupResult } from './startup';
import type { Browser } from '@playwright/test';

/** A run counts as taken under load when the machine was busier than this share of its cores just before a scenario. */
const BUSY_BEFORE_A_SCENARIO = 0.25;
/** The whole run, start to results, must fit in this (≤ 10 minutes on this 2-core machine). */
const RUN_BUDGET_MS = 9 * 60_000;
/** Time budgets per scenario; each runs at least its minimum rounds, then stops once over budget. */
const BUDGET = { ingestV1: 45_000, ingestV2: 110_000, elicitation: 90_000 };
/** startupFirst: the start-up rounds taken before the other scenarios (not the target; see startupFirst below). */
const ROUNDS = { ingest: 5, elicitation: 3, renderer: 3, startup: 7, startupFirst: 5 };

/** The reference browser (full Chromium), open, and its figures, taken beside the judged ones and not judged. */
interface Reference {
  browser: BenchBrowser;
  running: Browser;
  version: string;
  startup?: StartupResult;
  renderer?: RendererResult;
}

interface Target {
  name: string;
  measured: number;
  target: string;
  met: boolean;
  /** How the measured figure was taken (units, statistic). */
  unit: string;
}

const log = (line: string) => console.log(line);

/**
 * Ends the run with one line saying why (a judged browser the bench cannot use): the bench's own message as it is,
 * anything else as `bench: <context>: <failureLine>`.
 */
function stopRun(error: unknown, context?: string): never {
  const own = error instanceof Error && error.message.startsWith('bench:');
  console.error(own ? error.message : `bench: ${context ? `${context}: ` : ''}${failureLine(error)}`);
  process.exit(1);
}

/** Launches the judged browser, or ends the run with one line saying why it could not. */
const launchJudged = (which: BenchBrowser): Promise<Browser> => launchChromium(which).catch((error: unknown) => stopRun(error, `could not launch ${which.label}`));

/** `step`'s value, or the run ended with one line saying why it threw (a bad argument, setting or browser). */
function orStop<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    return stopRun(error);
  }
}

/**
 * The code measured, read when the run starts (right after `npm run bench` built it): HEAD's commit and whether the
 * working tree differed from it, untracked files included (null outside a git checkout).
 */
function commitOf(): { sha: string; dirty: boolean } | null {
  const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    // The run's own record files do not count: a previous run leaves them changed.
    return { sha: git(['rev-parse', 'HEAD']), dirty: git(['status', '--porcelain', '--', '.', ':!bench/results.json', ':!bench/results.partial.json']) !== '' };
  } catch {
    return null;
  }
}
const runStarted = performance.now();

function ensureBuilt(): void {
  for (const file of ['out/harness/core.js', 'out/harness/cli.js', 'out/renderer/index.html']) {
    if (!existsSync(resolve(file))) throw new Error(`bench: ${file} is missing; run \`npm run build\` first (npm run bench does).`);
  }
}

function machine(load: number[]) {
  const cpu = cpus();
  return {
    platform: `${platform()} ${release()} ${arch()}`,
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    loadAverageAtStart: load.map((l) => Number(l.toFixed(2))),
  };
}

/** "1 long task", "2 long tasks": a count with its noun. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const pct = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

function targetsOf(ingest: IngestResult[], elicitation: ElicitationCase[], renderer?: RendererResult, startup?: StartupResult, bundle?: BundleResult, history?: HistoryBenchFigures): Target[] {
  const targets: Target[] = [];
  for (const r of ingest) {
    targets.push({ name: `ingest v${r.version} vs bare SDK`, measured: r.coreVsSdk, target: '≥ 0.95×', met: r.coreVsSdk >= 0.95, unit: 'throughput ratio, median of rounds' });
    targets.push({ name: `ingest v${r.version} vs JSON.parse`, measured: r.coreVsParse, target: '≥ 0.25×', met: r.coreVsParse >= 0.25, unit: 'throughput ratio, median of rounds' });
  }
  const v2 = ingest.find((r) => r.version === 2);
  if (v2?.commandLatency) {
    targets.push({ name: 'command latency during an unpaced v2 stream', measured: v2.commandLatency.p95, target: '≤ 16 ms p95', met: v2.commandLatency.p95 <= 16, unit: 'ms, p95' });
  }
  for (const c of elicitation) {
    targets.push({ name: `elicitation ${c.action} overhead, ${c.pending} pending`, measured: c.overheadP95Ms, target: '≤ 1 ms p95', met: c.overheadP95Ms <= 1, unit: `ms, p95(core) − p95(SDK), past each run's first ${count(COLD_ROUNDS, 'round trip')}` });
  }
  if (renderer) {
    targets.push({ name: `longest task while ${INGEST_CHUNKS / 1000}k chunks stream`, measured: renderer.longestTaskMs, target: '≤ 50 ms (no long task over 50 ms)', met: renderer.longestTaskMs <= 50, unit: `ms (${count(renderer.longTasks, 'task')} over 50 ms)` });
    targets.push({ name: 'card painted after its event, under that stream', measured: renderer.cardPaintMs.p95, target: '≤ 50 ms p95', met: renderer.cardPaintMs.p95 <= 50, unit: `ms, p95 of ${renderer.cardPaintMs.n} cards over ${renderer.rounds ?? 1} rounds` });
    targets.push({ name: 'renderer heap after GC, whole transcript', measured: renderer.heapAfterGcMb, target: '≤ 150 MB', met: renderer.heapAfterGcMb <= 150, unit: 'MB' });
    targets.push({ name: `typing with ${TYPING_PENDING} pending`, measured: renderer.typingMs.p95, target: '≤ 32 ms p95', met: renderer.typingMs.p95 <= 32, unit: 'ms key to paint, p95' });
  }
  if (startup) targets.push({ name: 'harness start to agent list painted', measured: startup.harness.median, target: '≤ 700 ms median', met: startup.harness.median <= 700, unit: 'ms, median' });
  if (bundle) targets.push({ name: 'renderer initial JavaScript, minified', measured: bundle.initialBytes / 1000, target: '≤ 600 KB', met: bundle.initialBytes <= 600_000 && bundle.minified, unit: `KB (${fmt(bundle.initialGzipBytes / 1000)} KB gzipped)` });
  // The history target, not a speed one: judged here so every target the bench prints is in its count.
  if (history) targets.push({ name: 'history list and a transcript open (issue 10)', measured: history.slowestOpenMedianMs, target: `< ${OPEN_TARGET_MS} ms median`, met: history.slowestOpenMedianMs < OPEN_TARGET_MS, unit: 'ms, the slowest median of two list pages and two transcripts' });
  return targets;
}

function printTable(ingest: IngestResult[], elicitation: ElicitationCase[], renderer: RendererResult | undefined, startup: StartupResult | undefined, bundle: BundleResult | undefined, history: HistoryBenchFigures | undefined, targets: Target[], startupFirst?: StartupResult, reference?: Reference): void {
  if (ingest.length) log('\nIngest: 200k agent_message_chunk lines (ms per run: median / p95; ratios of throughput, median of paired rounds)');
  for (const r of ingest) {
    log(
      `  v${r.version}  core ${fmt(r.core.median, 0)} / ${fmt(r.core.p95, 0)}   bare SDK ${fmt(r.sdk.median, 0)} / ${fmt(r.sdk.p95, 0)}   JSON.parse ${fmt(r.parse.median, 0)} / ${fmt(r.parse.p95, 0)}` +
        `   core÷SDK ${fmt(r.coreVsSdk, 2)}×   core÷parse ${pct(r.coreVsParse)}   text lost: ${r.noTextLost ? 'none' : 'YES'}   (n=${r.core.n})`,
    );
    if (r.commandLatency && r.batchesPerSecond) {
      log(`      during the v2 stream: command latency ${fmt(r.commandLatency.median)} / ${fmt(r.commandLatency.p95)} ms (n=${r.commandLatency.n}), ${fmt(r.batchesPerSecond.median)} bridge batches/s per session`);
    }
  }
  if (elicitation.length) log(`\nElicitation round trip as the agent sees it (ms: median / p95; past the first ${count(COLD_ROUNDS, 'round trip')} of each run, listed apart as cold)`);
  for (const c of elicitation) {
    log(`  ${c.action.padEnd(7)} ${String(c.pending).padStart(3)} pending   core ${fmt(c.core.median, 2)} / ${fmt(c.core.p95, 2)}   bare SDK ${fmt(c.sdk.median, 2)} / ${fmt(c.sdk.p95, 2)}   overhead ${fmt(c.overheadMedianMs, 2)} / ${fmt(c.overheadP95Ms, 2)}   (n=${c.core.n})`);
    log(`                      SDK in a worker ${fmt(c.sdkWorker.median, 2)} / ${fmt(c.sdkWorker.p95, 2)}: isolation ${fmt(c.isolationMedianMs, 2)} / ${fmt(c.isolationP95Ms, 2)}, Switchboard's own ${fmt(c.ownMedianMs, 2)} / ${fmt(c.ownP95Ms, 2)}`);
    log(`                      cold first rounds (n=${c.cold.core.n}): core ${fmt(c.cold.core.median, 1)} / ${fmt(c.cold.core.p95, 1)}, bare SDK ${fmt(c.cold.sdk.median, 1)} / ${fmt(c.cold.sdk.p95, 1)}, SDK in a worker ${fmt(c.cold.sdkWorker.median, 1)} / ${fmt(c.cold.sdkWorker.p95, 1)}`);
    log(`                      all rounds (n=${c.allRounds.core.n}): core ${fmt(c.allRounds.core.median, 2)} / ${fmt(c.allRounds.core.p95, 2)}, bare SDK ${fmt(c.allRounds.sdk.median, 2)} / ${fmt(c.allRounds.sdk.p95, 2)}, overhead ${fmt(c.allRounds.overheadMedianMs, 2)} / ${fmt(c.allRounds.overheadP95Ms, 2)}`);
  }
  if (elicitation.length) log('  (overhead = core − bare SDK, the target; isolation = SDK in a worker − bare SDK; own = core − SDK in a worker)');
  if (renderer) {
    log(`\nRenderer in ${judgedBrowser.label}${judgedVersion ? ` ${judgedVersion}` : ''} through the harness${judgedBrowser.electronLike ? " (Chromium's content layer without Chrome's browser layer, as in Electron)" : ''}`);
    log(`  stream of ${INGEST_CHUNKS / 1000}k chunks: ${fmt(renderer.streamMs, 0)} ms to the last text drawn, ${count(renderer.longTasks, 'long task')} over 50 ms from the prompt to the reply drawn, longest ${fmt(renderer.longestTaskMs, 0)} ms`);
    for (const cause of renderer.longTaskCauses) log(`    long task ${cause}`);
    log(`  before the prompt (page load, first render, opening the session; not in the target): ${count(renderer.beforePromptLongTasks, 'long task')} over 50 ms, longest ${fmt(renderer.beforePromptLongestMs, 0)} ms`);
    log(`  card painted after its event: ${fmt(renderer.cardPaintMs.median)} / ${fmt(renderer.cardPaintMs.p95)} ms (n=${renderer.cardPaintMs.n} over ${renderer.rounds ?? 1} rounds, p95 by round ${(renderer.cardPaintP95ByRoundMs ?? []).map((ms) => fmt(ms, 0)).join(', ')}; to the first timer after that frame, the earlier method: ${fmt(renderer.cardPaintTimerMs.median)} / ${fmt(renderer.cardPaintTimerMs.p95)})`);
    log(`  heap after GC: ${fmt(renderer.heapAfterGcMb)} MB with the whole transcript (${renderer.transcriptChars} characters drawn)`);
    log(`  typing with ${TYPING_PENDING} pending, key to paint: ${fmt(renderer.typingMs.median)} / ${fmt(renderer.typingMs.p95)} ms (n=${renderer.typingMs.n})`);
  }
  if (reference?.renderer) {
    const r = reference.renderer;
    log(`  beside it, not judged: ${reference.browser.label} ${reference.version}, with Chrome's browser layer (its autofill among it); rounds interleaved with the judged ones`);
    log(`    card painted ${fmt(r.cardPaintMs.median)} / ${fmt(r.cardPaintMs.p95)} ms (n=${r.cardPaintMs.n}, p95 by round ${(r.cardPaintP95ByRoundMs ?? []).map((ms) => fmt(ms, 0)).join(', ')}), ${count(r.longTasks, 'long task')} over 50 ms (longest ${fmt(r.longestTaskMs, 0)}), stream ${fmt(r.streamMs, 0)} ms, typing p95 ${fmt(r.typingMs.p95)} ms`);
    for (const cause of r.longTaskCauses) log(`    long task ${cause}`);
  }
  if (startup) {
    log(`\nStart-up in ${judgedBrowser.label}${judgedVersion ? ` ${judgedVersion}` : ''} (ms: median / p95)`);
    log(`  harness start → agent list painted ${fmt(startup.harness.median, 0)} / ${fmt(startup.harness.p95, 0)}   node -e '' ${fmt(startup.node.median, 0)} / ${fmt(startup.node.p95, 0)}   ratio ${fmt(startup.ratio, 1)}×`);
    log(`    of which: spawn → address printed ${fmt(startup.listen.median, 0)} / ${fmt(startup.listen.p95, 0)}   page opened → list painted ${fmt(startup.page.median, 0)} / ${fmt(startup.page.p95, 0)}`);
    log(`    the harness's CPU time at its address ${fmt(startup.cpuAtAddress.median, 0)} / ${fmt(startup.cpuAtAddress.p95, 0)}; the bench's own GC during the rounds: ${startup.benchGc.count} pauses, ${fmt(startup.benchGc.totalMs, 0)} ms, longest ${fmt(startup.benchGc.longestMs, 0)} ms`);
  }
  if (reference?.startup) {
    const r = reference.startup;
    log(`  in ${reference.browser.label}, not judged: ${fmt(r.harness.median, 0)} / ${fmt(r.harness.p95, 0)}   node -e '' ${fmt(r.node.median, 0)}   ratio ${fmt(r.ratio, 1)}×   spawn → address ${fmt(r.listen.median, 0)}, page → list ${fmt(r.page.median, 0)}`);
  }
  if (startupFirst) {
    log(`  before the other scenarios (not the target; n=${startupFirst.harness.n}): ${fmt(startupFirst.harness.median, 0)} / ${fmt(startupFirst.harness.p95, 0)}   node -e '' ${fmt(startupFirst.node.median, 0)}   ratio ${fmt(startupFirst.ratio, 1)}×` +
      `   spawn → address ${fmt(startupFirst.listen.median, 0)}, page → list ${fmt(startupFirst.page.median, 0)}, harness CPU at its address ${fmt(startupFirst.cpuAtAddress.median, 0)}`);
  }
  if (bundle) {
    log('\nRenderer bundle');
    log(`  initial ${fmt(bundle.initialBytes / 1000)} KB (${fmt(bundle.initialGzipBytes / 1000)} KB gzipped), later ${fmt(bundle.lazyBytes / 1000)} KB (${fmt(bundle.lazyGzipBytes / 1000)} KB gzipped), minified: ${bundle.minified ? 'yes' : 'no'}`);
  }
  if (history) {
    log('\nHistory (issue 10; ms: median / p95)');
    for (const [name, figure] of Object.entries(history.figures)) log(`  ${name}: ${fmt(figure.median, 2)} / ${fmt(figure.p95, 2)} (n=${figure.n})`);
  }
  log('\nTargets');
  const width = Math.max(...targets.map((t) => t.name.length));
  for (const t of targets) log(`  ${t.met ? 'MET    ' : 'NOT MET'}  ${t.name.padEnd(width)}  ${fmt(t.measured, 2).padStart(8)}  (target ${t.target}; ${t.unit})`);
}

/** Scenarios one may pick with `--only a,b` (while iterating on one cost; the full run is the figure of record). */
const SCENARIOS = ['ingest', 'elicitation', 'renderer', 'startup', 'bundle', 'history'] as const;
type Scenario = (typeof SCENARIOS)[number];

/**
 * The scenarios `--only a,b` (or `--only=a,b`) names, or undefined without it (a full run). Through npm it needs
 * `npm run bench -- --only a,b`: npm keeps an `--only` before `--` for itself and drops it, unseen here.
 * @throws Error (`bench: …`) on any other argument, or a name that is not a scenario: a mistyped option must not
 * become a full run, which rewrites the record.
 */
function onlyScenarios(argv: string[]): Scenario[] | undefined {
  let only: string | undefined;
  try {
    only = parseArgs({ args: argv, options: { only: { type: 'string' } }, strict: true, allowPositionals: false }).values.only;
  } catch (error) {
    throw new Error(`bench: ${error instanceof Error ? error.message : String(error)}; the one option is --only a,b`);
  }
  if (only === undefined) return undefined;
  const names = only.split(',').filter(Boolean);
  const unknown = names.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
  if (!names.length || unknown.length) throw new Error(`bench: --only takes a comma-separated list of ${SCENARIOS.join(', ')}${unknown.length ? ` (not: ${unknown.join(', ')})` : ''}`);
  return names as Scenario[];
}

const only = orStop(() => onlyScenarios(process.argv.slice(2)));
const picked = new Set<Scenario>(only ?? SCENARIOS);
// Any --only run is partial, even one naming every scenario: only a plain run writes the record.
const partial = only !== undefined;
// Read now, so a bad value ends the run before the other scenarios have taken minutes.
const scaleOfHistory = picked.has('history') ? orStop(() => historyScale()) : undefined;
ensureBuilt();
const commit = commitOf();
const loadAtStart = loadavg();
log(`Switchboard bench on ${cpus().length} cores, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}${partial ? `; only ${[...picked].join(', ')}` : ''}`);
// Each scenario starts once the previous one's processes, garbage and CPU are gone (bench/settle.ts): in one run,
// ingest and elicitation had doubled the start-up and card-paint figures that followed them.
const settler = await Settler.atRunStart(log);
// The renderer and start-up run in the browser most like Electron's renderer; full Chromium beside it (bench/browser.ts).
const usesBrowser = picked.has('renderer') || picked.has('startup');
const browsers: BenchBrowsers = usesBrowser ? orStop(() => chooseBenchBrowsers()) : { judged: { label: 'none', executablePath: undefined, electronLike: false } };
const judgedBrowser: BenchBrowser = browsers.judged;
let judgedVersion: string | undefined;
if (browsers.note && usesBrowser) log(`note: ${browsers.note}`);
/** Why the reference browser gave up during this run, if it did (kept in results.json). */
let referenceError: string | undefined;
// Start-up is also measured once before the heavy scenarios, beside the target's figure after them, so each run
// shows whether anything before start-up still weighs on it (672 ms in the full run, 350 alone).
let startupFirst: StartupResult | undefined;
if (picked.has('startup') && (picked.has('ingest') || picked.has('elicitation') || picked.has('renderer'))) {
  await settler.before('start-up, before the other scenarios');
  const browser = await launchJudged(judgedBrowser);
  try {
    startupFirst = await benchStartup(browser, ROUNDS.startupFirst);
  } finally {
    await browser.close();
  }
}
const ingest: IngestResult[] = [];
if (picked.has('ingest')) {
  await settler.before('ingest v1');
  ingest.push(await benchIngest(1, ROUNDS.ingest, BUDGET.ingestV1, log));
  await settler.before('ingest v2');
  ingest.push(await benchIngest(2, ROUNDS.ingest, BUDGET.ingestV2, log));
}
if (picked.has('elicitation')) await settler.before('elicitation');
const elicitation = picked.has('elicitation') ? await benchElicitation(ROUNDS.elicitation, BUDGET.elicitation, log) : [];
let renderer: RendererResult | undefined;
let startup: StartupResult | undefined;
let reference: Reference | undefined;
if (usesBrowser) {
  // Settled before the launch, so what runs after it is the browsers; they stay open across both scenarios on
  // purpose, and their processes are not leftovers (their CPU still counts). The reference browser (full Chromium)
  // gets the same treatment as the judged one: its own start-up rounds first, then renderer rounds interleaved with
  // the judged browser's, so neither is the only one warm or the only one run while the machine is busier.
  await settler.before('the browser launch');
  const browser = await launchJudged(judgedBrowser);
  judgedVersion = browser.version();
  // The reference is not judged: a browser that fails, at its launch or later, costs the run its comparison, not its
  // figures. From then on it is left out, and why is printed and kept.
  const asReference = async <T>(what: string, step: () => Promise<T>): Promise<T | undefined> => {
    if (referenceError !== undefined) return undefined;
    try {
      return await step();
    } catch (error) {
      referenceError = `${what}: ${failureLine(error)}`;
      log(`note: ${browsers.reference?.label} failed (${referenceError}); no reference from here on`);
      return undefined;
    }
  };
  const referenceBrowser = browsers.reference;
  const running = referenceBrowser ? await asReference('its launch', () => launchChromium(referenceBrowser)) : undefined;
  if (referenceBrowser && running) reference = { browser: referenceBrowser, running, version: running.version() };
  settler.keepWhatIsRunning();
  try {
    // Start-up first: its rounds are the browser's first pages, whose own start (its caches, its GPU process) a
    // start-up round is meant to include and a card under a long stream is not; a desktop app's Chromium has long
    // been running when a request comes. Start-up reports the median of its rounds; the renderer pools all of its.
    if (picked.has('startup')) {
      await settler.before('startup');
      startup = await benchStartup(browser, ROUNDS.startup);
      if (reference) {
        const other = reference.running;
        await settler.before(`startup in ${reference.browser.label}`);
        reference.startup = await asReference('its start-up rounds', () => benchStartup(other, ROUNDS.startup));
      }
      log('  start-up rounds done');
    }
    if (picked.has('renderer')) {
      // One lane per open browser; they take turns going first (J R, R J, J R), so neither always follows the other's stream.
      const lanes = [
        { browser, name: 'renderer', rounds: [] as RendererResult[] },
        ...(reference ? [{ browser: reference.running, name: `renderer in ${reference.browser.label}`, rounds: [] as RendererResult[] }] : []),
      ];
      for (let round = 1; round <= ROUNDS.renderer; round++) {
        for (const lane of round % 2 === 1 ? lanes : [...lanes].reverse()) {
          const judged = lane === lanes[0];
          if (!judged && referenceError !== undefined) continue;
          await settler.before(`${lane.name}, round ${round} of ${ROUNDS.renderer}`);
          const result = judged ? await benchRenderer(lane.browser, log) : await asReference(`its renderer round ${round}`, () => benchRenderer(lane.browser, log));
          if (result) lane.rounds.push(result);
        }
      }
      renderer = poolRendererRounds(lanes[0].rounds);
      // A reference that failed part-way is not reported: its rounds would not be the judged rounds' pair.
      if (reference && referenceError === undefined) reference.renderer = poolRendererRounds(lanes[1].rounds);
    }
  } finally {
    await Promise.allSettled([browser.close(), reference?.running.close()]);
  }
}
const bundle = picked.has('bundle') ? benchBundle() : undefined;
if (picked.has('history')) await settler.before('history');
const history = scaleOfHistory !== undefined ? await benchHistory(scaleOfHistory) : undefined;
const targets = targetsOf(ingest, elicitation, renderer, startup, bundle, history);
printTable(ingest, elicitation, renderer, startup, bundle, history, targets, startupFirst, reference);

const loadAtEnd = loadavg();
// Judged by the settles, which look at the machine just before each scenario: the load average at the end is the
// bench's own work, and at the start it still holds whatever ran in the minute before, so it flagged nearly every run.
const underLoad = settler.records.some((r) => r.timedOut || r.machineBusy > BUSY_BEFORE_A_SCENARIO);
const elapsedMs = performance.now() - runStarted;
const results = {
  takenAt: new Date().toISOString(),
  commit,
  machine: { ...machine(loadAtStart), loadAverageAtEnd: loadAtEnd.map((l) => Number(l.toFixed(2))), underLoad },
  note: underLoad ? 'Figures taken while other work kept this machine busy before a scenario (over a quarter of its cores, or a settle that timed out); ratios against anchors measured in the same run are the figures to compare.' : undefined,
  elapsedSeconds: Math.round(elapsedMs / 1000),
  ...(partial ? { only: [...picked] } : {}),
  ingest,
  elicitation: { pendingLoad: PENDING_LOAD, cases: elicitation },
  /** The browser the renderer and start-up figures were taken in, and the one run beside it (bench/browser.ts). */
  browser: usesBrowser
    ? {
        judged: { ...judgedBrowser, version: judgedVersion ?? null },
        reference: reference ? { ...reference.browser, version: reference.version } : null,
        note: browsers.note ?? null,
        referenceError: referenceError ?? null,
      }
    : null,
  renderer: renderer ?? null,
  /** The same renderer rounds in the reference browser, interleaved with the judged ones: not judged, for comparison. */
  rendererReference: reference?.renderer ?? null,
  startup: startup ?? null,
  /** The same start-up rounds in the reference browser: not judged, for comparison. */
  startupReference: reference?.startup ?? null,
  /** The same rounds before the heavy scenarios, beside the target's figure after them (not the target). */
  startupFirst: startupFirst ?? null,
  bundle: bundle ?? null,
  history: history?.figures ?? null,
  /** The synthetic store the history figures were taken on (bench/history.ts). */
  historyStore: history?.store ?? null,
  /** What the bench waited for between scenarios (bench/settle.ts). */
  settle: settler.records,
  targets,
};
// A partial run never replaces the full run's record.
const resultsFile = partial ? 'bench/results.partial.json' : 'bench/results.json';
writeFileSync(resolve(resultsFile), `${JSON.stringify(results, null, 2)}\n`);
log(`\n${targets.filter((t) => t.met).length} of ${targets.length} targets met; ${Math.round(elapsedMs / 1000)} s; results in ${resultsFile}${underLoad ? ' (taken under load)' : ''}`);
if (elapsedMs > RUN_BUDGET_MS) log(`warning: the run took longer than its ${RUN_BUDGET_MS / 60_000}-minute budget`);
