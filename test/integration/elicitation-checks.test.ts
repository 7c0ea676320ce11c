import { afterEach, describe, expect, it } from 'vitest';
import { eventually, queueItem } from './hub-fixture';
import { V1_INIT_RESULT } from './puppet';
import { describeForm } from '../../shared/form-schema/describe';
import { MAX_REFUSED_PER_AGENT } from '../../electron/core/elicitation/broker';
import { closeAgent, readyAgent, formRequest } from './elicitation-fixture';

afterEach(closeAgent);

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
