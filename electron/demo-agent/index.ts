/**
 * Entry point of the built-in demo agent (bundled to out/main/demo-agent.js): an ACP agent on stdio that
 * demonstrates every kind of elicitation, permission requests, and plans, thoughts, markdown and diffs in a
 * turn. See docs/demo-agent.md.
 */
import { Readable, Writable } from 'node:stream';
import { ndJsonStream } from '@agentclientprotocol/sdk/experimental/v2';
import { createDemoAgent } from './agent';
import { DEMO_AGENT_VERSION, forcedProtocol, log } from './info';

/** Serves one ACP connection over this process's stdin/stdout and exits when the client goes away. */
export function runOnStdio(): void {
  process.on('uncaughtException', (error) => log(`unexpected error: ${error.message}`));
  process.on('unhandledRejection', (reason) => {
    log(`unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  });
  process.stdout.on('error', (error) => {
    log(`stdout closed (${error.message}); exiting`);
    process.exit(0);
  });

  const forced = forcedProtocol();
  const { router, sessions, services } = createDemoAgent(forced);
  const stream = ndJsonStream(
    Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
    Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
  );
  log(`v${DEMO_AGENT_VERSION} ready (protocol ${forced ? `forced to v${forced}` : 'v1 + v2'})`);
  const connection = router.connect(stream);
  void connection.closed.then(() => {
    sessions.cancelAll('connection closed');
    services.pages.close();
    log('connection closed; exiting');
    process.exit(0);
  });
}

runOnStdio();
