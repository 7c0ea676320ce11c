import { describe, expect, it } from 'vitest';
import type { FormItemView } from '../../shared/views/requests';
import type { TranscriptEntry } from '../../shared/views/transcript';
import { describeForm } from '../../shared/form-schema/describe';
import { DomainEvents } from '../../electron/core/domain-events';
import { HistoryRecorder, recordEntryId } from '../../electron/core/history/history-recorder';
import { HistoryStore, type HistoryRecordInput } from '../../electron/core/history/history-store';
import { fromStoredEntry, parseStoredEntry, toStoredEntry } from '../../electron/core/history/stored-entry';
import { UNSAVED_NOTICE } from '../../electron/core/history/unsaved-changes';
import { liveRequestEntry } from '../../electron/core/requests/live-record';
import { Session } from '../../electron/core/sessions/session';

const RECORD: HistoryRecordInput = {
  historyId: 'h-1',
  agentId: 'a',
  agentName: 'Agent A',
  sessionId: 's-1',
  cwd: '/tmp',
  createdAt: 1,
  lastActivity: 1,
  protocolVersion: 2,
};

const form: FormItemView = {
  itemId: 'i1',
  agentId: 'a',
  agentName: 'Agent A',
  scope: { kind: 'session', sessionKey: 'k-1', sessionId: 's-1', cwd: '/tmp' } as FormItemView['scope'],
  mode: 'form',
  message: 'Who are you?',
  form: describeForm({ type: 'object', properties: { name: { type: 'string', title: 'Name' } } }),
  state: 'pending',
  arrivedAt: 1,
};

/** A store whose writes fail (as a full disk does) while `failing.count` is above zero. */
function failingStore(failing: { count: number }): HistoryStore {
  const store = new HistoryStore(':memory:');
  const transaction = store.transaction.bind(store);
  store.transaction = (work) => {
    if (failing.count > 0) {
      failing.count--;
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    }
    transaction(work);
  };
  return store;
}

/** A recorder on `store` following one live session through the core's domain events. */
function rig(store: HistoryStore, unsavedBytes?: number) {
  const domain = new DomainEvents();
  const logs: string[] = [];
  const notices: Array<{ level: string; text: string }> = [];
  const recorder = new HistoryRecorder(store, { onChanged: () => {}, log: (line) => logs.push(line), notice: (level, text) => notices.push({ level, text }) }, 60_000, unsavedBytes);
  domain.subscribe((event, seq) => recorder.observe(event, seq));
  const session = new Session({ sessionKey: 'k-1', agentId: 'a', sessionId: 's-1', cwd: '/tmp', connectionId: 'c-1', version: 2, historyId: 'h-1' }, () => {}, undefined, domain);
  recorder.track(session, RECORD);
  return { domain, recorder, session, logs, notices };
}

const texts = (store: HistoryStore) => store.transcript('h-1').entries.map((e) => e.text);

describe('the history recorder', () => {
  it('keeps what a failed flush carried and writes it once the store works again, saying so truthfully', () => {
    const failing = { count: 2 };
    const store = failingStore(failing);
    const { recorder, session, logs, notices } = rig(store);
    session.promptStarted('hello');
    recorder.flush();
    session.apply({ kind: 'agent_text', text: 'Hi there' });
    recorder.flush();
    expect(store.get('h-1')).toBeUndefined();
    recorder.flush();
    expect(texts(store)).toEqual(['hello', 'Hi there']);
    expect(store.get('h-1')?.truncated).toBe(false);
    expect(logs[0]).toMatch(/held in memory and retried at the next flush/);
    expect(logs.join('\n')).not.toMatch(/kept in memory only/);
    expect(logs.at(-1)).toMatch(/writing works again/);
    expect(notices).toEqual([
      { level: 'error', text: UNSAVED_NOTICE.failing },
      { level: 'info', text: UNSAVED_NOTICE.recovered },
    ]);
  });

  it('retries a closed session whose last write failed', () => {
    const failing = { count: 1 };
    const store = failingStore(failing);
    const { recorder, session } = rig(store);
    session.promptStarted('before closing');
    recorder.untrack('k-1', 'closed');
    expect(store.get('h-1')).toBeUndefined();
    recorder.flush();
    expect(texts(store)).toEqual(['before closing']);
    expect(store.get('h-1')?.endedReason).toBe('closed');
  });

  it('past its budget drops the oldest unsaved entries of the session and marks it truncated', () => {
    const failing = { count: 3 };
    const store = failingStore(failing);
    const { recorder, session, logs } = rig(store, 2500);
    for (const n of [1, 2, 3]) {
      session.promptStarted(`prompt ${n} ${'x'.repeat(1000)}`);
      recorder.flush();
    }
    recorder.flush();
    expect(texts(store).map((t) => t.slice(0, 8))).toEqual(['prompt 2', 'prompt 3']);
    expect(store.get('h-1')?.truncated).toBe(true);
    expect(logs.some((line) => /unsaved entries of a session were dropped/.test(line))).toBe(true);
  });

  it('stores a request asked and declined within one flush where it happened, before the reply that followed', () => {
    const store = new HistoryStore(':memory:');
    const { domain, recorder, session } = rig(store);
    session.promptStarted('hello');
    recorder.flush();
    domain.publish({ type: 'request-asked', item: form });
    session.transcript.request(recordEntryId(form.itemId), liveRequestEntry(form, 'open'));
    domain.publish({ type: 'request-answered', itemId: form.itemId, outcome: 'declined' });
    session.apply({ kind: 'agent_text', text: 'Thanks anyway' });
    recorder.flush();
    expect(texts(store)).toEqual(['hello', 'Who are you?', 'Thanks anyway']);
    expect(store.transcript('h-1').entries[1].details?.request).toMatchObject({ outcome: 'declined' });
  });
});

describe('stored entries', () => {
  it('carry their own version, and a row written before it reads as the entry it was', () => {
    const entry: TranscriptEntry = { entryId: 'e1', role: 'agent', kind: 'plan', text: 'Plan', plan: [{ content: 'step', status: 'pending' }] } as TranscriptEntry;
    const store = new HistoryStore(':memory:');
    store.upsert(RECORD);
    store.putEntries('h-1', [toStoredEntry(entry)]);
    const [stored] = store.transcript('h-1').entries;
    expect(stored.v).toBe(2);
    expect(fromStoredEntry(stored)).toEqual(entry);
    // The JSON a store held before the version field: the view's entry itself.
    expect(fromStoredEntry(parseStoredEntry(JSON.stringify(entry)))).toEqual(entry);
    expect(() => parseStoredEntry('{"broken')).toThrow(/damaged/);
  });
});
