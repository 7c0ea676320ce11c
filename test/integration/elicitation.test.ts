import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_SCHEMA, eventually, handshake, openSession, queueItem, startRig, type Rig } from './hub-fixture';
import { V1_INIT_RESULT } from './puppet';
import type { BridgeEvent } from '../../shared/bridge';
import type { FormItemView } from '../../shared/views/requests';
import { describeForm } from '../../shared/form-schema/describe';
import { Transcript } from '../../electron/core/sessions/transcript';
import { recordEntryId } from '../../electron/core/history/history-recorder';
import { MAX_ENDED_MESSAGE_CHARS, MAX_ENDED_PER_AGENT, MAX_ENDED_SCHEMA_CHARS, MAX_REFUSED_PER_AGENT } from '../../electron/core/elicitation/broker';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** One ready v2 agent "a" with one session "sess-1". */
async function readyAgent(init?: unknown) {
  rig = await startRig([{ id: 'a', name: 'Agent A' }]);
  const { hub, puppets } = rig;
  await handshake(hub, puppets[0], 'a', init);
  const sessionKey = await openSession(hub, puppets[0], 'a');
  return { hub, puppet: puppets[0], sessionKey };
}

function formRequest(id: number | string, extra: Record<string, unknown> = {}) {
  return {
    id,
    method: 'elicitation/create',
    params: { mode: 'form', sessionId: 'sess-1', message: 'Who are you?', requestedSchema: NAME_SCHEMA, ...extra },
  };
}

describe('elicitation/create is checked before it reaches the user', () => {
  it('answers -32602 naming the mode when url mode was not advertised', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send({ id: 10, method: 'elicitation/create', params: { mode: 'url', sessionId: 'sess-1', message: 'Sign in', elicitationId: 'e1', url: 'https://example.com' } });
    const reply = await puppet.responseTo(10);
    // spec E-CAP-3
    expect(reply.error).toMatchObject({ code: -32602, message: expect.stringContaining('"url"') });
    expect(hub.snapshot().queue).toHaveLength(0);
  });

  it('answers -32602 for an unknown or custom mode', async () => {
    const { puppet } = await readyAgent();
    await puppet.send({ id: 11, method: 'elicitation/create', params: { mode: '_vendor_wizard', sessionId: 'sess-1', message: 'x' } });
    // spec E-CAP-3: the SDK does not do this for us.
    expect((await puppet.responseTo(11)).error).toMatchObject({ code: -32602, message: expect.stringContaining('_vendor_wizard') });
  });

  it('answers -32602 for a session this connection does not know', async () => {
    const { puppet } = await readyAgent();
    await puppet.send(formRequest(12, { sessionId: 'someone-elses-session' }));
    // spec E-REQ-3
    expect((await puppet.responseTo(12)).error).toMatchObject({ code: -32602, message: expect.stringContaining('unknown session') });
  });

  it('answers -32602 naming the property for a contradictory schema', async () => {
    const { puppet } = await readyAgent();
    await puppet.send(
      formRequest(13, { requestedSchema: { type: 'object', properties: { code: { type: 'string', minLength: 5, maxLength: 2 } } } }),
    );
    // spec E-FORM-10
    expect((await puppet.responseTo(13)).error).toMatchObject({ code: -32602, message: expect.stringContaining('code') });
  });

  it('shows an invalid form as a refused card that says why, and still answers -32602', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(17, { requestedSchema: { type: 'object', properties: {}, required: ['ghost'] } }));
    // spec E-FORM-10: the agent gets the error; the user is told what was refused and why.
    expect((await puppet.responseTo(17)).error).toMatchObject({ code: -32602 });
    const refused = await queueItem(hub, (i) => i.state === 'refused');
    expect(refused).toMatchObject({ mode: 'form', message: 'Who are you?', refusedReason: expect.stringContaining('ghost') });
    // It is not a request waiting for the user: only Dismiss.
    await expect(hub.invoke('answerElicitation', { itemId: refused.itemId, agentId: 'a', action: 'decline' })).rejects.toThrow(/no longer waiting/);
    await hub.invoke('dismissItem', { itemId: refused.itemId });
    expect(hub.snapshot().queue).toHaveLength(0);
  });

  it('keeps at most MAX_REFUSED_PER_AGENT refused cards per agent, dropping the oldest', async () => {
    const { hub, puppet } = await readyAgent();
    const bad = { type: 'object', properties: {}, required: ['ghost'] };
    for (let id = 100; id < 100 + MAX_REFUSED_PER_AGENT + 3; id++) await puppet.send(formRequest(id, { requestedSchema: bad, message: `bad ${id}` }));
    await puppet.responseTo(100 + MAX_REFUSED_PER_AGENT + 2);
    const queue = hub.snapshot().queue;
    expect(queue).toHaveLength(MAX_REFUSED_PER_AGENT);
    expect(queue[0].message).toBe('bad 103');
  });

  it('answers -32602 for a required name missing from properties', async () => {
    const { puppet } = await readyAgent();
    await puppet.send(formRequest(14, { requestedSchema: { type: 'object', properties: {}, required: ['ghost'] } }));
    // spec E-FORM-10
    expect((await puppet.responseTo(14)).error).toMatchObject({ code: -32602, message: expect.stringContaining('ghost') });
  });

  it('answers -32602 for a request that is not a valid elicitation at all', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send({ id: 15, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1' } });
    // spec E-REQ-1: message and requestedSchema are required.
    expect((await puppet.responseTo(15)).error).toMatchObject({ code: -32602 });
    expect(hub.snapshot().queue).toHaveLength(0);
  });

  it('shows a form whose property has an unknown string format, on a v1 connection too', async () => {
    const { hub, puppet } = await readyAgent(V1_INIT_RESULT);
    const schema = { type: 'object', properties: { host: { type: 'string', title: 'Host', format: 'hostname' } } };
    await puppet.send(formRequest(16, { requestedSchema: schema }));
    // spec E-FORM-11: the v1 SDK would reject this before any handler; ours shows it.
    const item = await queueItem(hub);
    expect(item).toMatchObject({ mode: 'form', form: describeForm(schema) });
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { host: 'db.local' } });
    expect((await puppet.responseTo(16)).result).toEqual({ action: 'accept', content: { host: 'db.local' } });
  });
});

describe('answers go back to the agent that asked', () => {
  it('sends accept with exactly the converted content', async () => {
    const { hub, puppet } = await readyAgent();
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        age: { type: 'integer' },
        ok: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
        note: { type: 'string' },
      },
      required: ['name'],
    };
    await puppet.send(formRequest(20, { requestedSchema: schema }));
    const item = await queueItem(hub);
    // spec E-REQ-7: the card can name the agent and the session.
    expect(item).toMatchObject({ agentName: 'Agent A', agentInfo: { name: 'puppet' }, scope: { kind: 'session', sessionId: 'sess-1' } });
    await hub.invoke('answerElicitation', {
      itemId: item.itemId,
      agentId: 'a',
      action: 'accept',
      values: { name: 'Ada', age: '36', ok: false, tags: ['y'], note: '' },
    });
    // spec E-FORM-7 (typed values), E-FORM-8 (empty optional omitted)
    expect((await puppet.responseTo(20)).result).toEqual({ action: 'accept', content: { name: 'Ada', age: 36, ok: false, tags: ['y'] } });
    expect(hub.snapshot().queue).toHaveLength(0);
  });

  it('sends decline and cancel without content', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(21));
    await puppet.send(formRequest(22));
    const first = await queueItem(hub, (i) => i.message === 'Who are you?');
    await eventually(() => (hub.snapshot().queue.length === 2 ? true : undefined));
    const second = hub.snapshot().queue.find((i) => i.itemId !== first.itemId)!;
    await hub.invoke('answerElicitation', { itemId: first.itemId, agentId: 'a', action: 'decline' });
    await hub.invoke('answerElicitation', { itemId: second.itemId, agentId: 'a', action: 'cancel' });
    // spec E-RES-1, E-RES-2
    const replies = [await puppet.responseTo(21), await puppet.responseTo(22)].map((r) => r.result);
    expect(replies).toEqual(expect.arrayContaining([{ action: 'decline' }, { action: 'cancel' }]));
  });

  it('checks the values a card starts with without keeping them: no draft, no event for the other windows', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(25));
    const item = await queueItem(hub);
    const events: BridgeEvent[] = [];
    const unsubscribe = hub.subscribe((batch) => events.push(...batch));
    const drafts = () => events.flatMap((e) => (e.type === 'item' && e.item.mode === 'form' && e.item.draft ? [e.item.draft] : []));
    // spec E-FORM-5: the same verdict as saveDraft gives, from main.
    expect(await hub.invoke('checkFormValues', { itemId: item.itemId, values: {} })).toMatchObject({ errors: { name: expect.any(String) } });
    expect(await hub.invoke('checkFormValues', { itemId: item.itemId, values: { name: 'Ada' } })).toMatchObject({ errors: {}, content: { name: 'Ada' } });
    expect(hub.snapshot().queue[0].itemId).toBe(item.itemId);
    expect(hub.snapshot().queue[0]).not.toHaveProperty('draft');
    // Longer than a batch period (16 ms), so a broadcast of either check would have been delivered by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drafts()).toEqual([]);
    await hub.invoke('saveDraft', { itemId: item.itemId, values: { name: 'typed' } });
    await eventually(() => (drafts().length > 0 ? true : undefined));
    unsubscribe();
    // Only the saved draft was broadcast (the item's own arrival may still have been on its way), and main keeps it.
    expect(drafts()).toEqual([{ name: 'typed' }]);
    expect(hub.snapshot().queue[0]).toMatchObject({ draft: { name: 'typed' } });
    await expect(hub.invoke('checkFormValues', { itemId: 'no-such-item', values: {} })).rejects.toThrow();
  });

  it("Escape's cancel keeps the item ended as cancelled with its draft; the agent hears a plain cancel", async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(24));
    const item = await queueItem(hub);
    await hub.invoke('saveDraft', { itemId: item.itemId, values: { name: 'Ada' } });
    const writes = vi.spyOn(Transcript.prototype, 'request');
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'cancel', keepDraft: true });
    // The session's record of it is written once, as cancelled (it was written twice: by itemChanged and the handler).
    expect(writes.mock.calls.map(([entryId, entry]) => [entryId, entry.request?.outcome])).toEqual([[recordEntryId(item.itemId), 'cancelled']]);
    writes.mockRestore();
    // spec E-RES-1, E-RES-2: the same answer as the Cancel button, without content.
    expect((await puppet.responseTo(24)).result).toEqual({ action: 'cancel' });
    expect(hub.snapshot().queue).toEqual([expect.objectContaining({ itemId: item.itemId, state: 'cancelled', draft: { name: 'Ada' } })]);
    // Nothing more can be answered; Dismiss removes it.
    await expect(hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { name: 'Ada' } })).rejects.toThrow(
      /no longer waiting/,
    );
    await hub.invoke('dismissItem', { itemId: item.itemId });
    expect(hub.snapshot().queue).toEqual([]);
  });

  it('refuses to send an accept whose values break the schema, and keeps the item', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(23));
    const item = await queueItem(hub);
    await expect(
      hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { name: '' } }),
    ).rejects.toThrow(/cannot be sent/);
    // spec E-FORM-5: nothing went on the wire, the item is still pending.
    await new Promise((done) => setTimeout(done, 100));
    expect(puppet.received.some((m) => m.id === 23)).toBe(false);
    expect(hub.snapshot().queue[0]).toMatchObject({ itemId: item.itemId, state: 'pending' });
  });

  it('rejects an answer for an item that does not exist or belongs to another agent', async () => {
    rig = await startRig([{ id: 'a' }, { id: 'b' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    await handshake(hub, puppets[1], 'b');
    await openSession(hub, puppets[0], 'a');
    await puppets[0].send(formRequest(24));
    const item = await queueItem(hub);
    // spec E-REQ-4: an answer is routed only to the connection that asked.
    await expect(hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'b', action: 'decline' })).rejects.toThrow(/no such request/);
    await expect(hub.invoke('answerElicitation', { itemId: 'item-forged', agentId: 'a', action: 'decline' })).rejects.toThrow(/no such request/);
    expect(hub.snapshot().queue).toHaveLength(1);
    expect(puppets[1].received.some((m) => m.id === 24)).toBe(false);
  });

  it('keeps several requests from two agents apart and answers them in any order', async () => {
    rig = await startRig([{ id: 'a' }, { id: 'b' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    await handshake(hub, puppets[1], 'b');
    await openSession(hub, puppets[0], 'a', 'sess-1');
    await openSession(hub, puppets[1], 'b', 'sess-1');
    // Both agents use the same JSON-RPC id and the same sessionId: neither is proof of identity (E-REQ-4).
    await puppets[0].send(formRequest(0, { message: 'from a' }));
    await puppets[1].send(formRequest(0, { message: 'from b' }));
    const fromA = await queueItem(hub, (i) => i.message === 'from a');
    const fromB = await queueItem(hub, (i) => i.message === 'from b');
    expect(fromA.agentId).toBe('a');
    expect(fromB.agentId).toBe('b');
    // spec E-REQ-5: answer the later one first.
    await hub.invoke('answerElicitation', { itemId: fromB.itemId, agentId: 'b', action: 'accept', values: { name: 'bee' } });
    await hub.invoke('answerElicitation', { itemId: fromA.itemId, agentId: 'a', action: 'accept', values: { name: 'ay' } });
    expect((await puppets[0].responseTo(0)).result).toEqual({ action: 'accept', content: { name: 'ay' } });
    expect((await puppets[1].responseTo(0)).result).toEqual({ action: 'accept', content: { name: 'bee' } });
  });

  it('labels a request-scoped elicitation with our pending request it belongs to', async () => {
    const { hub, puppet, sessionKey } = await readyAgent();
    const turn = hub.invoke('prompt', { sessionKey, text: 'hello' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send({ id: 30, method: 'elicitation/create', params: { mode: 'form', requestId: prompt.id, message: 'Need a name', requestedSchema: NAME_SCHEMA } });
    // spec E-REQ-3: shown in the agent's own queue, labelled with the request.
    const item = await queueItem(hub);
    expect(item.scope).toEqual({ kind: 'request', label: 'while answering your prompt' });
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { name: 'Ada' } });
    expect((await puppet.responseTo(30)).result).toEqual({ action: 'accept', content: { name: 'Ada' } });
    await puppet.send({ id: prompt.id, result: { messageId: 'm-1' } });
    await expect(turn).resolves.toEqual({});
  });

  it('names the tool call a request belongs to when toolCallId is set', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send({
      method: 'session/update',
      params: { sessionId: 'sess-1', update: { sessionUpdate: 'tool_call_update', toolCallId: 'tc-1', title: 'Deploy to staging', status: 'in_progress' } },
    });
    await puppet.send(formRequest(31, { toolCallId: 'tc-1' }));
    // spec E-REQ-7 (the SDK does not keep a notification ahead of a request, so the title may arrive late)
    const item = await queueItem(hub, (i) => i.scope.kind === 'session' && i.scope.toolCallTitle !== undefined);
    expect(item.scope).toMatchObject({ kind: 'session', toolCallId: 'tc-1', toolCallTitle: 'Deploy to staging' });
  });
});

describe('cancellation', () => {
  it('withdraws a request whose $/cancel_request follows it at once, before its card was shown', async () => {
    // spec E-CXL-1: the SDK aborted the handler's signal before the worker listened to it, so the cancel was lost
    // and the request waited for ever.
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(41));
    await puppet.send({ method: '$/cancel_request', params: { requestId: 41 } });
    expect((await puppet.responseTo(41)).error).toMatchObject({ code: -32800 });
    expect(await queueItem(hub, (i) => i.state === 'withdrawn')).toMatchObject({ message: 'Who are you?' });
  });

  it('keeps at most MAX_ENDED_PER_AGENT withdrawn cards per agent, each with a shortened message', async () => {
    // spec E-CXL-1 keeps a withdrawn card visible; an agent that asks and withdraws 16 times a second
    // with 4 MiB messages once made main hold 300 MB. The newest stay readable; the oldest go.
    const { hub, puppet } = await readyAgent();
    const long = 'm'.repeat(8 * 1024);
    const total = MAX_ENDED_PER_AGENT + 5;
    for (let id = 500; id < 500 + total; id++) {
      await puppet.send(formRequest(id, { message: `${id} ${long}` }));
      await puppet.send({ method: '$/cancel_request', params: { requestId: id } });
    }
    await puppet.responseTo(500 + total - 1);
    await eventually(() => hub.snapshot().queue.filter((i) => i.state === 'withdrawn').length === MAX_ENDED_PER_AGENT || undefined);
    const queue = hub.snapshot().queue;
    expect(queue).toHaveLength(MAX_ENDED_PER_AGENT);
    expect(queue[0].message.startsWith('505 ')).toBe(true);
    expect(Math.max(...queue.map((i) => i.message.length))).toBe(MAX_ENDED_MESSAGE_CHARS);
  }, 60_000);

  it('drops a large schema from a withdrawn form nobody typed into, and keeps it when the user typed', async () => {
    // spec E-CXL-1 keeps a withdrawn card; a hostile agent asked a 2 MB form and withdrew it in a loop, and main
    // held 50 × 2 MB in ended cards. A card the user typed into keeps what they typed.
    const { hub, puppet } = await readyAgent();
    const wordy = 'w'.repeat(MAX_ENDED_SCHEMA_CHARS);
    const large = { type: 'object', properties: { name: { type: 'string', title: 'Name', description: wordy } } };
    await puppet.send(formRequest(60, { message: 'untouched', requestedSchema: large }));
    await puppet.send(formRequest(61, { message: 'typed into', requestedSchema: large }));
    await puppet.send(formRequest(62, { message: 'small' }));
    const typed = await queueItem(hub, (i) => i.message === 'typed into');
    await hub.invoke('saveDraft', { itemId: typed.itemId, values: { name: 'half-typed' } });
    for (const id of [60, 61, 62]) await puppet.send({ method: '$/cancel_request', params: { requestId: id } });
    for (const id of [60, 61, 62]) expect((await puppet.responseTo(id)).error).toMatchObject({ code: -32800 });
    await eventually(() => hub.snapshot().queue.every((i) => i.state === 'withdrawn') || undefined);
    const byMessage = new Map(hub.snapshot().queue.map((i) => [i.message, i] as const));
    expect(byMessage.get('untouched')?.state).toBe('withdrawn');
    expect((byMessage.get('untouched') as FormItemView | undefined)?.form).toEqual({ fields: [] });
    expect(byMessage.get('typed into')).toMatchObject({ state: 'withdrawn', form: describeForm(large), draft: { name: 'half-typed' } });
    expect(byMessage.get('small')).toMatchObject({ state: 'withdrawn', form: describeForm(NAME_SCHEMA) });
  });

  it('answers -32800 exactly once when the agent withdraws a request, and keeps the typed draft visible', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(40));
    const item = await queueItem(hub);
    await hub.invoke('saveDraft', { itemId: item.itemId, values: { name: 'half-typed' } });
    await puppet.send({ method: '$/cancel_request', params: { requestId: 40 } });
    // spec E-CXL-1
    expect((await puppet.responseTo(40)).error).toMatchObject({ code: -32800 });
    const withdrawn = await queueItem(hub, (i) => i.state === 'withdrawn');
    expect(withdrawn).toMatchObject({ draft: { name: 'half-typed' } });
    // spec E-CXL-2: a late answer is dropped locally, never sent.
    await expect(hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'decline' })).rejects.toThrow(/no longer waiting/);
    await new Promise((done) => setTimeout(done, 100));
    expect(puppet.received.filter((m) => m.id === 40)).toHaveLength(1);
    await hub.invoke('dismissItem', { itemId: item.itemId });
    expect(hub.snapshot().queue).toHaveLength(0);
  });

  it('ignores a cancel for an unknown request id and keeps working', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send({ method: '$/cancel_request', params: { requestId: 999 } });
    await puppet.send(formRequest(41));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'decline' });
    expect((await puppet.responseTo(41)).result).toEqual({ action: 'decline' });
    expect(puppet.received.some((m) => m.id === 999)).toBe(false);
  });

  it("leaves the session's elicitations open when the user presses Stop", async () => {
    const { hub, puppet, sessionKey } = await readyAgent();
    const turn = hub.invoke('prompt', { sessionKey, text: 'go' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send(formRequest(42));
    const item = await queueItem(hub);
    await hub.invoke('cancelPrompt', { sessionKey });
    await puppet.next((m) => m.method === 'session/cancel');
    await puppet.send({ id: prompt.id, result: { messageId: 'm-1' } });
    await expect(turn).resolves.toEqual({});
    // v2: the turn ends with state_update idle/cancelled; that snapshot touches no elicitation (E-CXL-5).
    await puppet.send({ method: 'session/update', params: { sessionId: 'sess-1', update: { sessionUpdate: 'state_update', state: 'idle', stopReason: 'cancelled' } } });
    await eventually(() => (hub.snapshot().sessions[0].promptInFlight ? undefined : true));
    // spec E-CXL-3: Stop neither answers nor drops the elicitation.
    expect(hub.snapshot().queue[0]).toMatchObject({ itemId: item.itemId, state: 'pending' });
    expect(puppet.received.some((m) => m.id === 42)).toBe(false);
    expect(hub.snapshot().sessions[0]).toMatchObject({ promptInFlight: false, lastStopReason: 'cancelled' });
  });

  it('a request the agent withdraws after the user pressed Stop reads "stopped", not "withdrawn"', async () => {
    const { hub, puppet, sessionKey } = await readyAgent();
    void hub.invoke('prompt', { sessionKey, text: 'go' }).catch(() => {});
    await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send(formRequest(44));
    const item = await queueItem(hub);
    await hub.invoke('saveDraft', { itemId: item.itemId, values: { name: 'typed before Stop' } });
    await hub.invoke('cancelPrompt', { sessionKey });
    await puppet.next((m) => m.method === 'session/cancel');
    await puppet.send({ method: '$/cancel_request', params: { requestId: 44 } });
    expect((await puppet.responseTo(44)).error).toMatchObject({ code: -32800 });
    // "You stopped the turn", with the typed values kept (spec E-CXL-1, E-CXL-3).
    expect(await queueItem(hub, (i) => i.state === 'stopped')).toMatchObject({ itemId: item.itemId, draft: { name: 'typed before Stop' } });
  });

  it('orders requests of the same millisecond by the order they were received', async () => {
    const { hub, puppet } = await readyAgent();
    const realNow = Date.now;
    const frozen = realNow();
    Date.now = () => frozen;
    try {
      for (let id = 60; id < 66; id++) await puppet.send(formRequest(id, { message: `ask ${id}` }));
      await eventually(() => (hub.snapshot().queue.length === 6 ? true : undefined));
    } finally {
      Date.now = realNow;
    }
    const queue = hub.snapshot().queue;
    expect(new Set(queue.map((i) => i.arrivedAt)).size).toBe(1);
    expect(queue.map((i) => i.message)).toEqual(['ask 60', 'ask 61', 'ask 62', 'ask 63', 'ask 64', 'ask 65']);
    // The receipt order travels with each item, so the renderer sorts ties the same way.
    const seqs = queue.map((i) => i.arrivalSeq!);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(6);
  });

  it('marks open items "agent disconnected" with their drafts when the agent exits, and sends nothing', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(43));
    const item = await queueItem(hub);
    await hub.invoke('saveDraft', { itemId: item.itemId, values: { name: 'keep me' } });
    puppet.exit();
    // spec E-CXL-4
    const gone = await queueItem(hub, (i) => i.state === 'disconnected');
    expect(gone).toMatchObject({ draft: { name: 'keep me' } });
    await expect(hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { name: 'x' } })).rejects.toThrow();
  });
});

describe('bad input from an agent', () => {
  it('answers a line that is not JSON with -32700 and keeps the connection', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.sendRaw('this is { not json');
    const parseError = await puppet.next((m) => (m.error as { code?: number })?.code === -32700);
    expect(parseError.id).toBeNull();
    await puppet.send(formRequest(50));
    const item = await queueItem(hub);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'cancel' });
    expect((await puppet.responseTo(50)).result).toEqual({ action: 'cancel' });
  });

  it('handles a 5 MB line: garbage is a parse error, a huge message is still shown', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.sendRaw('x'.repeat(5 * 1024 * 1024));
    await puppet.next((m) => (m.error as { code?: number })?.code === -32700, 10_000);
    const longMessage = 'm'.repeat(5 * 1024 * 1024);
    await puppet.send(formRequest(51, { message: longMessage }));
    const item = await queueItem(hub);
    expect(item.message.length).toBe(longMessage.length);
  });

  it('answers -32600 to a second request reusing a pending id, and the first stays answerable', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(52, { message: 'first' }));
    const first = await queueItem(hub);
    await puppet.send(formRequest(52, { message: 'second' }));
    expect((await puppet.responseTo(52)).error).toMatchObject({ code: -32600 });
    expect(hub.snapshot().queue.map((i) => i.message)).toEqual(['first']);
    await hub.invoke('answerElicitation', { itemId: first.itemId, agentId: 'a', action: 'decline' });
    await eventually(() => (puppet.received.filter((m) => m.id === 52).length === 2 ? true : undefined));
    expect(puppet.received.filter((m) => m.id === 52).map((m) => m.result ?? m.error.code)).toEqual([-32600, { action: 'decline' }]);
  });

  it('lets the agent withdraw the first request after a second one reused its id', async () => {
    // spec E-CXL-1: the duplicate once replaced the first's cancel signal inside the SDK, so this cancel was lost.
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(53, { message: 'first' }));
    await queueItem(hub);
    await puppet.send(formRequest(53, { message: 'second' }));
    expect((await puppet.responseTo(53)).error).toMatchObject({ code: -32600, message: expect.any(String) });
    await puppet.send({ method: '$/cancel_request', params: { requestId: 53 } });
    expect(await queueItem(hub, (i) => i.state === 'withdrawn')).toMatchObject({ message: 'first' });
    await eventually(() => (puppet.received.filter((m) => m.id === 53).length === 2 ? true : undefined));
    expect(puppet.received.filter((m) => m.id === 53).map((m) => m.error?.code)).toEqual([-32600, -32800]);
  });

  it('does not hold an id the SDK could not answer by (a fraction), so a later request with it is handled alike', async () => {
    // The v2 SDK answers an invalid id with id null, so a tracked 1.5 was never released.
    const { puppet } = await readyAgent();
    await puppet.send(formRequest(1.5));
    const first = await puppet.next((m) => m.id === null && m.error !== undefined);
    await puppet.send(formRequest(1.5));
    const second = await puppet.next((m) => m.id === null && m.error !== undefined && m !== first);
    expect(second.error.code).toBe(first.error.code);
    expect(puppet.received.some((m) => m.id === 1.5)).toBe(false);
  });

  it('rejects bridge commands with invalid parameters in plain words', async () => {
    const { hub } = await readyAgent();
    await expect(hub.invoke('answerElicitation', { itemId: 5 })).rejects.toThrow('The answerElicitation command was sent invalid parameters.');
    await expect(hub.invoke('rm -rf', {})).rejects.toThrow(/Unknown command/);
  });
});

describe('a form whose message asks for a secret (spec E-FORM-12)', () => {
  const VALUE_SCHEMA = { type: 'object', properties: { value: { type: 'string', title: 'Value' } }, required: ['value'] };

  it('treats its one generic field as secret: flagged for the card, and the sent value never in the transcript', async () => {
    // Field `value` titled "Value" under "Enter your GitHub password" was not flagged,
    // so the card showed no warning, the field was not masked, and the record kept the typed password.
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(40, { message: 'Enter your GitHub password', requestedSchema: VALUE_SCHEMA }));
    const item = await queueItem(hub);
    expect(item).toMatchObject({ mode: 'form', secretByMessage: true });
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { value: 'hunter2-secret' } });
    // The agent gets its answer (the warning is advice; the user chose to send)…
    expect((await puppet.responseTo(40)).result).toEqual({ action: 'accept', content: { value: 'hunter2-secret' } });
    // …and Switchboard keeps none of it: the record marks the field secret and holds no value.
    const records = hub.snapshot().sessions[0].transcript.filter((e) => e.kind === 'request');
    expect(records.at(-1)?.request?.fields).toEqual([{ name: 'value', title: 'Value', secret: true }]);
    expect(JSON.stringify(hub.snapshot())).not.toContain('hunter2-secret');
  });

  it.each([
    ['a message that says what the field is not', 'Enter your GitHub user name, not your password', VALUE_SCHEMA],
    ['a message that asks for no secret', 'Which branch should I deploy?', VALUE_SCHEMA],
    [
      'a form of two fields (the message does not say which one)',
      'Enter your GitHub password',
      { type: 'object', properties: { user: { type: 'string', title: 'User' }, note: { type: 'string', title: 'Note' } } },
    ],
    ['a single choice, which holds no typed secret', 'Reset your password now?', { type: 'object', properties: { value: { type: 'string', enum: ['yes', 'no'] } } }],
  ])('does not flag %s', async (_, message, requestedSchema) => {
    // spec E-FORM-12: a warning on a form that asks for no secret would teach users to ignore the warning.
    const { hub, puppet } = await readyAgent();
    await puppet.send(formRequest(41, { message, requestedSchema }));
    const item = await queueItem(hub);
    expect(item.mode === 'form' && item.secretByMessage).toBeFalsy();
  });
});
