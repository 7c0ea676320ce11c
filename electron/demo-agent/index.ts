/**
 * Entry point of the built-in demo agent (bundled to out/main/demo-agent.js): an ACP agent that
 * demonstrates every kind of elicitation, permission requests, and plans, thoughts, markdown and diffs in a
 * turn. See docs/demo-agent.md.
 *
 * It serves one ACP connection over whichever channel it was started with: stdin/stdout when run as a
 * child process (the harness, the tests), or the parent port when Electron runs it as a utilityProcess
 * (release builds, where the runAsNode fuse is off and a utility process has no stdin).
 */
import { Readable, Writable } from 'node:stream';
import { ndJsonStream } from '@agentclientprotocol/sdk/experimental/v2';
import { createPortStreams } from '../../shared/port-streams';
import { createDemoAgent } from './agent';
import { DEMO_AGENT_VERSION, forcedProtocol, log } from './info';

/** Electron's `process.parentPort` in a utility process (structurally; this file never imports electron). */
interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
}

function installErrorLogging(): void {
  process.on('uncaughtException', (error) => log(`unexpected error: ${error.message}`));
  process.on('unhandledRejection', (reason) => {
    log(`unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  });
}

/** Serves one connection over `stream` and exits when the client goes away. */
function serve(stream: ReturnType<typeof ndJsonStream>, channel: string): void {
  const forced = forcedProtocol();
  const { router, sessions, services } = createDemoAgent(forced);
  log(`v${DEMO_AGENT_VERSION} ready on ${channel} (protocol ${forced ? `forced to v${forced}` : 'v1 + v2'})`);
  const connection = router.connect(stream);
  void connection.closed.then(() => {
    sessions.cancelAll('connection closed');
    services.pages.close();
    log('connection closed; exiting');
    process.exit(0);
  });
}

/** Serves one ACP connection over this process's stdin/stdout. */
export function runOnStdio(): void {
  installErrorLogging();
  process.stdout.on('error', (error) => {
    log(`stdout closed (${error.message}); exiting`);
    process.exit(0);
  });
  const stream = ndJsonStream(
    Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
    Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
  );
  serve(stream, 'stdio');
}

/** Serves one ACP connection over a utility process's parent port (one byte chunk per message). */
export function runOnParentPort(port: ParentPort): void {
  installErrorLogging();
  const streams = createPortStreams((message) => port.postMessage(message));
  port.on('message', (event) => streams.deliver(event.data));
  serve(ndJsonStream(streams.writable, streams.readable), 'its parent port');
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (parentPort) runOnParentPort(parentPort);
else runOnStdio();
