import { afterEach, describe, expect, it } from 'vitest';
import { NAME_SCHEMA, eventually, queueItem } from './hub-fixture';
import type { FormItemView } from '../../shared/views/requests';
import { describeForm } from '../../shared/form-schema/describe';
import { MAX_ENDED_MESSAGE_CHARS, MAX_ENDED_PER_AGENT, MAX_ENDED_SCHEMA_CHARS } from '../../electron/core/elicitation/broker';
import { closeAgent, readyAgent, formRequest } from './elicitation-fixture';

afterEach(closeAgent);

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
