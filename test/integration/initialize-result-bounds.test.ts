/**
 * What of an agent's `initialize` result reaches main (the brief: every input from an agent is bounded, time on
 * main's thread included). The result is as large as the agent makes it, up to a line's budget; main gets only
 * the bounded parts it uses, read in the connection's worker, so a huge result costs that agent's worker and not
 * every other agent's page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectAgentInWorker } from '../../electron/core/acp/worker/connection-proxy';
import type { RemoteConnection } from '../../electron/core/acp/worker/surface';
import { MAX_LABEL_CHARS } from '../../electron/core/acp/session-setup';
import { MAX_SIGN_IN_COMMAND_CHARS } from '../../electron/core/budgets';

const MiB = 1024 * 1024;
/** What main may hold of one connection's values: labels, flags, a few sign-in methods. Far under the result. */
const BOUNDED_VALUES_CHARS = 64 * 1024;

let connection: RemoteConnection | undefined;
afterEach(() => {
  connection?.close();
  connection = undefined;
});

/** Connects to an in-memory agent that answers `initialize` with `result`. */
async function connectAnswering(result: Record<string, unknown>): Promise<RemoteConnection> {
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const fromAgent = new TransformStream<Uint8Array, Uint8Array>();
  void (async () => {
    const writer = fromAgent.writable.getWriter();
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of toAgent.readable as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        if (message.method === 'initialize') await writer.write(new TextEncoder().encode(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\n'));
      }
    }
  })();
  return connectAgentInWorker({
    stdin: toAgent.writable,
    stdout: fromAgent.readable,
    modes: ['form'],
    clientInfo: { name: 'switchboard', title: 'Switchboard', version: '0' },
    callbacks: {} as never,
  });
}

describe('the initialize result main receives', () => {
  it('is the bounded parts main uses, never the whole result: 3 MB of _meta and sign-in words stay in the worker', async () => {
    const manyWords = Array.from({ length: 100_000 }, (_, i) => `w${i}`);
    connection = await connectAnswering({
      protocolVersion: 2,
      info: { name: 'n'.repeat(10_000), version: '1' },
      capabilities: { session: { prompt: { image: {} } } },
      authMethods: [
        { methodId: 'login', type: 'terminal', name: 'Log in', args: manyWords, env: [{ name: 'MODE', value: 'v'.repeat(MiB / 4) }] },
        { methodId: 'key', name: 'API key' },
      ],
      _meta: { blob: Array.from({ length: 600_000 }, () => ({})) },
    });
    // What main uses is there, bounded (spec E-REQ-7: the agent's name, a label).
    expect(connection.agentInfo?.name.length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
    expect(connection.capabilities.prompt.image).toBe(true);
    expect(connection.authMethods.map((m) => m.methodId)).toEqual(['login', 'key']);
    // The terminal method's words, longer than any command Switchboard shows, did not cross: main refuses it as too long.
    expect(connection.authMethods[0].terminal).toEqual({ args: [], env: {}, tooLong: true });
    // And nothing else of the result did.
    expect('initializeResult' in connection).toBe(false);
    expect(JSON.stringify(connection).length).toBeLessThan(BOUNDED_VALUES_CHARS);
  });

  it('keeps a terminal method whose words fit a readable command whole', async () => {
    connection = await connectAnswering({
      protocolVersion: 2,
      info: { name: 'p', version: '1' },
      capabilities: {},
      authMethods: [{ methodId: 'login', type: 'terminal', name: 'Log in', args: ['--login', 'x'.repeat(MAX_SIGN_IN_COMMAND_CHARS - 100)], env: [{ name: 'MODE', value: 'tty' }] }],
    });
    expect(connection.authMethods[0].terminal).toEqual({ args: ['--login', 'x'.repeat(MAX_SIGN_IN_COMMAND_CHARS - 100)], env: { MODE: 'tty' } });
  });
});
