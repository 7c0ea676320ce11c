/**
 * Between scenarios, the bench waits until what the previous one left behind is gone, so no scenario's figures
 * carry another's cost (each figure is the app's, not the bench's).
 *
 * Without it, the full run's start-up and card-paint figures came out about twice those of the same
 * scenarios run alone: ingest and elicitation left the bench process with a quarter of a gigabyte of garbage
 * (heap 53 → 264 MB used), which V8 then collected in the middle of later scenarios, on a 2-core machine where its
 * collector threads compete with the harness, the agents and Chromium.
 * So before each scenario the bench:
 * 1. waits for the processes the previous one started (agents, harnesses) to be gone — the browser it keeps open on
 *    purpose, and the processes it had before the first scenario, excepted;
 * 2. collects its own garbage (a full GC), so the next scenario starts from the heap the run started with;
 * 3. waits until its own CPU (this process and every process below it) is quiet and the machine is back to within
 *    {@link MACHINE_MARGIN} of how busy it was at the run's start.
 * Each wait is bounded ({@link SETTLE_BOUND_MS}); what was waited for, and anything still left, is logged and kept in
 * bench/results.json. Set BENCH_SETTLE=off to run without it (to compare; never for a figure of record).
 *
 * Reads Linux's /proc; elsewhere only the GC step runs.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sleep } from './stats';

/** A settle gives up after this long and says what was still running (a stuck leftover must not hang the run). */
export const SETTLE_BOUND_MS = 15_000;
/** CPU is sampled over windows of this length. */
const WINDOW_MS = 250;
/** Quiet: this process and everything below it use less than this share of one core, two windows in a row. */
const QUIET_OWN_CPU = 0.05;
/** Settled: the whole machine is at most this much busier (share of all cores) than at the run's start. */
const MACHINE_MARGIN = 0.1;
/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this bench runs on). */
const TICKS_PER_SECOND = 100;

/** What one settle found and did. */
export interface SettleRecord {
  /** The scenario about to run. */
  before: string;
  waitedMs: number;
  /** Processes started by earlier scenarios that were still there when the settle began, and that ended during it. */
  endedProcesses: number;
  /** Still there when the settle gave up (command names only: no arguments, which may carry paths or tokens). */
  leftProcesses: string[];
  heapBeforeMb: number;
  heapAfterMb: number;
  /** Share of one core used by the bench and its processes, in the last window. */
  ownCpu: number;
  /** Share of all cores busy on the machine in the last window, and at the run's start. */
  machineBusy: number;
  machineBusyAtStart: number;
  /** True when the bound ({@link SETTLE_BOUND_MS} unless set) ran out first. */
  timedOut: boolean;
}

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
}

const hasProc = existsSync('/proc/self/stat');

function readProc(pid: number | 'self'): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself contain spaces or parentheses: split after the last ')'.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { pid: Number(stat.slice(0, stat.indexOf(' '))), ppid: Number(fields[1]), comm: stat.slice(stat.indexOf('(') + 1, close), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // ended between the listing and the read
  }
}

/** Every process below `root` (not `root` itself), by walking parent links in /proc. */
function descendantsOf(root: number): Proc[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is Proc => p !== undefined);
  const below = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (below.has(p.pid) || !below.has(p.ppid)) continue;
      below.add(p.pid);
      grew = true;
    }
  }
  return all.filter((p) => p.pid !== root && below.has(p.pid));
}

/** Busy and total clock ticks of the whole machine so far (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: total - ticks[3] - (ticks[4] ?? 0), total }; // idle and iowait are not busy
}

/** Over one window: the share of all cores busy, and the share of one core used by the bench and everything below it. */
async function sampleCpu(): Promise<{ machineBusy: number; ownCpu: number }> {
  const ownTicks = () => new Map([readProc('self'), ...descendantsOf(process.pid)].filter((p): p is Proc => p !== undefined).map((p) => [p.pid, p.cpuTicks]));
  const machine0 = machineTicks();
  const own0 = ownTicks();
  const started = performance.now();
  await sleep(WINDOW_MS);
  const seconds = (performance.now() - started) / 1000;
  const machine1 = machineTicks();
  let ownDelta = 0;
  // Only processes present at both ends count; one that ended within the window takes its last ticks with it.
  for (const [pid, ticks] of ownTicks()) ownDelta += ticks - (own0.get(pid) ?? ticks);
  return {
    machineBusy: (machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total),
    ownCpu: ownDelta / TICKS_PER_SECOND / seconds,
  };
}

/** A full garbage collection of this process, without needing `node --expose-gc` on the command line. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;

/** Settles the bench between scenarios; create one at the run's start, before any scenario. */
export class Settler {
  readonly records: SettleRecord[] = [];
  /** Processes the bench had before the first scenario (tsx's esbuild service, for one): not leftovers. */
  private readonly expected = new Set<number>();
  /** Roots of process trees kept on purpose across scenarios (the browser): not leftovers, but their CPU counts. */
  private readonly kept = new Set<number>();
  private machineBusyAtStart = 0;
  private readonly enabled = process.env.BENCH_SETTLE !== 'off';

  private constructor(
    private readonly log: (line: string) => void,
    private readonly boundMs: number,
  ) {}

  /**
   * Takes the machine's baseline (about a second of sampling) before any scenario runs. `boundMs` caps each
   * settle (default {@link SETTLE_BOUND_MS}).
   */
  static async atRunStart(log: (line: string) => void, { boundMs = SETTLE_BOUND_MS } = {}): Promise<Settler> {
    const settler = new Settler(log, boundMs);
    if (!settler.enabled) log('  (BENCH_SETTLE=off: scenarios run back to back, without waiting for the previous one to settle)');
    if (hasProc) {
      for (const p of descendantsOf(process.pid)) settler.expected.add(p.pid);
      const samples = [];
      for (let i = 0; i < 4; i++) samples.push((await sampleCpu()).machineBusy);
      settler.machineBusyAtStart = Math.min(...samples);
    }
    return settler;
  }

  /**
   * Whatever the bench has just started stays between scenarios on purpose (the browser it reuses): each process now
   * below the bench that is not a leftover of a scenario becomes a kept root, with everything it starts later.
   * Call it right after starting that, before the next scenario.
   */
  keepWhatIsRunning(): void {
    if (hasProc) for (const p of this.leftovers()) this.kept.add(p.pid);
  }

  /** Processes below the bench that earlier scenarios left: neither expected nor under a kept root. */
  private leftovers(): Proc[] {
    const procs = descendantsOf(process.pid);
    const byPid = new Map(procs.map((p) => [p.pid, p]));
    const underKept = (p: Proc): boolean => {
      for (let at: Proc | undefined = p; at; at = byPid.get(at.ppid)) if (this.kept.has(at.pid)) return true;
      return false;
    };
    return procs.filter((p) => !this.expected.has(p.pid) && !underKept(p));
  }

  /**
   * Waits, for at most {@link SETTLE_BOUND_MS}, until the previous scenario's processes are gone, the bench's heap
   * is collected and its CPU and the machine's are back to quiet; logs one line and records it.
   */
  async before(scenario: string): Promise<SettleRecord | undefined> {
    if (!this.enabled) return undefined;
    const started = performance.now();
    const deadline = started + this.boundMs;
    const heapBeforeMb = heapMb();
    const leftAtStart = hasProc ? this.leftovers().map((p) => p.pid) : [];
    let left: Proc[] = [];
    let sample = { machineBusy: 0, ownCpu: 0 };
    let collected = false;
    let quietWindows = 0;
    while (performance.now() < deadline) {
      left = hasProc ? this.leftovers() : [];
      if (left.length) {
        await sleep(50);
        continue;
      }
      // Collected once nothing else is running, so the collection is not itself slowed; then measured quiet.
      if (!collected) {
        collectGarbage();
        collected = true;
      }
      if (!hasProc) break;
      sample = await sampleCpu();
      const quiet = sample.ownCpu < QUIET_OWN_CPU && sample.machineBusy <= this.machineBusyAtStart + MACHINE_MARGIN;
      quietWindows = quiet ? quietWindows + 1 : 0;
      if (quietWindows >= 2) break;
    }
    if (!collected) collectGarbage();
    const record: SettleRecord = {
      before: scenario,
      waitedMs: Math.round(performance.now() - started),
      endedProcesses: leftAtStart.filter((pid) => !left.some((p) => p.pid === pid)).length,
      leftProcesses: left.map((p) => p.comm),
      heapBeforeMb: Number(heapBeforeMb.toFixed(1)),
      heapAfterMb: Number(heapMb().toFixed(1)),
      ownCpu: Number(sample.ownCpu.toFixed(3)),
      machineBusy: Number(sample.machineBusy.toFixed(3)),
      machineBusyAtStart: Number(this.machineBusyAtStart.toFixed(3)),
      timedOut: hasProc && quietWindows < 2,
    };
    this.records.push(record);
    const pct = (share: number) => `${Math.round(share * 100)} %`;
    this.log(
      `  settled before ${scenario} in ${(record.waitedMs / 1000).toFixed(1)} s: ${record.endedProcesses} leftover processes ended` +
        `, bench heap ${record.heapBeforeMb.toFixed(0)} → ${record.heapAfterMb.toFixed(0)} MB, own CPU ${pct(record.ownCpu)} of a core` +
        `, machine ${pct(record.machineBusy)} busy (${pct(record.machineBusyAtStart)} at the start)` +
        (record.timedOut ? `; gave up after ${this.boundMs / 1000} s${left.length ? ` with ${left.length} still running (${[...new Set(record.leftProcesses)].join(', ')})` : ''}` : ''),
    );
    return record;
  }
}
