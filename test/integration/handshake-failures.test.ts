/**
 * Programs that are not ACP agents, configured as agents: each is told apart as early as its behaviour allows, and
 * the user reads one story about it wherever they look (the agent pane's sentence, "<name> did not answer the ACP
 * handshake: <what it did>. Check …", and the sidebar's short "Did not speak ACP"). A real agent that prints a
 * banner line before it speaks ACP still starts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import type { AgentConfig } from '../../electron/core/config/config';
import type { AgentStatus } from '../../shared/views/agents';
import { INITIALIZE_TIMEOUT_MS, UNREADABLE_OUTPUT_GRACE_MS } from '../../electron/core/budgets';
import { sidebarStatusText } from '../../renderer/src/agents/model/agent-status';
import { agentStatusDetail } from '../../renderer/src/shell/model/format';
import { agentView, eventually, handshake, startRig, type Rig } from './hub-fixture';

const CHECK = 'Check that its command and arguments start an agent that speaks ACP on its standard input and output';
/** Planted in the agents' env: neither the status nor any log line may carry it (spec E-PRIV-1). */
const SECRET = 'hunter2-not-for-logs-7f3a';

let hub: Hub | undefined;
let rig: Rig | undefined;
let logs: string[] = [];
afterEach(async () => {
  await hub?.stop();
  await rig?.close();
  hub = undefined;
  rig = undefined;
  logs = [];
});

/** A program run by node with `script` as its source. */
function program(id: string, name: string, script: string): AgentConfig {
  return { id, name, command: process.execPath, args: ['-e', script], env: { OWN_SECRET: SECRET } };
}

function startHub(agents: AgentConfig[], initializeTimeoutMs?: number): Hub {
  hub = new Hub({
    config: { agents, urlMode: 'off' },
    builtinAgents: {},
    defaultCwd: '/tmp',
    log: (line) => logs.push(line),
    ...(initializeTimeoutMs ? { initializeTimeoutMs } : {}),
  });
  hub.start();
  return hub;
}

/** Waits until the agent's status is no longer "starting", and how long that took (ms). */
async function settled(agentId: string, waitMs = 15_000): Promise<{ status: AgentStatus; afterMs: number }> {
  const started = Date.now();
  const status = await eventually(() => {
    const s = agentView(hub!, agentId).status;
    return s.kind === 'starting' ? undefined : s;
  }, waitMs);
  return { status, afterMs: Date.now() - started };
}

/**
 * What the user reads: the agent pane's whole sentence (returned), and in the sidebar a few words that tell the same
 * story (the sidebar repeated the whole sentence, clamped to four lines). The few
 * words must be the handshake's, not a generic "Could not start", and short enough for the sidebar's two lines.
 */
function readByUser(status: AgentStatus): string {
  expect(status).toMatchObject({ kind: 'failed', fix: 'protocol' });
  const sidebar = sidebarStatusText(status, 0);
  expect(sidebar).toBe('Did not speak ACP');
  const pane = agentStatusDetail(status);
  expect(pane).toMatch(/ did not answer the ACP handshake: /);
  return pane;
}

/** Waits until the agent's process is gone, then a little, so an exit could have changed the status. */
async function afterItsExit(agentId: string): Promise<AgentStatus> {
  await new Promise((done) => setTimeout(done, 2500));
  return agentView(hub!, agentId).status;
}

describe('a program that is not an ACP agent', () => {
  it('that echoes its input (cat) is told at once, and the exit that follows does not turn it into "Exited (code 0)"', async () => {
    startHub([{ id: 'cat', name: 'Cat', command: '/bin/cat', args: [], env: {} }]);
    const { status, afterMs } = await settled('cat');
    // The echoed initialize is the tell (the sentence says so), not the time-out it used to wait for.
    expect(afterMs).toBeLessThan(INITIALIZE_TIMEOUT_MS / 3);
    expect(status.kind).toBe('failed');
    expect(readByUser(status)).toBe(
      `Cat did not answer the ACP handshake: it sent Switchboard's own initialize request back, as a program that echoes its input (such as cat) does. ${CHECK} (many agents need a flag or an ACP adapter for that).`,
    );
    // Switchboard stopped it; cat exits 0 on EOF. The story stays the same, and it is not restarted.
    const later = await afterItsExit('cat');
    // The pane offers Edit on what to check: the command and its arguments as a whole.
    expect(later).toMatchObject({ kind: 'failed', message: agentStatusDetail(status), fix: 'protocol' });
    expect(logs.filter((line) => line.includes('ready'))).toEqual([]);
  });

  it('that prints a usage text and waits is told within the grace, quoting the line, redacted', async () => {
    startHub([program('usage', 'Usage', `console.log('Usage: fake-agent [--acp] token=' + process.env.OWN_SECRET); setInterval(() => {}, 1000);`)]);
    const { status, afterMs } = await settled('usage');
    expect(afterMs).toBeLessThan(UNREADABLE_OUTPUT_GRACE_MS + 5000);
    expect(status.kind).toBe('failed');
    expect(readByUser(status)).toBe(
      `Usage did not answer the ACP handshake: it printed text that is not an ACP message: “Usage: fake-agent [--acp] token=‹redacted›”. ${CHECK} (many agents need a flag or an ACP adapter for that).`,
    );
    expect((await afterItsExit('usage')).kind).toBe('failed');
    // The quote is the user's to read, never the log's (spec E-PRIV-1).
    expect(logs.join('\n')).not.toContain(SECRET);
    expect(logs.join('\n')).not.toContain('fake-agent');
  });

  it('that prints a secret across the quote’s cut shows no part of it', async () => {
    // 105 characters come before the secret: cut first to 120 characters, 14 of it used to show.
    startHub([program('long', 'Long', `console.log('x'.repeat(100) + ' key ' + process.env.OWN_SECRET + ' end'); setInterval(() => {}, 1000);`)]);
    const { status } = await settled('long');
    const read = readByUser(status);
    expect(read).toBe(`Long did not answer the ACP handshake: it printed text that is not an ACP message: “${'x'.repeat(100)} key ‹redacted› end”. ${CHECK} (many agents need a flag or an ACP adapter for that).`);
    for (let i = 3; i <= SECRET.length; i++) expect(read).not.toContain(SECRET.slice(0, i));
  });

  it('that floods its output with text is stopped at once', async () => {
    startHub([program('yes', 'Yes', `setInterval(() => process.stdout.write('y\\n'.repeat(100)), 5);`)]);
    // The count is the tell, not the grace after the first line (whose sentence has no count).
    const { status } = await settled('yes');
    expect(readByUser(status)).toMatch(/^Yes did not answer the ACP handshake: it printed more than 20 lines that are not ACP messages, the first: “y”\. Check/);
  });

  it('that exits at once with code 0 reads as not started, not as "Exited (code 0)"', async () => {
    startHub([program('quiet', 'Quiet', `process.exit(0)`)]);
    const { status } = await settled('quiet');
    expect(status.kind).toBe('failed');
    expect(readByUser(status)).toBe(`Quiet did not answer the ACP handshake: it exited (code 0) without answering. ${CHECK} (many agents need a flag or an ACP adapter for that).`);
  });

  it('that prints its usage and exits with an error says both once, and is not restarted as a crash', async () => {
    // Each start leaves a line in `starts`, so a restart loop would show.
    const dir = mkdtempSync(join(tmpdir(), 'sb-starts-'));
    const starts = join(dir, 'starts');
    try {
      const script = `require('fs').appendFileSync(${JSON.stringify(starts)}, 'x'); console.log('error: unknown option --stdio'); process.exit(2)`;
      startHub([program('bad', 'Bad', script)]);
      const { status } = await settled('bad');
      // docs/isolation.md "A program that is not an agent": it never completed the handshake, so it is not a crash.
      expect(status.kind).toBe('failed');
      expect(status).not.toHaveProperty('restartAt');
      expect(readByUser(status)).toBe(
        `Bad did not answer the ACP handshake: it exited with code 2 before answering: “error: unknown option --stdio”. ${CHECK} (many agents need a flag or an ACP adapter for that).`,
      );
      // Past the first automatic restart's delay (1 s): started once, and still told the same way.
      const later = await afterItsExit('bad');
      expect(later).toEqual(status);
      expect(readFileSync(starts, 'utf8')).toBe('x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('that never says anything is told after the initialize time-out, and stopped', async () => {
    startHub([program('mute', 'Mute', `setInterval(() => {}, 1000);`)], 2000);
    const { status, afterMs } = await settled('mute');
    expect(afterMs).toBeGreaterThanOrEqual(1900);
    expect(readByUser(status)).toBe(`Mute did not answer the ACP handshake: it sent no ACP message within 2 s. ${CHECK} (many agents need a flag or an ACP adapter for that).`);
    // It ignored its closed input; Switchboard ended it, and did not count that as a crash to restart from.
    expect((await afterItsExit('mute')).kind).toBe('failed');
  });

  it('that answers a request Switchboard never sent is told at once', async () => {
    rig = await startRig([{ id: 'odd', name: 'Odd' }]);
    await rig.puppets[0].next((m) => m.method === 'initialize');
    await rig.puppets[0].send({ id: 99, result: { protocolVersion: 1 } });
    const status = await eventually(() => {
      const s = agentView(rig!.hub, 'odd').status;
      return s.kind === 'failed' ? s : undefined;
    });
    expect(status.message).toMatch(/^Odd did not answer the ACP handshake: it answered a request Switchboard never sent\. Check/);
  });

  it('that refuses initialize with a secret in its error message is quoted redacted, bounded and on one line', async () => {
    // What the agent says is untrusted: a key it echoes, a line break, a bidi override, any length (spec E-PRIV-1).
    const refuse = (message: string) =>
      `require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => { const m = JSON.parse(l); if (m.method === 'initialize') console.log(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32000, message: ${message} } })); });`;
    startHub([
      program('refuser', 'Refuser', refuse(`'Invalid API key ' + process.env.OWN_SECRET + '\\nline2 ' + 'y'.repeat(5000)`)),
      program('mute-error', 'Mute', refuse(`{ text: 'not a string' }`)),
    ]);
    const { status } = await settled('refuser');
    const read = readByUser(status);
    expect(read).toMatch(/^Refuser did not answer the ACP handshake: it refused initialize \(code -32000\): “Invalid API key ‹redacted›\\nline2 y+…”\. Check/);
    expect(read.length).toBeLessThan(400);
    expect(read).not.toContain(SECRET.slice(0, 4));
    const mute = readByUser((await settled('mute-error')).status);
    expect(mute).toBe(`Mute did not answer the ACP handshake: it refused initialize (code -32000) without a message. ${CHECK} (many agents need a flag or an ACP adapter for that).`);
    expect(logs.join('\n')).not.toContain(SECRET);
  });

  it('answering v2 without the fields v2 requires is told in one plain sentence, not a schema dump', async () => {
    // Brief: bad input from an agent gets one plain sentence for the user.
    rig = await startRig([{ id: 'v2', name: 'Half' }]);
    await rig.puppets[0].answer('initialize', { protocolVersion: 2, capabilities: {} });
    const status = await eventually(() => {
      const s = agentView(rig!.hub, 'v2').status;
      return s.kind === 'failed' ? s : undefined;
    });
    expect(status.message).toMatch(/^Half did not answer the ACP handshake: its initialize answer is not what ACP requires: `info` is missing or wrong\. Check/);
    expect(status.message).not.toMatch(/[\n{}[\]]/);
  });

  it('answering with an MCP protocol version is named as an MCP server', async () => {
    rig = await startRig([{ id: 'mcp', name: 'Everything' }]);
    await rig.puppets[0].answer('initialize', { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'everything' } });
    const status = await eventually(() => {
      const s = agentView(rig!.hub, 'mcp').status;
      return s.kind === 'failed' ? s : undefined;
    });
    expect(status.message).toContain('it answered with ACP protocol version "2025-06-18", a date such as MCP servers answer, so it looks like an MCP server rather than an ACP agent');
  });
});

describe('an agent that prints a line before it speaks ACP', () => {
  it('still starts when that line is a JSON log line, not a JSON-RPC message', async () => {
    rig = await startRig([{ id: 'logger', name: 'Logger' }]);
    const [puppet] = rig.puppets;
    await puppet.next((m) => m.method === 'initialize');
    // A pino-style log line: an object without method, id, result or error is no response to anything.
    await puppet.sendRaw('{"level":30,"msg":"server starting"}');
    await puppet.sendRaw('{"level":30,"msg":"listening","id":7}');
    await handshake(rig.hub, puppet, 'logger');
    expect(agentView(rig.hub, 'logger').status.kind).toBe('ready');
  });

  it('is stopped when it floods JSON log lines instead of answering', async () => {
    rig = await startRig([{ id: 'flood', name: 'Flood' }]);
    const [puppet] = rig.puppets;
    await puppet.next((m) => m.method === 'initialize');
    for (let i = 0; i < 25; i++) await puppet.sendRaw(`{"level":30,"msg":"tick ${i}"}`);
    const status = await eventually(() => {
      const s = agentView(rig!.hub, 'flood').status;
      return s.kind === 'failed' ? s : undefined;
    });
    expect(status.message).toMatch(/^Flood did not answer the ACP handshake: it printed more than 20 JSON lines that are not ACP messages\. Check/);
  });


  it('still starts when it answers within the grace', async () => {
    rig = await startRig([{ id: 'chatty', name: 'Chatty' }]);
    const [puppet] = rig.puppets;
    await puppet.next((m) => m.method === 'initialize');
    await puppet.sendRaw('Chatty agent 1.0 starting (logs on stdout, sorry)');
    await handshake(rig.hub, puppet, 'chatty');
    expect(agentView(rig.hub, 'chatty').status.kind).toBe('ready');
    // And it stays ready past the grace: the watch on its output ended with the handshake.
    await new Promise((done) => setTimeout(done, UNREADABLE_OUTPUT_GRACE_MS + 500));
    expect(agentView(rig.hub, 'chatty').status.kind).toBe('ready');
  });
});
