import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_SCHEMA, eventually, handshake, openSession, queueItem, startRig, type Rig } from './hub-fixture';
import type { BridgeEvent } from '../../shared/bridge';
import { Transcript } from '../../electron/core/sessions/transcript';
import { recordEntryId } from '../../electron/core/history/history-recorder';
import { closeAgent, readyAgent, formRequest } from './elicitation-fixture';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  await closeAgent();
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
