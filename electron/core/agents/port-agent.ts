/**
 * A {@link RunningAgent} over a child that speaks through a message port: Electron's `UtilityProcess`
 * (the demo agent in release builds) or anything shaped like it. ACP bytes travel as one `Uint8Array` per
 * message ({@link createPortStreams}); stderr, when piped, fills the same bounded tail an agent process has.
 *
 * Plain Node: the child is passed in, so the integration tests drive this with a forked Node process.
 */
import { RingBuffer } from './ring-buffer';
import { createPortStreams, PORT_EOF } from '../../../shared/port-streams';
import type { ExitInfo } from './agent-process';
import type { RunningAgent } from './running-agent';

/** What this needs of the child (a structural subset of Electron's `UtilityProcess`). */
export interface PortChild {
  postMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the child has exited, with its exit code (null when unknown). */
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
  readonly stderr?: NodeJS.ReadableStream | null;
}

/** Bytes of the child's stderr kept for "Show log" (the same budget as an agent process's). */
const STDERR_BYTES = 64 * 1024;
/** How long a stopped agent may take to exit after end-of-stream before it is killed, in ms. */
export const PORT_AGENT_STOP_GRACE_MS = 1500;

/** Wraps a started child; `name` appears in the exit sentence ("The demo agent exited."). */
export function portAgent(child: PortChild, name: string): RunningAgent {
  const tail = new RingBuffer(STDERR_BYTES);
  child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
  const streams = createPortStreams((message) => child.postMessage(message));
  child.onMessage((message) => streams.deliver(message));
  let exitInfo: ExitInfo | undefined;
  const exited = new Promise<ExitInfo>((resolve) => {
    child.onExit((code) => {
      streams.close();
      exitInfo ??= { code, signal: null, message: code === 0 ? `${name} exited.` : `${name} exited with code ${code ?? 'unknown'}.` };
      resolve(exitInfo);
    });
  });

  return {
    stdin: streams.writable,
    stdout: streams.readable,
    exited,
    get hasExited() {
      return exitInfo !== undefined;
    },
    stderrText: () => tail.text(),
    async stop() {
      if (exitInfo) return exited;
      // End of stream first (the agent closes its connection and exits), then kill after a grace period.
      child.postMessage(PORT_EOF);
      const kill = setTimeout(() => child.kill(), PORT_AGENT_STOP_GRACE_MS);
      try {
        return await exited;
      } finally {
        clearTimeout(kill);
      }
    },
  };
}
