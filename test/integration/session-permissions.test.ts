import { afterEach, describe, expect, it } from 'vitest';
import type { PermissionItemView } from '../../shared/views/requests';
import { MAX_PERMISSION_DESCRIPTION_CHARS, MAX_PERMISSION_OPTIONS } from '../../electron/core/acp/agent-connection';
import { MAX_TITLE_CHARS } from '../../electron/core/acp/session-updates';
import { MAX_LABEL_CHARS } from '../../electron/core/acp/session-setup';
import { NAME_SCHEMA, eventually, queueItem } from './hub-fixture';
import { V1_INIT_RESULT, type Puppet } from './puppet';
import { closeSession, session, transcript } from './session-model-fixture';

afterEach(closeSession);

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
