/**
 * An agent process whose spawn waits on something first (the login shell PATH on macOS, login-shell-path.ts),
 * usable at once: its streams, exit and stop behave as the {@link AgentProcess} they forward to once it exists.
 */
import type { AgentProcess, ExitInfo } from './agent-process';
import type { RunningAgent } from './running-agent';

export class DeferredAgentProcess implements RunningAgent {
  readonly stdin: WritableStream<Uint8Array>;
  readonly stdout: ReadableStream<Uint8Array>;
  readonly exited: Promise<ExitInfo>;
  readonly outputClosed: Promise<void>;
  private process?: AgentProcess;
  private failure?: ExitInfo;
  private readonly ready: Promise<AgentProcess | undefined>;
  private readonly listeners = new Map<(chunk: Uint8Array) => void, () => void>();

  /**
   * @param start resolves with the spawned process; a rejection (its message a plain sentence) becomes an exit
   *   of a process that never started.
   */
  constructor(start: Promise<AgentProcess>) {
    const input = new TransformStream<Uint8Array, Uint8Array>();
    const output = new TransformStream<Uint8Array, Uint8Array>();
    this.stdin = input.writable;
    this.stdout = output.readable;
    this.ready = start.then(
      (process) => {
        this.process = process;
        for (const [listener] of this.listeners) this.listeners.set(listener, process.watchStdout(listener));
        void input.readable.pipeTo(process.stdin).catch(() => {});
        void process.stdout.pipeTo(output.writable).catch(() => {});
        return process;
      },
      (error: unknown) => {
        this.failure = { code: null, signal: null, neverStarted: true, message: error instanceof Error ? error.message : String(error) };
        void input.readable.cancel().catch(() => {});
        void output.writable.close().catch(() => {});
        return undefined;
      },
    );
    this.exited = this.ready.then((process) => process?.exited ?? this.failure!);
    this.outputClosed = this.ready.then((process) => process?.outputClosed);
  }

  /** Process id once spawned. */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** Pids of the descendants known now (see {@link AgentProcess.descendantPids}). */
  get descendantPids(): number[] {
    return this.process?.descendantPids ?? [];
  }

  get hasExited(): boolean {
    return this.failure !== undefined || (this.process?.hasExited ?? false);
  }

  /** Sees each stdout chunk, from the spawn on (see {@link AgentProcess.watchStdout}). */
  watchStdout(listener: (chunk: Uint8Array) => void): () => void {
    this.listeners.set(listener, this.process?.watchStdout(listener) ?? (() => {}));
    return () => {
      this.listeners.get(listener)?.();
      this.listeners.delete(listener);
    };
  }

  stderrText(): string {
    return this.process?.stderrText() ?? '';
  }

  /** Stops the process once it has spawned (the wait before the spawn is bounded by its cause). */
  async stop(graceMs?: number): Promise<ExitInfo> {
    const process = await this.ready;
    return process ? process.stop(graceMs) : this.failure!;
  }
}
