import { afterEach, describe, expect, it } from 'vitest';
import type { UrlItemView } from '../../shared/views/requests';
import { RecordingUrlOpener } from '../../electron/harness/recording-url-opener';
import { eventually, handshake, openSession, queueItem, type Rig } from './hub-fixture';
import { Hub } from '../../electron/core/hub';
import { MAX_ENDED_MESSAGE_CHARS, SHOWN_REFUSED_URL_CHARS } from '../../electron/core/elicitation/broker';
import { MAX_URL_CHARS } from '../../shared/url-analysis';
import { Puppet, V1_INIT_RESULT, V2_INIT_RESULT as V2_INIT } from './puppet';

let rig: Rig | undefined;
let opener: RecordingUrlOpener;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A rig whose hub has a recording opener and the given urlMode. */
async function urlRig(urlMode: 'app-window' | 'system-browser' | 'off' = 'app-window', init?: unknown) {
  opener = new RecordingUrlOpener();
  const puppet = await Puppet.create();
  const hub = new Hub({
    config: { agents: [puppet.agentConfig('a', 'Agent A')], urlMode },
    builtinAgents: {},
    defaultCwd: '/tmp',
    batchIntervalMs: 1,
    urlOpener: opener,
  });
  hub.start();
  rig = {
    hub,
    puppets: [puppet],
    async close() {
      puppet.exit();
      await hub.stop();
      await puppet.close();
    },
  };
  await handshake(hub, puppet, 'a', init);
  await openSession(hub, puppet, 'a');
  return { hub, puppet };
}

function urlRequest(id: number, elicitationId: string, url = 'https://accounts.example.com/oauth?state=s3cr3t', extra: Record<string, unknown> = {}) {
  return { id, method: 'elicitation/create', params: { mode: 'url', sessionId: 'sess-1', message: 'Sign in', elicitationId, url, ...extra } };
}

const complete = (elicitationId: string) => ({ method: 'elicitation/complete', params: { elicitationId } });

describe('advertising URL mode', () => {
  it('advertises form and url as objects when the app can open pages', async () => {
    const { puppet } = await urlRig();
    const init = puppet.received.find((m) => m.method === 'initialize')!;
    // spec E-CAP-1
    expect(init.params.capabilities.elicitation).toEqual({ form: {}, url: {} });
    expect(init.params.clientCapabilities.elicitation).toEqual({ form: {}, url: {} });
  });

  it('advertises only form when the setting turns URL mode off, and refuses url requests with -32602', async () => {
    const { puppet } = await urlRig('off');
    // spec E-CAP-2, E-CAP-3
    expect(puppet.received.find((m) => m.method === 'initialize')!.params.capabilities.elicitation).toEqual({ form: {} });
    await puppet.send(urlRequest(1, 'e1'));
    expect((await puppet.responseTo(1)).error).toMatchObject({ code: -32602 });
  });
});

describe('consent', () => {
  it('opens nothing before consent, then exactly the re-serialised URL, and answers accept without content', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(2, 'e2'));
    const item = (await queueItem(hub)) as UrlItemView;
    // spec E-URL-2: nothing opened, nothing answered yet.
    expect(item).toMatchObject({ mode: 'url', state: 'pending', url: 'https://accounts.example.com/oauth?state=s3cr3t' });
    await new Promise((done) => setTimeout(done, 100));
    expect(opener.opened).toEqual([]);
    expect(puppet.received.some((m) => m.id === 2)).toBe(false);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    // spec E-URL-6: accept is consent only.
    expect((await puppet.responseTo(2)).result).toEqual({ action: 'accept' });
    expect(opener.opened).toEqual([expect.objectContaining({ itemId: item.itemId, url: 'https://accounts.example.com/oauth?state=s3cr3t', mode: 'app-window' })]);
    expect(hub.snapshot().queue[0]).toMatchObject({ state: 'consented', openedIn: 'app-window', windowOpen: true });
  });

  it('opens in the system browser when the user asks for it on this request', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(3, 'e3'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', openIn: 'system-browser' });
    // spec E-URL-5: the OS browser is the offered alternative.
    expect(opener.opened).toEqual([expect.objectContaining({ mode: 'system-browser' })]);
  });

  it('uses the system browser by default when the setting says so', async () => {
    const { hub, puppet } = await urlRig('system-browser');
    await puppet.send(urlRequest(4, 'e4'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    expect(opener.opened[0].mode).toBe('system-browser');
  });

  it('Decline and Cancel open nothing', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(5, 'e5'));
    await puppet.send(urlRequest(6, 'e6'));
    await eventually(() => (hub.snapshot().queue.length === 2 ? true : undefined));
    const [first, second] = hub.snapshot().queue;
    await hub.invoke('answerElicitation', { itemId: first.itemId, agentId: 'a', action: 'decline' });
    await hub.invoke('answerElicitation', { itemId: second.itemId, agentId: 'a', action: 'cancel' });
    // spec E-RES-1, E-URL-2
    expect([(await puppet.responseTo(5)).result, (await puppet.responseTo(6)).result]).toEqual([{ action: 'decline' }, { action: 'cancel' }]);
    expect(opener.opened).toEqual([]);
  });

  it('refuses an address over the length it takes with -32602, keeps only its start, and the agent goes on', async () => {
    const { hub, puppet } = await urlRig();
    // Every input bounded (docs/isolation.md), spec E-URL-4: 7.5 MB of internationalized labels, within one line's budget
    const huge = `https://${Array(500_000).fill('xn--80ak6aa92e').join('.')}.com/`;
    await puppet.send(urlRequest(8, 'e8', huge, { message: 'm'.repeat(100_000) }));
    const answer = await puppet.responseTo(8);
    expect(answer.error.code).toBe(-32602);
    expect(answer.error.data.url).toBe(`${huge.length} characters; Switchboard takes at most ${MAX_URL_CHARS}`);
    const item = (await queueItem(hub)) as UrlItemView;
    expect(item.state).toBe('refused');
    expect(item.urlLength).toBe(huge.length);
    expect(item.url.length).toBeLessThanOrEqual(SHOWN_REFUSED_URL_CHARS);
    expect(item.message.length).toBeLessThanOrEqual(MAX_ENDED_MESSAGE_CHARS);
    expect(item.refusedReason).toMatch(/^The address is 7,500,\d{3} characters long\./);
    expect(opener.opened).toEqual([]);
    // The same connection's next request is served as usual.
    await puppet.send(urlRequest(9, 'e9'));
    const next = await eventually(() => hub.snapshot().queue.find((q) => q.state === 'pending'));
    expect((next as UrlItemView).url).toBe('https://accounts.example.com/oauth?state=s3cr3t');
  });

  it('refuses a blocked scheme outright: decline on the wire, the reason on the card, nothing opened', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(7, 'e7', 'javascript:alert(document.cookie)'));
    // spec E-URL-4
    expect((await puppet.responseTo(7)).result).toEqual({ action: 'decline' });
    const item = (await queueItem(hub)) as UrlItemView;
    expect(item.state).toBe('refused');
    expect(item.refusedReason).toBeTruthy();
    await expect(hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' })).rejects.toThrow();
    expect(opener.opened).toEqual([]);
    await hub.invoke('dismissItem', { itemId: item.itemId });
    expect(hub.snapshot().queue).toEqual([]);
  });

  it('answers -32602 to a second request reusing an outstanding elicitationId', async () => {
    const { puppet } = await urlRig();
    await puppet.send(urlRequest(8, 'same'));
    await puppet.send(urlRequest(9, 'same'));
    // spec E-REQ-8
    expect((await puppet.responseTo(9)).error).toMatchObject({ code: -32602, message: expect.stringContaining('elicitationId') });
  });

  it('works on a v1 connection too', async () => {
    const { hub, puppet } = await urlRig('app-window', V1_INIT_RESULT);
    await puppet.send(urlRequest(10, 'e10'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    expect((await puppet.responseTo(10)).result).toEqual({ action: 'accept' });
  });
});

describe('completion and cancellation races', () => {
  it('completion after consent marks the item completed and closes its window', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(20, 'e20'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    await puppet.responseTo(20);
    await puppet.send(complete('e20'));
    // spec E-URL-8
    await queueItem(hub, (i) => i.state === 'completed');
    expect(opener.closed).toEqual([item.itemId]);
  });

  it('a fast completion right after accept is never lost (the id is registered before accept goes out)', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(21, 'e21'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    // The agent completes without waiting to read our accept (spec E-URL-7).
    await puppet.send(complete('e21'));
    await queueItem(hub, (i) => i.state === 'completed');
  });

  it('completion before consent closes the consent view, opens nothing and answers cancel', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(22, 'e22'));
    await queueItem(hub);
    await puppet.send(complete('e22'));
    // spec E-URL-7
    expect((await puppet.responseTo(22)).result).toEqual({ action: 'cancel' });
    await eventually(() => (hub.snapshot().queue.length === 0 ? true : undefined));
    expect(opener.opened).toEqual([]);
    // The session's record said "Waiting for your answer" for ever.
    const record = hub.snapshot().sessions[0].transcript.find((e) => e.kind === 'request');
    expect(record?.request).toMatchObject({ outcome: 'completed' });
    expect(record?.request?.waiting).toBeUndefined();
  });

  it('ignores a completion for an unknown id, and a second completion, silently', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(complete('never-heard-of-it'));
    await puppet.send(urlRequest(23, 'e23'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    await puppet.send(complete('e23'));
    await queueItem(hub, (i) => i.state === 'completed');
    await puppet.send(complete('e23'));
    await new Promise((done) => setTimeout(done, 100));
    // spec E-URL-7: nothing sent in reply to any of them, nothing changed.
    expect(puppet.received.filter((m) => m.id === undefined && m.method !== 'initialize' && !m.method)).toEqual([]);
    expect(hub.snapshot().queue).toHaveLength(1);
    expect(opener.closed).toEqual([item.itemId]);
  });

  it('cancel before consent answers -32800 and opens nothing', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(24, 'e24'));
    const item = await queueItem(hub);
    await puppet.send({ method: '$/cancel_request', params: { requestId: 24 } });
    // spec E-CXL-1
    expect((await puppet.responseTo(24)).error).toMatchObject({ code: -32800 });
    await queueItem(hub, (i) => i.state === 'withdrawn');
    await expect(hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' })).rejects.toThrow();
    expect(opener.opened).toEqual([]);
  });

  it('cancel after consent closes the window and says the request was withdrawn', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(25, 'e25'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    await puppet.responseTo(25);
    await puppet.send({ method: '$/cancel_request', params: { requestId: 25 } });
    // The request was already answered, so nothing more goes on the wire; the window closes (spec E-CXL-1).
    await queueItem(hub, (i) => i.state === 'withdrawn');
    expect(opener.closed).toEqual([item.itemId]);
    expect(puppet.received.filter((m) => m.id === 25)).toHaveLength(1);
  });

  it('Reopen opens the same page again; Cancel after consent closes it and removes the item', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(26, 'e26'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    opener.simulateUserClose(item.itemId);
    await queueItem(hub, (i) => i.mode === 'url' && i.windowOpen === false);
    await hub.invoke('reopenUrl', { itemId: item.itemId, agentId: 'a' });
    // spec E-URL-6
    expect(opener.opened.map((o) => o.url)).toEqual([
      'https://accounts.example.com/oauth?state=s3cr3t',
      'https://accounts.example.com/oauth?state=s3cr3t',
    ]);
    await hub.invoke('dismissItem', { itemId: item.itemId });
    expect(opener.closed).toEqual([item.itemId]);
    expect(hub.snapshot().queue).toEqual([]);
  });

  it('an agent that exits after consent leaves the item "disconnected" and its window closed', async () => {
    const { hub, puppet } = await urlRig();
    await puppet.send(urlRequest(27, 'e27'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    await puppet.responseTo(27);
    puppet.exit();
    // spec E-CXL-4
    await queueItem(hub, (i) => i.state === 'disconnected');
    expect(opener.closed).toEqual([item.itemId]);
  });
});

describe('signing in', () => {
  const withAuth = { ...V2_INIT, authMethods: [{ methodId: 'login', type: 'agent', name: 'Puppet login' }] };

  it('calls auth/login, labels its URL request "while signing in", and closes the window when sign-in ends', async () => {
    const { hub, puppet } = await urlRig('app-window', withAuth);
    expect(hub.snapshot().agents[0].authMethods).toEqual([{ methodId: 'login', name: 'Puppet login' }]);
    const signingIn = hub.invoke('authenticate', { agentId: 'a', methodId: 'login' });
    const login = await puppet.next((m) => m.method === 'auth/login');
    expect(login.params).toEqual({ methodId: 'login' });
    await puppet.send({ id: 40, method: 'elicitation/create', params: { mode: 'url', requestId: login.id, message: 'Sign in', elicitationId: 'e40', url: 'http://127.0.0.1:9/authorize' } });
    // spec E-REQ-3
    const item = await queueItem(hub);
    expect(item.scope).toEqual({ kind: 'request', label: 'while signing in' });
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    await puppet.responseTo(40);
    await puppet.send({ id: login.id, result: {} });
    await signingIn;
    // The sign-in request is over, so its consented page has nothing left to wait for.
    await queueItem(hub, (i) => i.state === 'completed');
    expect(opener.closed).toEqual([item.itemId]);
  });

  it('gives up a sign-in with $/cancel_request and ends its consented page as cancelled by the user', async () => {
    const { hub, puppet } = await urlRig('app-window', withAuth);
    const signingIn = hub.invoke('authenticate', { agentId: 'a', methodId: 'login' });
    const login = await puppet.next((m) => m.method === 'auth/login');
    await puppet.send({ id: 41, method: 'elicitation/create', params: { mode: 'url', requestId: login.id, message: 'Sign in', elicitationId: 'e41', url: 'https://id.example.com/' } });
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept' });
    await hub.invoke('cancelAuthenticate', { agentId: 'a' });
    await expect(signingIn).rejects.toThrow('Sign-in cancelled.');
    // spec E-CXL: the agent is told, in JSON-RPC terms, that we gave up.
    await puppet.next((m) => m.method === '$/cancel_request' && m.params.requestId === login.id);
    await puppet.send({ id: login.id, error: { code: -32800, message: 'Request cancelled' } });
    // "You cancelled the sign-in": neither "withdrawn by the agent" nor "done".
    await queueItem(hub, (i) => i.state === 'stopped');
    expect(opener.closed).toEqual([item.itemId]);
  });
});
