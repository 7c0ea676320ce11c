import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import { EventBatcher } from '../../electron/core/event-batcher';

// Architecture rule 6: streams are batched, and streamed text crosses the bridge once.
let batcher: EventBatcher | undefined;
afterEach(() => batcher?.dispose());

function collect(): { batches: BridgeEvent[][]; batcher: EventBatcher } {
  const batches: BridgeEvent[][] = [];
  batcher = new EventBatcher((events) => batches.push(events), 1000);
  return { batches, batcher };
}

const entry = (entryId: string, text: string) => ({ entryId, role: 'agent' as const, text });

describe('event batching', () => {
  it('keeps only the newest state of an item, in the position it first took', () => {
    const { batches, batcher } = collect();
    batcher.push({ type: 'session', session: { sessionKey: 's', agentId: 'a', sessionId: 'x', cwd: '/', promptInFlight: true, suggestions: [], foreground: { state: 'running', derived: false } } });
    batcher.push({ type: 'itemRemoved', itemId: 'i1' });
    batcher.push({ type: 'session', session: { sessionKey: 's', agentId: 'a', sessionId: 'x', cwd: '/', promptInFlight: false, suggestions: [], foreground: { state: 'idle', derived: false } } });
    batcher.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0].map((e) => e.type)).toEqual(['session', 'itemRemoved']);
    expect(batches[0][0]).toMatchObject({ session: { promptInFlight: false } });
  });

  it('folds text streamed onto a new entry into that entry', () => {
    const { batches, batcher } = collect();
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [entry('e1', 'Hel')] });
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'e1', text: 'lo' }] });
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'e1', text: '!' }] });
    batcher.flush();
    expect(batches[0]).toEqual([{ type: 'transcript', sessionKey: 's', upserts: [entry('e1', 'Hello!')] }]);
  });

  it('sends text streamed onto an entry the renderer already has as one append, never the whole entry', () => {
    const { batches, batcher } = collect();
    for (const chunk of ['a', 'b', 'c']) {
      batcher.push({ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'old', text: chunk }] });
    }
    batcher.flush();
    expect(batches[0]).toEqual([{ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'old', text: 'abc' }] }]);
  });

  it('lets a later whole entry replace text appended before it in the same batch', () => {
    const { batches, batcher } = collect();
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'e1', text: 'stale' }] });
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [entry('e1', 'fresh')] });
    batcher.flush();
    expect(batches[0]).toEqual([{ type: 'transcript', sessionKey: 's', upserts: [entry('e1', 'fresh')] }]);
  });

  it('sends a lone event on the next turn of the event loop, and holds the ones that follow it for the period', async () => {
    const { batches, batcher } = collect();
    const nextTurn = () => new Promise((done) => setImmediate(done));
    batcher.push({ type: 'itemRemoved', itemId: 'i1' });
    batcher.push({ type: 'itemRemoved', itemId: 'i2' });
    expect(batches).toHaveLength(0); // not synchronously: the rest of this turn's input joins the batch
    await nextTurn();
    expect(batches.map((b) => b.length)).toEqual([2]);
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'e1', text: 'more' }] });
    await nextTurn();
    // Within the 1000 ms period after a batch: streamed text waits for the next one (at most one batch per period).
    expect(batches).toHaveLength(1);
    batcher.flush();
    expect(batches.map((b) => b.length)).toEqual([2, 1]);
  });

  it('sends a request on the next turn even within the period after a batch, with the text queued before it', async () => {
    const { batches, batcher } = collect();
    const nextTurn = () => new Promise((done) => setImmediate(done));
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [entry('e1', 'first')] });
    await nextTurn();
    expect(batches).toHaveLength(1);
    // Inside the 1000 ms period: the text alone would wait for it; the card that follows takes it along now.
    batcher.push({ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'e1', text: ' second' }] });
    await nextTurn();
    expect(batches).toHaveLength(1);
    batcher.push({ type: 'itemRemoved', itemId: 'card' });
    await nextTurn();
    expect(batches).toHaveLength(2);
    expect(batches[1]).toEqual([
      { type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'e1', text: ' second' }] },
      { type: 'itemRemoved', itemId: 'card' },
    ]);
  });
});
