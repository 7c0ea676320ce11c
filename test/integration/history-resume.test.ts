/**
 * Session lifecycle on the wire: history records, `session/resume` and `session/load` with
 * replay, `session/close`, `session/delete`, `session/list` paging, and the resume rule E-CXL-5, over
 * ACP v1 and v2 with scripted agents.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandResults } from '../../shared/bridge';
import { NAME_SCHEMA, eventually, handshake, openSession, queueItem, startRig, type Rig } from './hub-fixture';
import { V1_INIT_RESULT, V2_INIT_RESULT, type Puppet } from './puppet';
import { RecordingUrlOpener } from '../../electron/harness/recording-url-opener';

let rig: Rig | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

const V1_FULL = {
  ...V1_INIT_RESULT,
  agentCapabilities: { loadSession: true, sessionCapabilities: { list: {}, close: {}, delete: {} } },
};
const V1_RESUME = { ...V1_INIT_RESULT, agentCapabilities: { sessionCapabilities: { resume: {}, close: {} } } };
const V2_FULL = { ...V2_INIT_RESULT, capabilities: { session: { delete: {} } } };

function update(sessionId: string, body: Record<string, unknown>) {
  return { method: 'session/update', params: { sessionId, update: body } };
}
const idleCancelled = (sessionId: string) => update(sessionId, { sessionUpdate: 'state_update', state: 'idle', stopReason: 'cancelled' });
const formRequest = (id: number, sessionId: string) => ({
  id,
  method: 'elicitation/create',
  params: { mode: 'form', sessionId, message: 'Who are you?', requestedSchema: NAME_SCHEMA },
});

async function ready(init: unknown, historyFile?: string) {
  rig = await startRig([{ id: 'a', name: 'Agent A' }], [], historyFile ? { historyFile } : {});
  await handshake(rig.hub, rig.puppets[0], 'a', init);
  return { hub: rig.hub, puppet: rig.puppets[0] };
}

async function history(hub: Rig['hub']) {
  return (await hub.invoke('listHistory', {})) as CommandResults['listHistory'];
}

/** Polls an async condition, as `eventually` does a synchronous one (a wait, not a speed claim). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** Restarts the agent and answers its new `initialize`. */
async function restartAgent(hub: Rig['hub'], puppet: Puppet, init: unknown) {
  const from = puppet.received.length;
  const restarted = hub.invoke('restartAgent', { agentId: 'a' });
  const initialize = await puppet.next((m) => m.method === 'initialize', 5000, from);
  await puppet.send({ id: initialize.id, result: init });
  await restarted;
  await eventually(() => (hub.snapshot().agents[0].status.kind === 'ready' ? true : undefined));
}

describe('E-CXL-5: an old cancelled idle snapshot never touches a request pending now', () => {
  it('v2: a repeated idle/cancelled snapshot leaves the form pending and answerable', async () => {
    const { hub, puppet } = await ready(V2_INIT_RESULT);
    await openSession(hub, puppet, 'a', 's-1');
    await puppet.send(idleCancelled('s-1'));
    await puppet.send(formRequest(7, 's-1'));
    const item = await queueItem(hub);
    // The same snapshot again, as an agent repeating its aggregate state does.
    await puppet.send(idleCancelled('s-1'));
    await puppet.send(idleCancelled('s-1'));
    await eventually(() => (hub.snapshot().sessions[0].lastStopReason === 'cancelled' ? true : undefined));
    // spec E-CXL-5: not cancelled, not dismissed, not answered.
    expect(hub.snapshot().queue).toMatchObject([{ itemId: item.itemId, state: 'pending' }]);
    expect(puppet.received.some((m) => m.id === 7)).toBe(false);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { name: 'Ada' } });
    expect((await puppet.responseTo(7)).result).toEqual({ action: 'accept', content: { name: 'Ada' } });
  });

  it('v2: the resume snapshot carrying an earlier cancelled stop reason leaves a request pending now', async () => {
    const { hub, puppet } = await ready(V2_FULL);
    await openSession(hub, puppet, 'a', 's-1');
    const { sessions } = await history(hub);
    const historyId = sessions[0].historyId!;
    await restartAgent(hub, puppet, V2_FULL);
    const resumed = hub.invoke('resumeHistory', { historyId }) as Promise<{ sessionKey: string }>;
    const request = await puppet.next((m) => m.method === 'session/resume');
    // v2: no replayFrom when Switchboard has the transcript itself.
    expect(request.params).toEqual({ sessionId: 's-1', cwd: '/tmp', mcpServers: [] });
    // The agent asks something while resuming, then sends its snapshot: idle with the old "cancelled".
    await puppet.send(formRequest(9, 's-1'));
    const item = await queueItem(hub);
    await puppet.send(idleCancelled('s-1'));
    await puppet.send({ id: request.id, result: {} });
    const { sessionKey } = await resumed;
    const session = hub.snapshot().sessions.find((s) => s.sessionKey === sessionKey)!;
    expect(session).toMatchObject({ origin: 'resumed', foreground: { state: 'idle', stopReason: 'cancelled', derived: false } });
    // spec E-CXL-5
    expect(hub.snapshot().queue.find((i) => i.itemId === item.itemId)).toMatchObject({ state: 'pending' });
    expect(puppet.received.some((m) => m.id === 9)).toBe(false);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'decline' });
    expect((await puppet.responseTo(9)).result).toEqual({ action: 'decline' });
  });

  it('v1: a replayed turn that ended cancelled leaves a request pending now', async () => {
    const { hub, puppet } = await ready(V1_FULL);
    await openSession(hub, puppet, 'a', 's-1');
    const historyId = (await history(hub)).sessions[0].historyId!;
    await restartAgent(hub, puppet, V1_FULL);
    const loaded = hub.invoke('resumeHistory', { historyId }) as Promise<{ sessionKey: string }>;
    const request = await puppet.next((m) => m.method === 'session/load');
    expect(request.params).toEqual({ sessionId: 's-1', cwd: '/tmp', mcpServers: [] });
    await puppet.send(update('s-1', { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'stop that' } }));
    await puppet.send(update('s-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Replayed answer' } }));
    await puppet.send(update('s-1', { sessionUpdate: 'tool_call', toolCallId: 't-1', title: 'Run tests', status: 'in_progress' }));
    await puppet.send(formRequest(11, 's-1'));
    const item = await queueItem(hub);
    await puppet.send({ id: request.id, result: {} });
    const { sessionKey } = await loaded;
    const session = hub.snapshot().sessions.find((s) => s.sessionKey === sessionKey)!;
    expect(session.origin).toBe('loaded');
    // The request asked meanwhile keeps its record in the live transcript, where it arrived.
    expect(session.transcript.map((e) => [e.role, e.text])).toEqual([
      ['user', 'stop that'],
      ['agent', 'Replayed answer'],
      ['agent', 'Run tests (not finished when the session was resumed)'],
      ['system', 'Who are you?'],
    ]);
    // spec E-CXL-5 (v1 has no snapshot; nothing in the replay answers the request either)
    expect(hub.snapshot().queue.find((i) => i.itemId === item.itemId)).toMatchObject({ state: 'pending' });
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { name: 'Bo' } });
    expect((await puppet.responseTo(11)).result).toEqual({ action: 'accept', content: { name: 'Bo' } });
    // The replay became the stored transcript.
    const opened = (await hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(opened.transcript.map((e) => e.text)).toContain('Replayed answer');
  });
});

describe('a v1 session/load replay never erases what only the store has', () => {
  async function sessionWithAnsweredForm() {
    const { hub, puppet } = await ready(V1_FULL);
    const sessionKey = await openSession(hub, puppet, 'a', 's-1');
    const turn = hub.invoke('prompt', { sessionKey, text: 'hello there' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send(update('s-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi' } }));
    await puppet.send(formRequest(12, 's-1'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'decline' });
    await puppet.responseTo(12);
    await puppet.send({ id: prompt.id, result: { stopReason: 'end_turn' } });
    await turn;
    const historyId = (await history(hub)).sessions[0].historyId!;
    await restartAgent(hub, puppet, V1_FULL);
    return { hub, puppet, historyId };
  }

  it('an agent that replays nothing leaves the saved transcript as it was, and says so', async () => {
    const { hub, puppet, historyId } = await sessionWithAnsweredForm();
    const loaded = hub.invoke('resumeHistory', { historyId }) as Promise<{ sessionKey: string }>;
    const request = await puppet.next((m) => m.method === 'session/load');
    await puppet.send({ id: request.id, result: {} });
    const { sessionKey } = await loaded;
    const session = hub.snapshot().sessions.find((s) => s.sessionKey === sessionKey)!;
    expect(session.transcript.map((e) => e.text).join('\n')).toContain('your saved transcript was kept as it was');
    const opened = (await hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(opened.transcript.map((e) => e.text)).toEqual(expect.arrayContaining(['hello there', 'Hi', 'Who are you?']));
    expect(opened.transcript.find((e) => e.kind === 'request')!.request).toMatchObject({ outcome: 'declined' });
  });

  it('a full replay replaces it, keeping the record of what the user answered in its turn', async () => {
    const { hub, puppet, historyId } = await sessionWithAnsweredForm();
    const loaded = hub.invoke('resumeHistory', { historyId }) as Promise<{ sessionKey: string }>;
    const request = await puppet.next((m) => m.method === 'session/load');
    await puppet.send(update('s-1', { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'hello there' } }));
    await puppet.send(update('s-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi (replayed)' } }));
    await puppet.send({ id: request.id, result: {} });
    await loaded;
    const opened = (await hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(opened.transcript.map((e) => e.text)).toEqual(['hello there', 'Hi (replayed)', 'Who are you?']);
    expect(opened.transcript[2].request).toMatchObject({ outcome: 'declined' });
  });
});

describe('resume, close and delete behind the advertised capabilities', () => {
  it('v1 prefers session/resume and keeps the stored transcript; an unknown session points to Continue', async () => {
    const { hub, puppet } = await ready(V1_RESUME);
    const sessionKey = await openSession(hub, puppet, 'a', 's-1');
    const turn = hub.invoke('prompt', { sessionKey, text: 'hello' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send(update('s-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi there' } }));
    await puppet.send({ id: prompt.id, result: { stopReason: 'end_turn' } });
    await turn;
    const historyId = (await history(hub)).sessions[0].historyId!;
    await restartAgent(hub, puppet, V1_RESUME);
    const opened = (await hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(opened.resume).toEqual({ how: 'resume' });
    const resumed = hub.invoke('resumeHistory', { historyId }) as Promise<{ sessionKey: string }>;
    await puppet.answer('session/resume', {});
    const { sessionKey: again } = await resumed;
    expect(hub.snapshot().sessions.find((s) => s.sessionKey === again)!.transcript.map((e) => e.text)).toEqual(['hello', 'Hi there']);
    // A failing resume: the stored transcript is unchanged and the user is pointed to Continue.
    await restartAgent(hub, puppet, V1_RESUME);
    const failing = hub.invoke('resumeHistory', { historyId });
    const request = await puppet.next((m) => m.method === 'session/resume' && !puppet.received.slice(0, -1).includes(m), 5000, puppet.received.length - 1);
    await puppet.send({ id: request.id, error: { code: -32002, message: 'Resource not found' } });
    await expect(failing).rejects.toThrow('Agent A no longer knows this session. Use Continue in a new session');
    const after = (await hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(after.transcript.map((e) => e.text)).toEqual(['hello', 'Hi there']);
  });

  it('closing a tab sends session/close where advertised and keeps the history; delete sends session/delete', async () => {
    const { hub, puppet } = await ready(V2_FULL);
    const sessionKey = await openSession(hub, puppet, 'a', 's-1');
    const closing = hub.invoke('closeSession', { sessionKey });
    expect((await puppet.answer('session/close', {})).params).toEqual({ sessionId: 's-1' });
    await closing;
    expect(hub.snapshot().sessions).toHaveLength(0);
    const [record] = (await history(hub)).sessions;
    expect(record).toMatchObject({ sessionId: 's-1', endedReason: 'closed' });
    const deleting = hub.invoke('deleteHistory', { historyId: record.historyId! });
    expect((await puppet.answer('session/delete', {})).params).toEqual({ sessionId: 's-1' });
    await deleting;
    expect((await history(hub)).sessions).toHaveLength(0);
  });

  it('a failed session/close is told in a notice bounded in length, with no key in it (spec E-PRIV-1)', async () => {
    const { hub, puppet } = await ready(V2_FULL);
    const sessionKey = await openSession(hub, puppet, 'a', 's-1');
    const notices: string[] = [];
    hub.subscribe((events) => events.forEach((e) => e.type === 'notice' && notices.push(e.text)));
    const closing = hub.invoke('closeSession', { sessionKey });
    const close = await puppet.next((m) => m.method === 'session/close');
    const key = 'sk-ant-api03-' + 'k'.repeat(30);
    await puppet.send({ id: close.id, error: { code: -32603, message: `close failed, key ${key}\n${'z'.repeat(200_000)}` } });
    await closing;
    const notice = await eventually(() => notices.find((n) => n.includes('could not close the session')));
    expect(notice).toMatch(/^Agent A could not close the session: close failed, key ‹redacted›\\nz+…$/);
    expect(notice.length).toBeLessThan(400);
    expect(notice).not.toContain('sk-ant');
  });

  it('does not send session/close or session/delete to a v1 agent that did not advertise them', async () => {
    const { hub, puppet } = await ready(V1_INIT_RESULT);
    const sessionKey = await openSession(hub, puppet, 'a', 's-1');
    await hub.invoke('closeSession', { sessionKey });
    const [record] = (await history(hub)).sessions;
    await hub.invoke('deleteHistory', { historyId: record.historyId! });
    expect(puppet.received.some((m) => m.method === 'session/close' || m.method === 'session/delete')).toBe(false);
    expect((await history(hub)).sessions).toHaveLength(0);
    const opened = await hub.invoke('listAgentSessions', { agentId: 'a' });
    expect(opened).toEqual({ sessions: [], supported: false });
  });

  it("lists the agent's own sessions with its cursor, marking those Switchboard knows", async () => {
    const { hub, puppet } = await ready(V2_INIT_RESULT);
    await openSession(hub, puppet, 'a', 'mine');
    const first = hub.invoke('listAgentSessions', { agentId: 'a' });
    await puppet.answer('session/list', {
      sessions: [
        { sessionId: 'mine', cwd: '/tmp' },
        { sessionId: 'zed-1', cwd: '/work/x', title: 'From Zed', updatedAt: '2026-11-30T10:00:00Z' },
        { sessionId: 42, cwd: '/bad' },
      ],
      nextCursor: 'page-2',
    });
    const page = (await first) as CommandResults['listAgentSessions'];
    expect(page.nextCursor).toBe('page-2');
    expect(page.sessions.map((s) => [s.sessionId, s.source, s.title])).toEqual([
      ['mine', 'switchboard', undefined],
      ['zed-1', 'agent', 'From Zed'],
    ]);
    const second = hub.invoke('listAgentSessions', { agentId: 'a', cursor: 'page-2' });
    expect((await puppet.answer('session/list', { sessions: [] })).params).toEqual({ cursor: 'page-2' });
    await second;
    // Opening the agent's own session resumes it with a replay from the start.
    const opening = hub.invoke('openAgentSession', { agentId: 'a', sessionId: 'zed-1', cwd: '/work/x', title: 'From Zed' }) as Promise<{ sessionKey: string }>;
    const resume = await puppet.next((m) => m.method === 'session/resume');
    expect(resume.params).toEqual({ sessionId: 'zed-1', cwd: '/work/x', mcpServers: [], replayFrom: { type: 'start' } });
    await puppet.send(update('zed-1', { sessionUpdate: 'agent_message', messageId: 'm1', content: [{ type: 'text', text: 'Earlier in Zed' }] }));
    await puppet.send(update('zed-1', { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' }));
    await puppet.send({ id: resume.id, result: {} });
    const { sessionKey } = await opening;
    expect(hub.snapshot().sessions.find((s) => s.sessionKey === sessionKey)!.transcript.map((e) => e.text)).toEqual(['Earlier in Zed']);
    expect((await history(hub)).sessions.map((s) => s.title)).toContain('From Zed');
  });
});

describe('the history store survives a restart and records requests without any form value', () => {
  it('shows a live session in History as live: its running tool call unfinished, its waiting requests waiting; ended only by a previous run', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-history-'));
    const historyFile = join(dataDir, 'history.sqlite');
    rig = await startRig([{ id: 'a', name: 'Agent A' }], [], { historyFile, urlOpener: new RecordingUrlOpener() });
    const { hub, puppets: [puppet] } = rig;
    await handshake(hub, puppet, 'a', V1_INIT_RESULT);
    await openSession(hub, puppet, 'a', 's-1');
    // A sign-in inside a tool call: the user opened the page, and the tool call runs until the agent completes it.
    await puppet.send(update('s-1', { sessionUpdate: 'tool_call', toolCallId: 't-1', title: 'Sign in to the tracker', status: 'in_progress' }));
    await puppet.send({ id: 40, method: 'elicitation/create', params: { mode: 'url', sessionId: 's-1', toolCallId: 't-1', message: 'Sign in', elicitationId: 'e1', url: 'https://example.com/login' } });
    const page = await queueItem(hub, (i) => i.mode === 'url');
    await hub.invoke('answerElicitation', { itemId: page.itemId, agentId: 'a', action: 'accept' });
    await puppet.responseTo(40);
    await puppet.send(formRequest(41, 's-1'));
    await queueItem(hub, (i) => i.mode === 'form');
    const historyId = (await history(hub)).sessions[0].historyId!;
    const opened = (await hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(opened.session.liveSessionKey).toBeDefined();
    const toolCall = opened.transcript.find((e) => e.kind === 'tool_call')!;
    // What the session shows: in progress, not "ended when Switchboard closed" (Switchboard has not closed).
    expect(toolCall.toolCall).toMatchObject({ status: 'in_progress' });
    expect(toolCall.toolCall!.ended).toBeUndefined();
    expect(toolCall.text).not.toContain('ended');
    const requests = opened.transcript.filter((e) => e.kind === 'request').map((e) => e.request!);
    expect(requests).toMatchObject([
      { mode: 'url', outcome: 'accepted', host: 'example.com' },
      { mode: 'form', outcome: 'open', waiting: true },
    ]);

    // Once Switchboard has closed with them still open, the next run's History says they ended with it.
    await rig.close();
    rig = undefined;
    const next = await ready(V1_INIT_RESULT, historyFile);
    const after = (await next.hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(after.session.liveSessionKey).toBeUndefined();
    expect(after.transcript.find((e) => e.kind === 'tool_call')!.toolCall).toMatchObject({ ended: 'ended when Switchboard closed' });
    const stored = after.transcript.filter((e) => e.kind === 'request').map((e) => e.request!);
    expect(stored[1]).toMatchObject({ outcome: 'open' });
    expect(stored[1].waiting).toBeUndefined();
  });

  it('spec E-URL-8: a page the agent completed after the user opened it reads "completed" in History after a restart, as it did live', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-history-'));
    const historyFile = join(dataDir, 'history.sqlite');
    rig = await startRig([{ id: 'a', name: 'Agent A' }], [], { historyFile, urlOpener: new RecordingUrlOpener() });
    const { hub, puppets: [puppet] } = rig;
    await handshake(hub, puppet, 'a', V2_INIT_RESULT);
    const sessionKey = await openSession(hub, puppet, 'a', 's-1');
    await puppet.send({ id: 40, method: 'elicitation/create', params: { mode: 'url', sessionId: 's-1', message: 'Sign in', elicitationId: 'e1', url: 'https://example.com/login' } });
    const page = await queueItem(hub, (i) => i.mode === 'url');
    await hub.invoke('answerElicitation', { itemId: page.itemId, agentId: 'a', action: 'accept' });
    await puppet.responseTo(40);
    await puppet.send({ method: 'elicitation/complete', params: { elicitationId: 'e1' } });
    await queueItem(hub, (i) => i.itemId === page.itemId && i.state === 'completed');
    const liveRecord = () => hub.snapshot().sessions.find((s) => s.sessionKey === sessionKey)!.transcript.find((e) => e.kind === 'request')?.request;
    await eventually(() => (liveRecord()?.outcome === 'completed' ? true : undefined));
    const historyId = (await history(hub)).sessions[0].historyId!;
    await hub.stop(); // Switchboard closes (before the agent goes), as a user's restart does
    await rig.close();
    rig = undefined;

    const next = await ready(V2_INIT_RESULT, historyFile);
    const after = (await next.hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    // The History view labels this "Completed by the agent", as the live transcript did, not "You agreed to open the page".
    expect(after.transcript.filter((e) => e.kind === 'request').map((e) => e.request)).toEqual([
      { mode: 'url', message: 'Sign in', outcome: 'completed', host: 'example.com' },
    ]);
  });

  it('Continue in a new session lists the new one as "… (continued)", not a second entry of the same name', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-history-'));
    const { hub, puppet } = await ready(V2_INIT_RESULT, join(dataDir, 'history.sqlite'));
    await openSession(hub, puppet, 'a', 's-1');
    await puppet.send(update('s-1', { sessionUpdate: 'session_info_update', title: 'Fix the login bug' }));
    await until(async () => (await history(hub)).sessions[0]?.title === 'Fix the login bug');
    const original = (await history(hub)).sessions[0].historyId!;
    const continued = hub.invoke('continueHistory', { historyId: original });
    await puppet.answer('session/new', { sessionId: 's-2' });
    await continued;
    const titles = async () => (await history(hub)).sessions.map((s) => [s.sessionId, s.title]);
    await until(async () => (await titles()).length === 2);
    expect(await titles()).toEqual(expect.arrayContaining([['s-1', 'Fix the login bug'], ['s-2', 'Fix the login bug (continued)']]));
  });

  it('after a restart and a resume, History shows the last run’s tool call and request as ended with it, not as running and waiting', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-history-'));
    const historyFile = join(dataDir, 'history.sqlite');
    const first = await ready(V1_RESUME, historyFile);
    await openSession(first.hub, first.puppet, 'a', 's-1');
    await first.puppet.send(update('s-1', { sessionUpdate: 'tool_call', toolCallId: 't-1', title: 'Ask the user', status: 'in_progress' }));
    await first.puppet.send(formRequest(41, 's-1'));
    await queueItem(first.hub, (i) => i.mode === 'form');
    await rig!.close();
    rig = undefined;

    const { hub, puppet } = await ready(V1_RESUME, historyFile);
    const historyId = (await history(hub)).sessions[0].historyId!;
    const resumed = hub.invoke('resumeHistory', { historyId });
    const resume = await puppet.next((m) => m.method === 'session/resume');
    await puppet.send({ id: resume.id, result: {} });
    await resumed;
    const opened = (await hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(opened.session.liveSessionKey).toBeDefined();
    // The queue is empty, and the pane says the tool call ended when Switchboard closed: History agrees.
    expect(hub.snapshot().queue).toEqual([]);
    expect(opened.transcript.find((e) => e.kind === 'tool_call')!.toolCall).toMatchObject({ ended: 'ended when Switchboard closed' });
    const request = opened.transcript.find((e) => e.kind === 'request')!.request!;
    expect(request).toMatchObject({ mode: 'form', outcome: 'open' });
    expect(request.waiting).toBeUndefined();
  });

  it('a session whose agent stopped before the app closed keeps "ended when its agent stopped" in History', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-history-'));
    const historyFile = join(dataDir, 'history.sqlite');
    const { hub, puppet } = await ready(V2_INIT_RESULT, historyFile);
    await openSession(hub, puppet, 'a', 's-1');
    const gone = puppet.gone();
    puppet.exit();
    await gone;
    await eventually(() => (hub.snapshot().agents[0].status.kind !== 'ready' ? true : undefined));
    // History shows how a session ended: closing the app afterwards did not end this session.
    await rig!.close();
    rig = undefined;

    const next = await ready(V2_INIT_RESULT, historyFile);
    const [record] = (await history(next.hub)).sessions;
    expect(record).toMatchObject({ sessionId: 's-1', endedReason: 'ended when its agent stopped' });
  });

  it('keeps sessions, transcripts and requests across hubs on the same file; pending ones end with the app', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-history-'));
    const historyFile = join(dataDir, 'history.sqlite');
    const { hub, puppet } = await ready(V2_INIT_RESULT, historyFile);
    const sessionKey = await openSession(hub, puppet, 'a', 's-1');
    const turn = hub.invoke('prompt', { sessionKey, text: 'sign me up' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send({ id: prompt.id, result: { messageId: 'u1' } });
    await turn;
    const schema = { type: 'object', properties: { name: { type: 'string', title: 'Name' }, apiKey: { type: 'string', title: 'API key' } } };
    await puppet.send({ id: 30, method: 'elicitation/create', params: { mode: 'form', sessionId: 's-1', message: 'Account', requestedSchema: schema } });
    const answered = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: answered.itemId, agentId: 'a', action: 'accept', values: { name: 'Ada Lovelace', apiKey: 'sk-very-secret' } });
    await puppet.send({ id: 31, method: 'elicitation/create', params: { mode: 'form', sessionId: 's-1', message: 'Still there?', requestedSchema: NAME_SCHEMA } });
    const open = await queueItem(hub, (i) => i.message === 'Still there?');
    await hub.invoke('saveDraft', { itemId: open.itemId, values: { name: 'half typed' } });
    // The live transcript shows what was sent, never the secret-looking value (spec E-FORM-12)…
    const live = JSON.stringify(hub.snapshot().sessions[0].transcript.filter((e) => e.kind === 'request'));
    expect(live).toContain('Ada Lovelace');
    expect(live).not.toContain('sk-very-secret');
    expect(live).not.toContain('half typed');
    // …and none of it is written with the history below.
    await rig!.close();
    rig = undefined;

    const next = await ready(V2_INIT_RESULT, historyFile);
    const [record] = (await history(next.hub)).sessions;
    expect(record).toMatchObject({ sessionId: 's-1', endedReason: 'ended when Switchboard closed', source: 'switchboard' });
    const opened = (await next.hub.invoke('openHistory', { historyId: record.historyId! })) as CommandResults['openHistory'];
    const requests = opened.transcript.filter((e) => e.kind === 'request').map((e) => e.request);
    expect(requests).toEqual([
      { mode: 'form', message: 'Account', outcome: 'accepted', fields: [{ name: 'name', title: 'Name' }, { name: 'apiKey', title: 'API key', secret: true }] },
      { mode: 'form', message: 'Still there?', outcome: 'open', fields: [{ name: 'name', title: 'Name' }] },
    ]);
    // spec E-PRIV-1: no form value reaches the disk, secret-looking or not, sent or only typed.
    const onDisk = readFileSync(historyFile, 'latin1') + (existsSync(`${historyFile}-wal`) ? readFileSync(`${historyFile}-wal`, 'latin1') : '');
    for (const value of ['Ada Lovelace', 'half typed', 'sk-very-secret']) expect(onDisk).not.toContain(value);
    expect(opened.transcript[0]).toMatchObject({ role: 'user', text: 'sign me up' });
    expect(JSON.stringify(opened)).not.toContain('sk-very-secret');
    const search = (await next.hub.invoke('listHistory', { query: 'sign' })) as CommandResults['listHistory'];
    expect(search.sessions).toHaveLength(1);
    const none = (await next.hub.invoke('listHistory', { query: 'nothing-like-this' })) as CommandResults['listHistory'];
    expect(none.sessions).toHaveLength(0);
  });
});

describe('history keeps the order things happened', () => {
  it('stores a form declined within one flush before the reply that followed, on reopen and on resume', async () => {
    const { hub, puppet } = await ready(V1_RESUME);
    const sessionKey = await openSession(hub, puppet, 'a', 's-1');
    const turn = hub.invoke('prompt', { sessionKey, text: 'hello' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send(formRequest(21, 's-1'));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'decline' });
    await puppet.responseTo(21);
    await puppet.send(update('s-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Thanks anyway' } }));
    await puppet.send({ id: prompt.id, result: { stopReason: 'end_turn' } });
    await turn;
    const historyId = (await history(hub)).sessions[0].historyId!;
    const opened = (await hub.invoke('openHistory', { historyId })) as CommandResults['openHistory'];
    expect(opened.transcript.map((e) => e.text)).toEqual(['hello', 'Who are you?', 'Thanks anyway']);
    await restartAgent(hub, puppet, V1_RESUME);
    const resumed = hub.invoke('resumeHistory', { historyId }) as Promise<{ sessionKey: string }>;
    await puppet.answer('session/resume', {});
    const { sessionKey: again } = await resumed;
    expect(hub.snapshot().sessions.find((s) => s.sessionKey === again)!.transcript.map((e) => e.text)).toEqual(['hello', 'Who are you?', 'Thanks anyway']);
  });
});
