/**
 * What the hub needs from a running agent, whatever carries its bytes: a child process on stdio
 * ({@link AgentProcess}) or a host-provided transport such as Electron's utilityProcess message port for
 * the built-in demo agent in release builds (electron/main/utility-agent.ts).
 */
import type { ExitInfo } from './agent-process';

export interface RunningAgent {
  /** Bytes we send to the agent (ACP messages, newline-delimited JSON). */
  readonly stdin: WritableStream<Uint8Array>;
  /** Bytes the agent sends us. */
  readonly stdout: ReadableStream<Uint8Array>;
  /** Resolves once, when the agent has exited or could not be started. */
  readonly exited: Promise<ExitInfo>;
  /** True once {@link exited} has resolved. */
  readonly hasExited: boolean;
  /**
   * Resolves when the agent's stdout and stderr have both closed: everything it wrote has been read (a process's
   * exit can be reported before its last output is). Absent for transports without such streams.
   */
  readonly outputClosed?: Promise<void>;
  /**
   * Calls `listener` with each chunk of stdout as it is read, besides {@link stdout}'s reader, until the
   * returned function is called. Absent for transports without such streams.
   */
  watchStdout?(listener: (chunk: Uint8Array) => void): () => void;
  /** The agent's recent diagnostic output (bounded), as text. */
  stderrText(): string;
  /** Ends the agent (politely first) and resolves when it has exited. */
  stop(): Promise<ExitInfo>;
}

/** What a transport-backed built-in agent is started with: the merged environment and the working folder. */
export interface RunningAgentOptions {
  env: Record<string, string>;
  cwd?: string;
}
