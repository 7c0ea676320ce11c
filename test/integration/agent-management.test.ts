import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandResults } from '../../shared/bridge';
import { MemoryConfigStore } from '../../electron/core/config/config-store';
import { Hub } from '../../electron/core/hub';
import { ARRIVAL_GATHER_MS, type AttentionSink } from '../../electron/core/requests/arrivals';
import { NAME_SCHEMA, agentView, eventually, handshake, openSession, queueItem, startRig, type Rig } from './hub-fixture';
import { Puppet } from './puppet';

let rig: Rig | undefined;
let hubs: Hub[] = [];
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  await Promise.all(hubs.map((h) => h.stop()));
  hubs = [];
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('managing agents from the app', () => {
  it('adds an agent (it starts), saves the config, reorders, turns one off (it stops) and removes it', async () => {
    const store = new MemoryConfigStore();
    const first = await Puppet.create();
    const second = await Puppet.create();
    const hub = new Hub({ config: { agents: [first.agentConfig('one', 'One')], urlMode: 'app-window' }, builtinAgents: {}, defaultCwd: '/tmp', batchIntervalMs: 1, configStore: store });
    hubs.push(hub);
    hub.start();
    await handshake(hub, first, 'one');

    const template = second.agentConfig('ignored', 'Two');
    const { agentId } = (await hub.invoke('saveAgent', { name: 'Two', command: template.command, args: template.args, env: template.env })) as { agentId: string };
    expect(agentId).toBe('two');
    await handshake(hub, second, 'two');
    expect(store.saved?.agents.map((a) => a.id)).toEqual(['one', 'two']);

    await hub.invoke('moveAgent', { agentId: 'two', toIndex: 0 });
    expect(hub.snapshot().agents.map((a) => a.agentId)).toEqual(['two', 'one']);
    expect(store.saved?.agents.map((a) => a.id)).toEqual(['two', 'one']);

    await hub.invoke('setAgentFlags', { agentId: 'two', enabled: false });
    expect(agentView(hub, 'two')).toMatchObject({ enabled: false, status: { kind: 'disabled' } });
    await expect(hub.invoke('restartAgent', { agentId: 'two' })).rejects.toThrow(/turned off/);

    await hub.invoke('removeAgent', { agentId: 'two' });
    expect(hub.snapshot().agents.map((a) => a.agentId)).toEqual(['one']);
    expect(store.saved?.agents.map((a) => a.id)).toEqual(['one']);
    await first.close();
    await second.close();
  });

  it('refuses an invalid edit with a sentence and changes nothing', async () => {
    rig = await startRig([{ id: 'a' }]);
    await expect(rig.hub.invoke('saveAgent', { name: 'No command', args: [], env: {} })).rejects.toThrow(/needs either a "command" or "builtin"/);
    expect(rig.hub.snapshot().agents.map((a) => a.agentId)).toEqual(['a']);
  });

  it('shows the agent log with its secrets redacted', async () => {
    const hub = new Hub({
      config: { agents: [{ id: 'noisy', name: 'Noisy', command: process.execPath, args: ['-e', 'console.error("token=" + process.env.MY_TOKEN + " key sk-abcdefghijklmnopqrstuvwx"); setInterval(() => {}, 1e6)'], env: { MY_TOKEN: 'super-secret-value' } }], urlMode: 'app-window' },
      builtinAgents: {},
      defaultCwd: '/tmp',
      initializeTimeoutMs: 60_000,
    });
    hubs.push(hub);
    hub.start();
    let text = '';
    for (let i = 0; i < 100 && !text.includes('token='); i++) {
      await new Promise((done) => setTimeout(done, 50));
      text = ((await hub.invoke('getAgentLog', { agentId: 'noisy' })) as { text: string }).text;
    }
    expect(text).toContain('token=‹redacted›');
    expect(text).not.toContain('super-secret-value');
    expect(text).not.toContain('sk-abcdefghijklmnopqrstuvwx');
  });
});

describe('links in agent messages', () => {
  it('opens only checked https addresses, re-serialised, and refuses others in plain words', async () => {
    const opened: string[] = [];
    rig = await startRig([{ id: 'a' }], [], { openExternal: (url) => opened.push(url) });
    expect(await rig.hub.invoke('openExternal', { url: 'HTTPS://Example.com/docs' })).toEqual({ opened: true });
    await expect(rig.hub.invoke('openExternal', { url: 'javascript:alert(1)' })).rejects.toThrow(/does not open this link/);
    await expect(rig.hub.invoke('openExternal', { url: 'file:///etc/passwd' })).rejects.toThrow(/does not open this link/);
    expect(opened).toEqual(['https://example.com/docs']);
  });

  // spec E-URL-4: what URL mode warns about before consent is not opened on one click from a message either;
  // spec E-URL-3: the user is asked, shown the real host as main parsed it (never the link's text).
  it.each([
    ['text naming another host', 'https://evil.example/', 'paypal.com', { host: 'evil.example', warning: /^Its text names paypal\.com, but it goes to evil\.example\.$/ }],
    ['text that is another URL', 'https://evil.example/', 'https://paypal.com/login', { host: 'evil.example', warning: /^Its text names paypal\.com,/ }],
    ['userinfo', 'https://paypal.com@evil.example/', 'sign in', { host: 'evil.example', warning: /the real host is evil\.example/ }],
    ['a punycode host', 'https://xn--pypal-4ve.com/', 'pay here', { host: 'xn--pypal-4ve.com', hostUnicode: 'p\u0430ypal.com', warning: /./ }],
    ['a raw IP host', 'https://1.2.3.4:8443/x', 'dashboard', { host: '1.2.3.4', warning: /raw IP address \(1\.2\.3\.4\)/ }],
    ['a mixed-script host', 'https://\u0430ccounts.google.com/', 'accounts', { host: 'xn--ccounts-1fg.google.com', hostUnicode: '\u0430ccounts.google.com', warning: /./ }],
  ])('asks before a link with %s, naming the real host, and opens it only once confirmed', async (_, url, text, expected) => {
    const opened: string[] = [];
    rig = await startRig([{ id: 'a' }], [], { openExternal: (u) => opened.push(u) });
    const answer = (await rig.hub.invoke('openExternal', { url, text })) as CommandResults['openExternal'];
    if (!('confirm' in answer)) throw new Error('expected a confirm answer');
    expect(answer.confirm.host).toBe(expected.host);
    expect(answer.confirm.hostUnicode).toBe('hostUnicode' in expected ? expected.hostUnicode : undefined);
    expect(answer.confirm.warnings[0]).toMatch(expected.warning);
    expect(opened).toEqual([]);
    expect(await rig.hub.invoke('openExternal', { url, text, confirmed: true })).toEqual({ opened: true });
    expect(opened).toEqual([answer.confirm.address]);
  });

  it('shows the emphasised registrable domain and keeps the end of a very long host', async () => {
    rig = await startRig([{ id: 'a' }], [], { openExternal: () => {} });
    const long = `paypal.com.${'secure-login.'.repeat(10)}evil.com`;
    const answer = (await rig.hub.invoke('openExternal', { url: `https://${long}/`, text: 'paypal.com' })) as CommandResults['openExternal'];
    if (!('confirm' in answer)) throw new Error('expected a confirm answer');
    expect(answer.confirm.host).toBe(`…${long.slice(-80)}`);
    expect(answer.confirm.host.endsWith('.evil.com')).toBe(true);
    expect(answer.confirm.domain).toBe('evil.com');
  });

  // spec E-URL-4: a blocked scheme never opens, even when the renderer says the user confirmed it.
  it('refuses a blocked address even when sent as confirmed', async () => {
    const opened: string[] = [];
    rig = await startRig([{ id: 'a' }], [], { openExternal: (u) => opened.push(u) });
    await expect(rig.hub.invoke('openExternal', { url: 'javascript:alert(1)', text: 'example.com', confirmed: true })).rejects.toThrow(/^Switchboard does not open this link: /);
    await expect(rig.hub.invoke('openExternal', { url: 'http://evil.example/', confirmed: true })).rejects.toThrow(/^Switchboard does not open this link: /);
    expect(opened).toEqual([]);
  });

  it('opens a plain https link whose text is its own host, a parent of it, or not a host', async () => {
    const opened: string[] = [];
    rig = await startRig([{ id: 'a' }], [], { openExternal: (u) => opened.push(u) });
    await rig.hub.invoke('openExternal', { url: 'https://github.com/o/r', text: 'github.com' });
    await rig.hub.invoke('openExternal', { url: 'https://docs.example.com/x', text: 'example.com' });
    await rig.hub.invoke('openExternal', { url: 'https://github.com/o/r/blob/main/README.md', text: 'README.md' });
    await rig.hub.invoke('openExternal', { url: 'https://example.com/guide', text: 'the guide' });
    expect(opened).toEqual(['https://github.com/o/r', 'https://docs.example.com/x', 'https://github.com/o/r/blob/main/README.md', 'https://example.com/guide']);
  });
});

describe('supervision', () => {
  it('restarts a crashed agent on its own', async () => {
    rig = await startRig([{ id: 'a', env: { PUPPET_EXIT_CODE: '1' } }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    const initsBefore = puppets[0].received.filter((m) => m.method === 'initialize').length;
    puppets[0].exit();
    await eventually(() => (agentView(hub, 'a').status.kind === 'crashed' ? true : undefined));
    // A new process connects about a second later and is initialized again.
    await puppets[0].next((m) => m.method === 'initialize', 5000, initsBefore === 1 ? 1 : 0);
    expect(puppets[0].received.filter((m) => m.method === 'initialize')).toHaveLength(initsBefore + 1);
  });

  it('starts nothing for an agent removed while it was restarting', async () => {
    rig = await startRig([{ id: 'a' }, { id: 'keep' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    await handshake(hub, puppets[1], 'keep');
    const restarting = hub.invoke('restartAgent', { agentId: 'a' });
    await hub.invoke('removeAgent', { agentId: 'a' });
    await restarting;
    await new Promise((done) => setTimeout(done, 300));
    expect(puppets[0].received.filter((m) => m.method === 'initialize')).toHaveLength(1);
  });

  it('leaves no process behind when it stops: not the agent, not what the agent started', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'switchboard-orphan-')), 'child.pid');
    const hub = new Hub({
      config: { agents: [{ id: 'spawner', name: 'Spawner', command: process.execPath, args: [resolve('test/fixtures/spawning-agent.mjs')], env: { SPAWN_PID_FILE: pidFile } }], urlMode: 'app-window' },
      builtinAgents: {},
      defaultCwd: '/tmp',
      initializeTimeoutMs: 60_000,
    });
    hub.start();
    await eventually(() => (existsSync(pidFile) && readFileSync(pidFile, 'utf8') ? true : undefined));
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(grandchild)).toBe(true);
    await hub.stop();
    await eventually(() => (alive(grandchild) ? undefined : true), 5000);
  });
});

describe('attention', () => {
  it('announces a new request of an unmuted agent by agent and kind only, and counts what waits', async () => {
    const arrived: Array<Record<string, unknown>> = [];
    const counts: number[] = [];
    const attention: AttentionSink = { itemArrived: (info) => arrived.push(info), waitingCount: (n) => counts.push(n) };
    rig = await startRig([{ id: 'a', name: 'Loud' }, { id: 'b', name: 'Quiet' }], [], { attention });
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    await handshake(hub, puppets[1], 'b');
    await hub.invoke('setAgentFlags', { agentId: 'b', muted: true });
    await openSession(hub, puppets[0], 'a');
    await openSession(hub, puppets[1], 'b');
    const ask = (id: number) => ({ id, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'secret plans', requestedSchema: NAME_SCHEMA } });
    await puppets[0].send(ask(1));
    await puppets[1].send(ask(1));
    await eventually(() => (hub.snapshot().queue.length === 2 ? true : undefined));
    await eventually(() => (arrived.length > 0 ? true : undefined));
    expect(arrived).toEqual([{ itemId: expect.any(String), agentId: 'a', agentName: 'Loud', kind: 'form', count: 1 }]);
    expect(counts.at(-1)).toBe(2);
  });

  it('gives requests one agent sends together one announcement that counts them', async () => {
    const arrived: Array<Parameters<AttentionSink['itemArrived']>[0]> = [];
    const attention: AttentionSink = { itemArrived: (info) => arrived.push(info), waitingCount: () => {} };
    rig = await startRig([{ id: 'a', name: 'Loud' }, { id: 'b', name: 'Other' }], [], { attention });
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    await handshake(hub, puppets[1], 'b');
    await openSession(hub, puppets[0], 'a');
    await openSession(hub, puppets[1], 'b');
    const ask = (id: number) => ({ id, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: `q${id}`, requestedSchema: NAME_SCHEMA } });
    await puppets[0].send(ask(1));
    await puppets[0].send(ask(2));
    await puppets[1].send(ask(1));
    await eventually(() => (hub.snapshot().queue.length === 3 ? true : undefined));
    await eventually(() => (arrived.length === 2 ? true : undefined));
    const oldestOfA = hub.snapshot().queue.find((i) => i.agentId === 'a' && i.message === 'q1')!;
    // One for the two of Loud (naming the oldest, which a click shows), one for Other: never one per request.
    expect(arrived.map(({ agentName, count }) => [agentName, count]).sort()).toEqual([
      ['Loud', 2],
      ['Other', 1],
    ]);
    expect(arrived.find((a) => a.agentId === 'a')?.itemId).toBe(oldestOfA.itemId);
    // A request that comes later is a new notification.
    await new Promise((r) => setTimeout(r, ARRIVAL_GATHER_MS + 50));
    await puppets[0].send(ask(3));
    await eventually(() => (arrived.length === 3 ? true : undefined));
    expect(arrived[2]).toMatchObject({ agentName: 'Loud', count: 1 });
  });
});

describe('a flooding agent', () => {
  it('is refused beyond its limits with a clear JSON-RPC error, the user is told once, and other agents keep working', async () => {
    rig = await startRig([{ id: 'flood' }, { id: 'calm' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'flood');
    await handshake(hub, puppets[1], 'calm');
    await openSession(hub, puppets[0], 'flood');
    await openSession(hub, puppets[1], 'calm');
    const notices: string[] = [];
    hub.subscribe((events) => events.forEach((e) => e.type === 'notice' && notices.push(e.text)));
    const lines = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({ jsonrpc: '2.0', id: i, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: `q${i}`, requestedSchema: NAME_SCHEMA } }),
    );
    await puppets[0].sendRaw(lines.join('\n'));
    await puppets[0].next((m) => m.id === 999 && m.method === undefined, 10_000);
    const refused = puppets[0].received.filter((m) => m.error?.code === -32005);
    // Every request got an answer or a place in the queue: none was dropped silently.
    expect(refused.length + hub.snapshot().queue.filter((i) => i.agentId === 'flood').length).toBe(1000);
    expect(refused[0].error.message).toMatch(/Too many requests/);
    expect(notices.filter((n) => n.includes('too many requests'))).toHaveLength(1);
    await puppets[1].send({ id: 1, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'calm', requestedSchema: NAME_SCHEMA } });
    const calm = await queueItem(hub, (i) => i.agentId === 'calm');
    await hub.invoke('answerElicitation', { itemId: calm.itemId, agentId: 'calm', action: 'decline' });
    expect((await puppets[1].responseTo(1)).result).toEqual({ action: 'decline' });
  });
});
