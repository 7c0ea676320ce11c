/**
 * Process trees with real processes (docs/isolation.md "Process trees"): an agent and
 * everything it started end on quit, restart, removal and crash — including a grandchild that moved to a
 * session of its own — and stopping an agent that already exited signals nobody.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAgentProcess, SNAPSHOT_INTERVAL_MS } from '../../electron/core/agents/agent-process';
import { parseProcStat, ProcessTree, type ProcessEntry, type ProcessTable } from '../../electron/core/agents/process-tree';
import { Hub } from '../../electron/core/hub';
import { eventually } from './hub-fixture';

const FIXTURE = resolve('test/fixtures/spawning-agent.mjs');
const posix = process.platform !== 'win32';

interface Tree {
  agent: number;
  child: number;
  intermediate: number;
  grandchild: number;
}

/** Alive and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    if (existsSync('/proc')) return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')) !== undefined;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const everyPid = (tree: Tree) => [tree.agent, tree.child, tree.intermediate, tree.grandchild];
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let hub: Hub | undefined;
const strays: number[] = [];
afterEach(async () => {
  await hub?.stop();
  hub = undefined;
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

function spawnerHub(env: Record<string, string>): Hub {
  hub = new Hub({
    config: { agents: [{ id: 'spawner', name: 'Spawner', command: process.execPath, args: [FIXTURE], env }], urlMode: 'app-window' },
    builtinAgents: {},
    defaultCwd: tmpdir(),
    initializeTimeoutMs: 60_000,
  });
  hub.start();
  return hub;
}

async function readTree(file: string): Promise<Tree> {
  const tree = await eventually(() => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : undefined), 10_000);
  strays.push(...everyPid(tree));
  return tree;
}

function tempFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'switchboard-tree-')), name);
}

describe.runIf(posix)('process trees', () => {
  it('ends a setsid grandchild on quit even after its parent exited and it was reparented', async () => {
    const treeFile = tempFile('tree.json');
    const running = spawnerHub({ SPAWN_TREE_FILE: treeFile });
    const tree = await readTree(treeFile);
    // Let the periodic snapshot see the grandchild while its parent still lives…
    await sleep(SNAPSHOT_INTERVAL_MS * 2.5);
    // …then its parent exits: the grandchild is now an orphan in a session of its own.
    process.kill(tree.intermediate, 'SIGKILL');
    await eventually(() => (alive(tree.intermediate) ? undefined : true));
    expect(alive(tree.grandchild)).toBe(true);
    await running.stop(); // quit
    hub = undefined;
    // Zero orphans: not the agent, not its child, not the reparented grandchild.
    expect(everyPid(tree).filter(alive)).toEqual([]);
  });

  it("ends a crashed agent's children, setsid grandchild included, before its automatic restart", async () => {
    const treeFile = tempFile('tree.json');
    const generations = tempFile('generations.jsonl');
    spawnerHub({ SPAWN_TREE_FILE: treeFile, SPAWN_CRASH_MS: '200', SPAWN_GENERATIONS_FILE: generations });
    const first = await readTree(treeFile);
    const lines = await eventually(() => {
      const text = existsSync(generations) ? readFileSync(generations, 'utf8').trim().split('\n') : [];
      return text.length >= 2 ? text.map((line) => JSON.parse(line) as { agent: number; previousAlive: number[] }) : undefined;
    }, 10_000);
    expect(lines[1].agent).not.toBe(first.agent);
    // What the second generation saw when it started: nothing of the first one left.
    expect(lines[1].previousAlive).toEqual([]);
    expect(everyPid(first).filter(alive)).toEqual([]);
  });

  it('ends the whole tree on restart and on removal', async () => {
    const treeFile = tempFile('tree.json');
    const running = spawnerHub({ SPAWN_TREE_FILE: treeFile });
    const first = await readTree(treeFile);
    await running.invoke('restartAgent', { agentId: 'spawner' });
    expect(everyPid(first).filter(alive)).toEqual([]);
    const second = await eventually(() => {
      const tree = JSON.parse(readFileSync(treeFile, 'utf8')) as Tree;
      return tree.agent !== first.agent ? tree : undefined;
    }, 10_000);
    strays.push(...everyPid(second));
    await running.invoke('removeAgent', { agentId: 'spawner' });
    await eventually(() => (everyPid(second).some(alive) ? undefined : true));
    expect(everyPid(second).filter(alive)).toEqual([]);
  });

  it('signals nobody when stopping an agent that already exited, even if its pid now names another group', async () => {
    const agent = startAgentProcess({ command: process.execPath, args: ['-e', 'process.exit(0)'] });
    const agentPid = agent.pid!;
    await agent.exited;
    // Where the kernel allows it, hand the agent's old pid to a decoy that leads its own group, as an
    // unrelated program would after pid reuse: the old code's kill(-pid) would end it.
    const decoy = reusePid(agentPid);
    const kill = vi.spyOn(process, 'kill');
    try {
      await agent.stop();
      await sleep(200);
      expect(kill).not.toHaveBeenCalled();
      if (decoy) expect(alive(decoy)).toBe(true);
    } finally {
      kill.mockRestore();
      if (decoy) process.kill(decoy, 'SIGKILL');
    }
  });
});

/**
 * Spawns an idle process group leader whose pid is `pid`, by steering the kernel's next pid
 * (`/proc/sys/kernel/ns_last_pid`, root only; other processes on the machine may take the pid first, so a few
 * tries). Returns its pid, or undefined where the kernel does not let us (then the spy alone proves it).
 */
function reusePid(pid: number): number | undefined {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      writeFileSync('/proc/sys/kernel/ns_last_pid', String(pid - 1));
    } catch {
      return undefined;
    }
    const decoy = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore', detached: true });
    if (decoy.pid === pid) return pid;
    decoy.kill('SIGKILL');
  }
  return undefined;
}

describe('ProcessTree', () => {
  it('parses /proc/<pid>/stat even when the command name holds spaces and parentheses', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i));
    fields.splice(0, 4, 'S', '10', '11', '12');
    fields[19] = '987654';
    expect(parseProcStat(`42 (a) (b c) ${fields.join(' ')}`)).toEqual({ pid: 42, ppid: 10, pgid: 11, sid: 12, startTime: '987654' });
    expect(parseProcStat(`42 (zombie) Z ${fields.slice(1).join(' ')}`)).toBeUndefined();
  });

  it('never signals a known descendant whose pid now names a different process', async () => {
    const entries: ProcessEntry[] = [
      { pid: 100, ppid: 1, pgid: 100, sid: 100, startTime: 'agent' },
      { pid: 200, ppid: 100, pgid: 200, sid: 200, startTime: 'first' },
    ];
    const identities = new Map(entries.map((entry) => [entry.pid, entry]));
    const table: ProcessTable = { snapshot: async () => [...identities.values()], identity: (pid) => identities.get(pid) };
    const tree = new ProcessTree(100, table);
    await tree.refresh();
    expect(tree.pids).toEqual([200]);
    // 200 was reaped and its pid given to an unrelated program started later.
    identities.set(200, { pid: 200, ppid: 1, pgid: 200, sid: 200, startTime: 'reused' });
    const kill = vi.spyOn(process, 'kill');
    try {
      expect(tree.signalKnown('SIGKILL')).toEqual({ signalled: [], skipped: [200] });
      expect(kill).not.toHaveBeenCalled();
    } finally {
      kill.mockRestore();
    }
  });

  it("does not adopt members of a group or session whose id's pid names another process now", async () => {
    const identities = new Map<number, ProcessEntry>([[100, { pid: 100, ppid: 1, pgid: 100, sid: 100, startTime: 'agent' }]]);
    const table: ProcessTable = { snapshot: async () => [...identities.values()], identity: (pid) => identities.get(pid) };
    const tree = new ProcessTree(100, table);
    // The agent exited; pid 100 now leads someone else's session, with a member of its own.
    identities.set(100, { pid: 100, ppid: 1, pgid: 100, sid: 100, startTime: 'stranger' });
    identities.set(300, { pid: 300, ppid: 100, pgid: 100, sid: 100, startTime: 'stranger-child' });
    await tree.refresh();
    expect(tree.pids).toEqual([]);
  });
});
