/**
 * One agent child process: spawn, stdio as web streams, a bounded stderr ring buffer, exit detection,
 * a graceful stop (end stdin → SIGTERM after a grace period → SIGKILL), and the end of every process the
 * agent started, however it ended (docs/isolation.md "Process trees").
 *
 * Knows nothing about ACP; `acp/` speaks the protocol over {@link AgentProcess.stdin}/{@link AgentProcess.stdout}.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { statSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { ProcessTree } from './process-tree';
import { resolveCommand, resolveOptionsFromEnv } from './command-resolution';
import { DeferredAgentProcess } from './deferred-agent-process';
import { loginShellPath } from './login-shell-path';

export { SNAPSHOT_INTERVAL_MS } from './process-tree';
export { DeferredAgentProcess } from './deferred-agent-process';
import { RingBuffer } from './ring-buffer';
import type { StoppedDetail } from '../../../shared/views/agents';

// Started from the macOS Finder or Dock, the app has launchd's PATH: read the login shell's now, while the app
// starts, so the first launch rarely waits for it (docs/agents.md "How the command is found").
loginShellPath.start();

/**
 * What to run. `env` is merged over the parent's environment (whose PATH is the login shell's on macOS when the app
 * was started from the Finder, login-shell-path.ts); `command` is looked up in the merged PATH (command-resolution.ts).
 */
export interface LaunchSpec {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** How a process ended: Node's exit code or signal, and a plain sentence for the user. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
  message: string;
  /** True when the process never started (no such command, no permission). */
  neverStarted?: boolean;
  /**
   * What in the agent's settings is most likely wrong, when the way it ended says so: `command` (no such program,
   * not executable, or a shell's 127 "not found" / 126 "cannot execute"), `folder` (its working folder is missing).
   */
  fix?: StoppedDetail['fix'];
}

/** Exit codes by which a shell (or `env`, `npx`'s shim) says the program was not found (127) or not executable (126). */
const COMMAND_NOT_RUNNABLE_CODES = new Set([126, 127]);

/** Default bytes of stderr kept per agent. */
const STDERR_BYTES = 64 * 1024;

/** A spawned agent process. Create with {@link startAgentProcess}. */
export class AgentProcess {
  /**
   * Resolves once, when the process has exited (or could not be spawned) *and* every descendant it was known
   * to have has been ended — so a crashed agent's children are gone before anyone restarts it.
   */
  readonly exited: Promise<ExitInfo>;
  /** Bytes the agent writes to stdout (ACP messages). */
  readonly stdout: ReadableStream<Uint8Array>;
  /** Bytes we write to the agent's stdin (ACP messages). */
  readonly stdin: WritableStream<Uint8Array>;
  /** Resolves when stdout and stderr have both closed: all the agent wrote has been read. */
  readonly outputClosed: Promise<void>;
  private readonly stderrTail = new RingBuffer(STDERR_BYTES);
  private exitInfo?: ExitInfo;
  /** The agent's descendants (POSIX); undefined on Windows or when spawning failed. */
  private readonly tree?: ProcessTree;

  constructor(private readonly child: ChildProcessByStdio<Writable, Readable, Readable>, spec: LaunchSpec) {
    if (child.pid !== undefined && process.platform !== 'win32') {
      this.tree = new ProcessTree(child.pid);
      void this.tree.refresh();
      this.tree.watch();
    }
    this.stdout = Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>;
    this.stdin = Writable.toWeb(child.stdin) as WritableStream<Uint8Array>;
    // An agent that dies mid-write makes stdin emit EPIPE; that is an exit, not a crash of ours.
    child.stdin.on('error', () => {});
    child.stderr.on('data', (chunk: Buffer) => this.stderrTail.push(chunk));
    this.outputClosed = Promise.all([child.stdout, child.stderr].map((stream) => new Promise((done) => stream.once('close', done)))).then(() => {});
    this.exited = new Promise((resolve) => {
      child.once('error', (error: NodeJS.ErrnoException) => {
        // spawn failures (ENOENT, EACCES) arrive here and no 'exit' follows.
        this.exitInfo ??= { code: null, signal: null, neverStarted: true, ...describeSpawnError(spec, error) };
        resolve(this.exitInfo);
      });
      child.once('exit', (code, signal) => {
        this.tree?.unwatch();
        const info = (this.exitInfo ??= {
          code,
          signal,
          message: describeExit(code, signal),
          ...(code !== null && COMMAND_NOT_RUNNABLE_CODES.has(code) ? { fix: 'command' as const } : {}),
        });
        // The agent is reaped; what it started may live on (reparented, or in a session of its own).
        void (this.tree?.endAll() ?? Promise.resolve()).then(() => resolve(info));
      });
    });
  }

  /** Process id, or undefined when spawning failed. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Pids of the descendants known now (tests and diagnostics). */
  get descendantPids(): number[] {
    return this.tree?.pids ?? [];
  }

  /**
   * Calls `listener` with each stdout chunk as Node reads it, alongside {@link stdout}'s reader (a second
   * 'data' listener sees the same chunks and changes no flow control), until the returned function is called.
   */
  watchStdout(listener: (chunk: Uint8Array) => void): () => void {
    this.child.stdout.on('data', listener);
    return () => this.child.stdout.off('data', listener);
  }

  /** True once the process has exited (or never started). */
  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  /** The last {@link STDERR_BYTES} bytes the agent wrote to stderr, as text. */
  stderrText(): string {
    return this.stderrTail.text();
  }

  /**
   * Stops the agent: end stdin first (a well-behaved agent exits on EOF), SIGTERM to it and its descendants
   * after `graceMs`, SIGKILL after another `graceMs`. Resolves when the process and its descendants have
   * ended (see {@link exited}). After the agent has exited this signals nobody: its descendants were ended
   * when it exited, and its pid and group id may belong to someone else by now.
   * Closing the ACP connection before this can kill an agent with EPIPE, so callers stop the process first.
   */
  async stop(graceMs = 1500): Promise<ExitInfo> {
    if (this.exitInfo) return this.exited;
    // One snapshot at stop time: a descendant started since the last periodic one is known before it can
    // be orphaned by its parent's exit.
    await this.tree?.refresh();
    if (this.exitInfo) return this.exited;
    this.child.stdin.end();
    const term = setTimeout(() => this.signalTree('SIGTERM'), graceMs);
    const kill = setTimeout(() => this.signalTree('SIGKILL'), graceMs * 2);
    try {
      return await this.exited;
    } finally {
      clearTimeout(term);
      clearTimeout(kill);
    }
  }

  /**
   * Signals the agent and every process it started while the agent is alive. POSIX: its process group (it
   * was spawned as a group leader, and the group id cannot be reused while the unreaped leader holds it —
   * Node reaps and clears `exitCode === null` in one synchronous step) plus each known descendant outside
   * it, identity checked. Windows: `taskkill /T`. Never throws.
   */
  private signalTree(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      if (process.platform === 'win32') {
        spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).on('error', () => {});
      } else {
        process.kill(-pid, signal);
      }
    } catch {
      // Already gone.
    }
    this.tree?.signalKnown(signal);
  }
}

/**
 * Spawns an agent with piped stdio, its command found as a shell would find it (command-resolution.ts).
 * Never throws for a bad command: one that does not exist yields a process whose `exited` resolves at once with
 * a plain-sentence message. On macOS, while the login shell PATH is still being read (login-shell-path.ts), the
 * spawn waits for it and a {@link DeferredAgentProcess} stands in meanwhile.
 * @throws Error with a plain sentence when an argument cannot be passed to a Windows batch file (a line break).
 */
export function startAgentProcess(spec: LaunchSpec): AgentProcess | DeferredAgentProcess {
  const login = loginShellPath.current();
  if (login.kind === 'reading') {
    return new DeferredAgentProcess(login.done.then((path) => spawnAgent(spec, path)));
  }
  return spawnAgent(spec, login.kind === 'read' ? login.path : undefined);
}

/** Spawns `spec` with `loginPath` (when known) as the PATH under the agent's own `env`. */
function spawnAgent(spec: LaunchSpec, loginPath: string | undefined): AgentProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, ...(loginPath ? { PATH: loginPath } : {}), ...spec.env };
  // Not found: spawn the command as given, so Node's own error yields the usual sentence (describeSpawnError).
  const resolved = resolveCommand(spec.command, spec.args, { ...resolveOptionsFromEnv(env), cwd: spec.cwd }) ?? {
    file: spec.command,
    args: spec.args,
    windowsVerbatimArguments: false,
  };
  const child = spawn(resolved.file, resolved.args, {
    cwd: spec.cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
    windowsVerbatimArguments: resolved.windowsVerbatimArguments,
    // Its own process group on POSIX, so stopping it can reach everything it started (signalTree).
    detached: process.platform !== 'win32',
  });
  return new AgentProcess(child, spec);
}

/**
 * Why a spawn failed, and what to fix. Node reports a missing working folder as ENOENT too, so the folder is
 * checked before blaming the command.
 */
function describeSpawnError(spec: LaunchSpec, error: NodeJS.ErrnoException): Pick<ExitInfo, 'message' | 'fix'> {
  const { command, cwd } = spec;
  if (error.code === 'ENOENT' && cwd && !isFolder(cwd)) return { message: `Could not start "${command}": its working folder ${cwd} does not exist.`, fix: 'folder' };
  if (error.code === 'ENOENT') return { message: `Could not start "${command}": no such command or file.`, fix: 'command' };
  if (error.code === 'EACCES') return { message: `Could not start "${command}": permission denied (it is not an executable file).`, fix: 'command' };
  if (error.code === 'ENOTDIR' || error.code === 'EISDIR') return { message: `Could not start "${command}": it is not a program.`, fix: 'command' };
  return { message: `Could not start "${command}": ${error.message}` };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `The agent was stopped by signal ${signal}.`;
  if (code === 0) return 'The agent exited.';
  if (code === 127) return 'The agent exited with code 127: its command was not found.';
  if (code === 126) return 'The agent exited with code 126: its command could not be run.';
  return `The agent exited with code ${code}.`;
}
