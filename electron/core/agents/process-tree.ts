/**
 * The processes an agent started, found by walking the OS process table, so that stopping the agent can end
 * every one of them — including descendants that left its process group or session (`setsid`) — without
 * ever signalling a process that merely inherited a recycled pid.
 *
 * The model (docs/isolation.md "Process trees"):
 * - A {@link ProcessTree} is created for one agent pid. {@link ProcessTree.refresh} takes a snapshot of the
 *   process table and adds to what it knows every process that descends (by parent pid) from the agent or
 *   from a process already known, and every member of the agent's own process group and session.
 * - Each known process is remembered with its identity: pid plus the kernel's start time
 *   (`/proc/<pid>/stat` field 22 on Linux, `ps -o lstart` on macOS). A pid is only ever signalled after a
 *   fresh read shows the same identity, so a process that was reaped and whose pid was given to another
 *   program is dropped, never signalled. Process-group ids are never signalled from here at all.
 * - A descendant whose parent exited before any snapshot saw it is reparented to init and cannot be told
 *   apart from any other process; that is the documented limit.
 *
 * Plain Node (no Electron), safe to run in a worker thread. Windows has no process table walk here: the
 * agent process uses `taskkill /T` there (see agent-process.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One process as a snapshot saw it. `startTime` is opaque: equal strings mean the same process. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  startTime: string;
}

/**
 * Most process-table entries one snapshot reads. A desktop has a few hundred to a few thousand; the cap keeps
 * a snapshot's cost bounded on a machine with a runaway fork loop.
 */
export const MAX_TABLE_ENTRIES = 32_768;

/**
 * Most descendants remembered per agent. Far above what a coding agent starts (MCP servers, a shell, tools);
 * bounds memory if an agent forks without end. Past it, new descendants are not tracked (and so not ended
 * if they escape the agent's session); the agent's own session and group are still swept at stop.
 */
export const MAX_TRACKED = 2_048;

/** A platform's way to read the process table; injectable for tests. */
export interface ProcessTable {
  /** Every process, or undefined when this platform cannot list them (then nothing is tracked). */
  snapshot(): Promise<ProcessEntry[] | undefined>;
  /** The identity of one pid now, read synchronously just before signalling it; undefined when it is gone. */
  identity(pid: number): ProcessEntry | undefined;
}

/** Parses one `/proc/<pid>/stat` line. The command name sits in parentheses and may contain spaces or `)`. */
export function parseProcStat(text: string): ProcessEntry | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const pid = Number.parseInt(text, 10);
  // After ") ": state(3) ppid(4) pgrp(5) session(6) … starttime(22); fields counted from 1.
  const rest = text.slice(close + 2).split(' ');
  const ppid = Number(rest[1]);
  const pgid = Number(rest[2]);
  const sid = Number(rest[3]);
  const startTime = rest[19];
  if (!Number.isInteger(pid) || !Number.isInteger(ppid) || startTime === undefined) return undefined;
  // A zombie has exited already: it can be neither ended nor reused while it waits to be reaped.
  if (rest[0] === 'Z' || rest[0] === 'X') return undefined;
  return { pid, ppid, pgid, sid, startTime };
}

/**
 * Entries read synchronously between two yields to the event loop. Each `/proc/<pid>/stat` read is a few
 * microseconds when done synchronously, but an asynchronous read costs three thread-pool round trips, which on a
 * loaded machine made one snapshot take seconds; 256 synchronous reads hold the loop for about 1–3 ms.
 */
export const SNAPSHOT_CHUNK = 256;

/** Linux: `/proc`, read synchronously in chunks of {@link SNAPSHOT_CHUNK} with a yield between them. */
export const linuxProcessTable: ProcessTable = {
  async snapshot() {
    let names: string[];
    try {
      names = readdirSync('/proc');
    } catch {
      return undefined;
    }
    const pids = names.filter((name) => /^\d+$/.test(name)).slice(0, MAX_TABLE_ENTRIES);
    const entries: ProcessEntry[] = [];
    for (let index = 0; index < pids.length; index++) {
      if (index > 0 && index % SNAPSHOT_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
      try {
        const entry = parseProcStat(readFileSync(`/proc/${pids[index]}/stat`, 'utf8'));
        if (entry) entries.push(entry);
      } catch {
        // Exited between readdir and read.
      }
    }
    return entries;
  },
  identity(pid) {
    try {
      return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return undefined;
    }
  },
};

/** Parses `ps -A -o pid=,ppid=,pgid=,sess=,stat=,lstart=` output (macOS and other BSDs). */
export function parsePsTable(text: string): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.+?)\s*$/.exec(line);
    if (!match || match[5].startsWith('Z')) continue;
    entries.push({ pid: Number(match[1]), ppid: Number(match[2]), pgid: Number(match[3]), sid: Number(match[4]), startTime: match[6] });
    if (entries.length >= MAX_TABLE_ENTRIES) break;
  }
  return entries;
}

const PS_ARGS = ['-A', '-o', 'pid=,ppid=,pgid=,sess=,stat=,lstart='];

/** A `ps` that takes longer than this is given up on (the snapshot is skipped, not waited for). */
const PS_TIMEOUT_MS = 2000;

/**
 * macOS: `ps`. `lstart` has one-second resolution, so a pid reused within the same second by a process with
 * the same parent could pass as the old one; docs/isolation.md states this limit.
 */
export const psProcessTable: ProcessTable = {
  snapshot() {
    return new Promise((resolve) => {
      execFile('ps', PS_ARGS, { maxBuffer: 8 * 1024 * 1024, timeout: PS_TIMEOUT_MS, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout) => {
        resolve(error ? undefined : parsePsTable(stdout));
      });
    });
  },
  identity(pid) {
    // Spawning ps per pid only happens at stop time, for the few descendants that are known.
    try {
      const out = execFileSync('ps', ['-o', 'pid=,ppid=,pgid=,sess=,stat=,lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: PS_TIMEOUT_MS, env: { ...process.env, LC_ALL: 'C' } });
      return parsePsTable(out)[0];
    } catch {
      return undefined;
    }
  },
};

/** The process table of this platform, or undefined where there is none to walk (Windows). */
export function platformProcessTable(): ProcessTable | undefined {
  if (process.platform === 'linux') return linuxProcessTable;
  if (process.platform === 'win32') return undefined;
  return psProcessTable;
}

/** What one {@link ProcessTree.signalKnown} call did, for tests and diagnostics. */
export interface SignalReport {
  signalled: number[];
  /** Known pids that were gone or had become another process: left alone. */
  skipped: number[];
}

/**
 * The descendants of one agent process. Never throws: a platform without a readable table tracks nothing.
 */
export class ProcessTree {
  private readonly known = new Map<number, ProcessEntry>();
  private root?: ProcessEntry;
  private refreshing?: Promise<void>;

  /**
   * @param rootPid the agent's pid, as spawned (its own session and group leader on POSIX).
   * @param table how to read the process table (the platform's by default).
   */
  constructor(
    private readonly rootPid: number,
    private readonly table: ProcessTable | undefined = platformProcessTable(),
  ) {
    this.root = table?.identity(rootPid);
  }

  /** Pids of the descendants known now (the agent itself excluded). */
  get pids(): number[] {
    return [...this.known.keys()];
  }

  /**
   * Takes one snapshot and adds the agent's new descendants; forgets known ones that are gone or whose pid
   * now names another process. Concurrent calls share one snapshot.
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.takeSnapshot().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async takeSnapshot(): Promise<void> {
    const entries = await this.table?.snapshot();
    if (entries) this.absorb(entries);
  }

  /** Starts the periodic look-ups for this tree (one shared snapshot per interval for every watched tree). */
  watch(): void {
    if (this.table) watchTree(this, this.table);
  }

  /** Stops the periodic look-ups (the agent exited). */
  unwatch(): void {
    unwatchTree(this);
  }

  /** Updates what is known from one snapshot of the whole table (see {@link refresh}). */
  absorb(entries: ProcessEntry[]): void {
    const byPid = new Map(entries.map((entry) => [entry.pid, entry]));
    for (const [pid, entry] of this.known) {
      if (byPid.get(pid)?.startTime !== entry.startTime) this.known.delete(pid);
    }
    // The agent's own group and session ids can be trusted only while their number still names the agent or
    // nobody: POSIX never gives a new process a pid that is still a live group's or session's id, so when the
    // pid names another process, the agent's group and session have no members left.
    const rootNow = byPid.get(this.rootPid);
    const rootIdsValid = this.root !== undefined && (rootNow === undefined || rootNow.startTime === this.root.startTime);
    const isOurs = (entry: ProcessEntry): boolean =>
      entry.pid !== this.rootPid &&
      (this.known.has(entry.ppid) ||
        (entry.ppid === this.rootPid && rootNow !== undefined && rootIdsValid) ||
        (rootIdsValid && (entry.pgid === this.rootPid || entry.sid === this.rootPid)));
    // Parents usually precede children in pid order, but not after pid wrap-around: repeat until stable.
    for (let added = true; added && this.known.size < MAX_TRACKED; ) {
      added = false;
      for (const entry of entries) {
        if (this.known.size >= MAX_TRACKED) break;
        if (!this.known.has(entry.pid) && isOurs(entry)) {
          this.known.set(entry.pid, entry);
          added = true;
        }
      }
    }
  }

  /**
   * Sends `signal` to every known descendant whose identity, read again just now, is unchanged. Never signals
   * a group id. Never throws.
   */
  signalKnown(signal: NodeJS.Signals): SignalReport {
    const report: SignalReport = { signalled: [], skipped: [] };
    for (const [pid, entry] of this.known) {
      const now = this.table?.identity(pid);
      if (!now || now.startTime !== entry.startTime) {
        this.known.delete(pid);
        report.skipped.push(pid);
        continue;
      }
      try {
        process.kill(pid, signal);
        report.signalled.push(pid);
      } catch {
        this.known.delete(pid);
        report.skipped.push(pid);
      }
    }
    return report;
  }

  /** Known descendants still alive as the same process (identity read again); forgets the others. */
  liveCount(): number {
    for (const [pid, entry] of this.known) {
      if (this.table?.identity(pid)?.startTime !== entry.startTime) this.known.delete(pid);
    }
    return this.known.size;
  }

  /**
   * Ends every descendant once the agent itself has exited: a snapshot, SIGTERM to what it found, up to
   * `graceMs` for them to go, then SIGKILL — repeated (a descendant may fork between snapshot and signal) up
   * to {@link KILL_ROUNDS} times or until a snapshot finds nobody. Resolves when done; never rejects.
   */
  async endAll(graceMs = DESCENDANT_GRACE_MS): Promise<void> {
    await this.refresh().catch(() => {});
    if (this.known.size === 0) return;
    this.signalKnown('SIGTERM');
    for (const deadline = Date.now() + graceMs; Date.now() < deadline && this.liveCount() > 0; ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    for (let round = 0; round < KILL_ROUNDS && this.known.size > 0; round++) {
      this.signalKnown('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 10));
      await this.refresh().catch(() => {});
    }
  }
}

/**
 * How often watched agents' descendants are looked up while they run, in ms. A descendant that calls `setsid`
 * is found only while its parent lives; MCP servers and tools live for seconds to hours, so once a second
 * catches them. One snapshot per interval serves every watched agent, so the cost does not grow with their
 * number (about 3.5 ms for 150 processes on Linux, see {@link SNAPSHOT_CHUNK}).
 */
export const SNAPSHOT_INTERVAL_MS = 1000;

const watched = new Map<ProcessTree, ProcessTable>();
let ticker: ReturnType<typeof setInterval> | undefined;
let ticking = false;

function watchTree(tree: ProcessTree, table: ProcessTable): void {
  watched.set(tree, table);
  if (ticker) return;
  ticker = setInterval(() => void tick(), SNAPSHOT_INTERVAL_MS);
  ticker.unref();
}

function unwatchTree(tree: ProcessTree): void {
  watched.delete(tree);
  if (watched.size > 0 || !ticker) return;
  clearInterval(ticker);
  ticker = undefined;
}

/** One snapshot per distinct table (in practice: the platform's), fed to every tree watched on it. */
async function tick(): Promise<void> {
  if (ticking) return;
  ticking = true;
  try {
    for (const table of new Set(watched.values())) {
      const entries = await table.snapshot().catch(() => undefined);
      if (!entries) continue;
      for (const [tree, own] of watched) if (own === table) tree.absorb(entries);
    }
  } finally {
    ticking = false;
  }
}

/** How long descendants get after SIGTERM to end by themselves (an MCP server flushing its state). */
export const DESCENDANT_GRACE_MS = 500;

/** Snapshot-and-SIGKILL rounds at most: enough for a fork between snapshot and signal, bounded for a fork loop. */
export const KILL_ROUNDS = 5;
