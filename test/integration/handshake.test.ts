import { afterEach, describe, expect, it } from 'vitest';
import { agentView, eventually, handshake, startRig, type Rig } from './hub-fixture';
import { V1_INIT_RESULT, V2_INIT_RESULT } from './puppet';
import { STDERR_TAIL_LINE_CHARS, STDERR_TAIL_LINES } from '../../electron/core/agents/stderr-tail';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('initialize and version negotiation', () => {
  it('sends one initialize carrying both the v2 and the v1 shapes, advertising form elicitation as an object', async () => {
    rig = await startRig([{ id: 'a' }]);
    const [puppet] = rig.puppets;
    const init = await puppet.next((m) => m.method === 'initialize');
    // spec E-VER: offer v2; a v1 agent reads only clientInfo/clientCapabilities.
    expect(init.params.protocolVersion).toBe(2);
    expect(init.params.info).toMatchObject({ name: 'switchboard' });
    expect(init.params.clientInfo).toMatchObject({ name: 'switchboard' });
    // spec E-CAP-1, E-CAP-2: modes as objects, only what the app honours now (form; URL mode comes later).
    expect(init.params.capabilities.elicitation).toEqual({ form: {} });
    expect(init.params.clientCapabilities.elicitation).toEqual({ form: {} });
  });

  it('speaks v2 with an agent that answers protocolVersion 2 and never sends a second initialize', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a', V2_INIT_RESULT);
    // spec E-VER, E-REQ-7: the negotiated version and the agent's own info are shown.
    expect(agentView(hub, 'a')).toMatchObject({ protocolVersion: 2, agentInfo: { name: 'puppet', version: '1.0.0' } });
    await new Promise((done) => setTimeout(done, 100));
    expect(puppets[0].received.filter((m) => m.method === 'initialize')).toHaveLength(1);
  });

  it('falls back to v1 when the agent answers protocolVersion 1', async () => {
    rig = await startRig([{ id: 'old' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'old', V1_INIT_RESULT);
    // spec E-VER: each connection negotiates its own version.
    expect(agentView(hub, 'old')).toMatchObject({ protocolVersion: 1, agentInfo: { name: 'puppet-v1' } });
    expect(puppets[0].received.filter((m) => m.method === 'initialize')).toHaveLength(1);
  });

  it('negotiates each connection on its own: a v1 and a v2 agent side by side', async () => {
    rig = await startRig([{ id: 'new' }, { id: 'old' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'new', V2_INIT_RESULT);
    await handshake(hub, puppets[1], 'old', V1_INIT_RESULT);
    expect(agentView(hub, 'new').protocolVersion).toBe(2);
    expect(agentView(hub, 'old').protocolVersion).toBe(1);
  });

  it('shows a plain error when the agent answers a protocol version it does not share', async () => {
    rig = await startRig([{ id: 'future' }]);
    const { hub, puppets } = rig;
    await puppets[0].answer('initialize', { ...V2_INIT_RESULT, protocolVersion: 7 });
    const status = await eventually(() => {
      const s = agentView(hub, 'future').status;
      return s.kind === 'failed' || s.kind === 'exited' ? s : undefined;
    });
    expect(status).toMatchObject({ message: expect.stringContaining('protocol version 7') });
  });

  it('shows a plain error when the agent refuses initialize', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    const init = await puppets[0].next((m) => m.method === 'initialize');
    await puppets[0].send({ id: init.id, error: { code: -32603, message: 'boom' } });
    const status = await eventually(() => {
      const s = agentView(hub, 'a').status;
      return s.kind === 'failed' || s.kind === 'exited' ? s : undefined;
    });
    expect(status).toMatchObject({ message: expect.stringContaining('refused initialize (code -32603): “boom”') });
  });

  it('says so in the sidebar when the agent command does not exist, and the other agents keep working', async () => {
    rig = await startRig([{ id: 'good' }], [{ id: 'missing', name: 'Missing', command: '/no/such/agent-binary', args: [], env: {} }]);
    const { hub, puppets } = rig;
    const status = await eventually(() => {
      const s = agentView(hub, 'missing').status;
      return s.kind === 'exited' || s.kind === 'failed' ? s : undefined;
    });
    // It says which setting to check (the renderer offers Edit).
    expect(status).toEqual({ kind: 'failed', message: 'Could not start "/no/such/agent-binary": no such command or file.', fix: 'command' });
    await handshake(hub, puppets[0], 'good');
    expect(agentView(hub, 'good').status.kind).toBe('ready');
  });

  it('shows a crash with its exit code and when it will be restarted', async () => {
    rig = await startRig([{ id: 'a', env: { PUPPET_EXIT_CODE: '3' } }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    const before = Date.now();
    puppets[0].exit();
    const status = await eventually(() => {
      const s = agentView(hub, 'a').status;
      return s.kind === 'crashed' ? s : undefined;
    });
    expect(status).toMatchObject({ code: 3, message: 'The agent exited with code 3.' });
    // The first automatic restart comes about a second later.
    expect(status.restartAt! - before).toBeGreaterThanOrEqual(900);
    expect(status.restartAt! - before).toBeLessThan(3000);
  });

  // The status carries the agent's last stderr lines, redacted (spec E-PRIV-1), and a shell's
  // 127 says the command was not found.
  it('shows the last stderr lines with a crash, redacted, and points at the command after exit 127', async () => {
    const key = 'sk-ant-api03-' + 'k'.repeat(30);
    const lines = [...Array.from({ length: 20 }, (_, i) => `noise ${i}`), `key ${key}`, 'mine is hunter2hunter2', 'see https://example.com/cb?code=secret123', 'x'.repeat(1000)];
    rig = await startRig([{ id: 'a', env: { PUPPET_EXIT_CODE: '127', PUPPET_STDERR: lines.join('\n'), OWN_SECRET: 'hunter2hunter2' } }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    puppets[0].exit();
    const status = await eventually(() => {
      const s = agentView(hub, 'a').status;
      return s.kind === 'crashed' ? s : undefined;
    });
    expect(status).toMatchObject({ code: 127, message: 'The agent exited with code 127: its command was not found.', fix: 'command' });
    // The last STDERR_TAIL_LINES lines, each at most STDERR_TAIL_LINE_CHARS, ellipsis included.
    expect(status.stderrTail).toHaveLength(STDERR_TAIL_LINES);
    expect(status.stderrTail!.slice(-5)).toEqual(['noise 19', 'key ‹redacted›', 'mine is ‹redacted›', 'see https://example.com/…', 'x'.repeat(STDERR_TAIL_LINE_CHARS - 1) + '…']);
  });

  it('says the working folder is missing rather than blaming the command', async () => {
    rig = await startRig([], [{ id: 'lost', name: 'Lost', command: 'node', args: [], env: {}, cwd: '/no/such/folder' }]);
    const status = await eventually(() => {
      const s = agentView(rig!.hub, 'lost').status;
      return s.kind === 'failed' ? s : undefined;
    });
    expect(status).toEqual({ kind: 'failed', message: 'Could not start "node": its working folder /no/such/folder does not exist.', fix: 'folder' });
  });

  it('shows a clean exit as exited, and does not restart it', async () => {
    rig = await startRig([{ id: 'a', env: { PUPPET_EXIT_CODE: '0' } }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    puppets[0].exit();
    const status = await eventually(() => {
      const s = agentView(hub, 'a').status;
      return s.kind === 'exited' ? s : undefined;
    });
    expect(status).toMatchObject({ code: 0, message: 'The agent exited.' });
  });
});
