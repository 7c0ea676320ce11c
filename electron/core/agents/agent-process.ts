/**
 * One agent child process: spawn, stdio as web streams, a bounded stderr ring buffer, exit detection,
 * and a graceful stop (end stdin → SIGTERM after a grace period → SIGKILL).
 *
 * Knows nothing about ACP; `acp/` speaks the protocol over {@link AgentProcess.stdin}/{@link AgentProcess.stdout}.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { RingBuffer } from './ring-buffer';

/** What to run. `env` is merged over the parent's environment. */
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
}

/** Default bytes of stderr kept per agent. */
const STDERR_BYTES = 64 * 1024;

/** A spawned agent process. Create with {@link startAgentProcess}. */
export class AgentProcess {
  /** Resolves once, when the process has exited or could not be spawned. */
  readonly exited: Promise<ExitInfo>;
  /** Bytes the agent writes to stdout (ACP messages). */
  readonly stdout: ReadableStream<Uint8Array>;
  /** Bytes we write to the agent's stdin (ACP messages). */
  readonly stdin: WritableStream<Uint8Array>;
  private readonly stderrTail = new RingBuffer(STDERR_BYTES);
  private exitInfo?: ExitInfo;

  constructor(private readonly child: ChildProcessByStdio<Writable, Readable, Readable>, spec: LaunchSpec) {
    this.stdout = Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>;
    this.stdin = Writable.toWeb(child.stdin) as WritableStream<Uint8Array>;
    // An agent that dies mid-write makes stdin emit EPIPE; that is an exit, not a crash of ours.
    child.stdin.on('error', () => {});
    child.stderr.on('data', (chunk: Buffer) => this.stderrTail.push(chunk));
    this.exited = new Promise((resolve) => {
      child.once('error', (error: NodeJS.ErrnoException) => {
        // spawn failures (ENOENT, EACCES) arrive here and no 'exit' follows.
        this.exitInfo ??= { code: null, signal: null, message: describeSpawnError(spec.command, error), neverStarted: true };
        resolve(this.exitInfo);
      });
      child.once('exit', (code, signal) => {
        this.exitInfo ??= { code, signal, message: describeExit(code, signal) };
        resolve(this.exitInfo);
      });
    });
  }

  /** Process id, or undefined when spawning failed. */
  get pid(): number | undefined {
    return this.child.pid;
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
   * Stops the agent: end stdin first (a well-behaved agent exits on EOF), SIGTERM after `graceMs`,
   * SIGKILL after another `graceMs`. Resolves when the process has exited.
   * Closing the ACP connection before this can kill an agent with EPIPE, so callers stop the process first.
   */
  async stop(graceMs = 1500): Promise<ExitInfo> {
    if (this.exitInfo) {
      // The agent itself is gone; anything it started may not be.
      this.signalTree('SIGKILL');
      return this.exitInfo;
    }
    this.child.stdin.end();
    const term = setTimeout(() => this.signalTree('SIGTERM'), graceMs);
    const kill = setTimeout(() => this.signalTree('SIGKILL'), graceMs * 2);
    try {
      return await this.exited;
    } finally {
      clearTimeout(term);
      clearTimeout(kill);
      // Children the agent started (MCP servers, tools) must not outlive it.
      this.signalTree('SIGKILL');
    }
  }

  /**
   * Signals the agent and every process it started: its process group on POSIX (it was spawned as a
   * group leader), `taskkill /T` on Windows. Never throws.
   */
  private signalTree(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      if (process.platform === 'win32') {
        spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).on('error', () => {});
      } else {
        process.kill(-pid, signal);
      }
    } catch {
      // Already gone.
    }
  }
}

/**
 * Spawns an agent with piped stdio. Never throws: a command that does not exist yields an
 * {@link AgentProcess} whose `exited` resolves at once with a plain-sentence message.
 */
export function startAgentProcess(spec: LaunchSpec): AgentProcess {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
    // Its own process group on POSIX, so stopping it can reach everything it started (signalTree).
    detached: process.platform !== 'win32',
  });
  return new AgentProcess(child, spec);
}

function describeSpawnError(command: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return `Could not start "${command}": no such command or file.`;
  if (error.code === 'EACCES') return `Could not start "${command}": permission denied.`;
  return `Could not start "${command}": ${error.message}`;
}

function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `The agent was stopped by signal ${signal}.`;
  if (code === 0) return 'The agent exited.';
  return `The agent exited with code ${code}.`;
}
