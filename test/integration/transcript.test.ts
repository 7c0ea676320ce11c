import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import { NAME_SCHEMA, eventually, handshake, openSession, queueItem, startRig, type Rig } from './hub-fixture';
import { V1_INIT_RESULT, V2_INIT_RESULT } from './puppet';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const chunk = (text: string, messageId?: string) => ({
  method: 'session/update',
  params: { sessionId: 'sess-1', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, ...(messageId ? { messageId } : {}) } },
});

describe('the transcript', () => {
  it('starts a new agent entry for each agent message, and joins the chunks of one message', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    await openSession(hub, puppets[0], 'a');
    for (const [text, id] of [['Let me ', 'm1'], ['check.', 'm1'], ['You declined.', 'm2']]) await puppets[0].send(chunk(text, id));
    const texts = await eventually(() => {
      const t = hub.snapshot().sessions[0].transcript.map((e) => e.text);
      return t.length === 2 && t[1] === 'You declined.' ? t : undefined;
    });
    expect(texts).toEqual(['Let me check.', 'You declined.']);
  });

  it('sends streamed text to the UI once, not the whole entry again with every chunk', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    await openSession(hub, puppets[0], 'a');
    let bytes = 0;
    hub.subscribe((events: BridgeEvent[]) => (bytes += JSON.stringify(events).length));
    const piece = 'x'.repeat(1000);
    for (let i = 0; i < 300; i++) {
      await puppets[0].send(chunk(piece, 'm1'));
      if (i % 10 === 0) await new Promise((done) => setTimeout(done, 5)); // let batches go out
    }
    await eventually(() => (hub.snapshot().sessions[0].transcript[0]?.text.length === 300_000 ? true : undefined));
    await new Promise((done) => setTimeout(done, 50));
    // architecture rule 6: about the text's own size, not quadratic in the number of batches.
    expect(bytes).toBeLessThan(2 * 300_000);
  });

  it('on v2, checks each update against the SDK schema: an invalid one is dropped, an unknown kind is still shown', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a');
    await openSession(hub, puppets[0], 'a');
    // The v2 schema requires a messageId on a chunk (ContentChunk): without one the update is not valid ACP v2.
    await puppets[0].send(chunk('no id', undefined));
    await puppets[0].send({ method: 'session/update', params: { sessionId: 'sess-1', update: { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { type: 'text' } } } });
    // A kind the schema does not list matches its catch-all branch: kept and shown generically (ACP: unknown kinds).
    await puppets[0].send({ method: 'session/update', params: { sessionId: 'sess-1', update: { sessionUpdate: 'future_update', detail: 1 } } });
    await puppets[0].send(chunk('valid', 'm2'));
    const entries = await eventually(() => {
      const t = hub.snapshot().sessions[0].transcript;
      return t.some((e) => e.text === 'valid') ? t : undefined;
    });
    expect(entries.map((e) => e.kind ?? 'message')).toEqual(['other', 'message']);
    expect(entries[0].text).toContain('future_update');
    expect(entries.map((e) => e.text).join('')).not.toContain('no id');
  });

  // The agent's order is the user's order: a request the agent sent before a run of message chunks is shown
  // where it was asked, above the message that follows it, however the lines arrive together.
  for (const [version, init] of [[1, V1_INIT_RESULT], [2, V2_INIT_RESULT]] as const) {
    it(`v${version}: shows a form sent before a run of chunks above that message, in the order the agent sent them`, async () => {
      rig = await startRig([{ id: 'a' }]);
      const { hub, puppets } = rig;
      await handshake(hub, puppets[0], 'a', init);
      await openSession(hub, puppets[0], 'a');
      const form = { jsonrpc: '2.0', id: 50, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'Who are you?', requestedSchema: NAME_SCHEMA } };
      const before = [chunk('Before the question.', 'm0')];
      const after = Array.from({ length: 20 }, (_, i) => chunk(`part ${i}. `, 'm1'));
      // One write: the request and the chunks reach Switchboard in the same read, as a streaming agent's do.
      await puppets[0].sendRaw([...before.map((m) => ({ jsonrpc: '2.0', ...m })), form, ...after.map((m) => ({ jsonrpc: '2.0', ...m }))].map((m) => JSON.stringify(m)).join('\n'));
      await queueItem(hub);
      const seen = await eventually(() => {
        const entries = hub.snapshot().sessions[0].transcript;
        return entries.some((e) => e.text.endsWith('part 19. ')) ? entries.map((e) => (e.kind === 'request' ? `request: ${e.request!.message}` : e.text)) : undefined;
      });
      expect(seen).toEqual(['Before the question.', 'request: Who are you?', Array.from({ length: 20 }, (_, i) => `part ${i}. `).join('')]);
    });
  }
});
