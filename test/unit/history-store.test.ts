/**
 * Switchboard's history store (docs/history.md): paging, search, the size caps and
 * retention policy, and a store that is unreadable or from a newer version moved aside, nothing deleted.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore, MAX_SESSION_BYTES, RETENTION_MS, type HistoryRecordInput } from '../../electron/core/history/history-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sb-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function record(n: number, extra: Partial<HistoryRecordInput> = {}): HistoryRecordInput {
  return { historyId: `h-${n}`, agentId: 'a', agentName: 'Agent A', sessionId: `s-${n}`, cwd: '/work', createdAt: n, lastActivity: n, protocolVersion: 2, ...extra };
}

describe('the history store', () => {
  it('pages sessions newest first with a cursor and finds them by title or transcript text', () => {
    const store = new HistoryStore(':memory:');
    for (let n = 1; n <= 5; n++) store.upsert(record(n, n === 2 ? { title: 'Refactor the parser' } : {}));
    store.putEntries('h-4', [{ entryId: 'e1', role: 'agent', text: 'The flamingo migration is done' }]);
    const first = store.list({ limit: 2 });
    expect(first.records.map((r) => r.historyId)).toEqual(['h-5', 'h-4']);
    const second = store.list({ limit: 2, cursor: first.nextCursor });
    expect(second.records.map((r) => r.historyId)).toEqual(['h-3', 'h-2']);
    expect(store.list({ limit: 2, cursor: second.nextCursor })).toEqual({ records: [expect.objectContaining({ historyId: 'h-1' })] });
    expect(store.list({ query: 'parser' }).records.map((r) => r.historyId)).toEqual(['h-2']);
    expect(store.list({ query: 'flamin' }).records.map((r) => r.historyId)).toEqual(['h-4']);
    // FTS syntax in a query is searched for, not obeyed.
    expect(store.list({ query: '"NEAR(' }).records).toEqual([]);
  });

  it('replaces entries by id in order and stops storing a session at its size cap', () => {
    const store = new HistoryStore(':memory:');
    store.upsert(record(1));
    store.putEntries('h-1', [{ entryId: 'a', role: 'user', text: 'one' }, { entryId: 'b', role: 'agent', text: 'two' }]);
    store.putEntries('h-1', [{ entryId: 'a', role: 'user', text: 'one, edited' }]);
    expect(store.transcript('h-1').entries.map((e) => e.text)).toEqual(['one, edited', 'two']);
    const big = 'x'.repeat(MAX_SESSION_BYTES / 2);
    store.putEntries('h-1', [{ entryId: 'c', role: 'agent', text: big }, { entryId: 'd', role: 'agent', text: big }]);
    expect(store.transcript('h-1').entries.map((e) => e.entryId)).toEqual(['a', 'b', 'c']);
    expect(store.get('h-1')).toMatchObject({ truncated: true });
    expect(store.get('h-1')!.bytes).toBeLessThanOrEqual(MAX_SESSION_BYTES);
  });

  it('deletes sessions past the retention period, with their entries', () => {
    const store = new HistoryStore(':memory:');
    const now = Date.now();
    store.upsert(record(1, { lastActivity: now - RETENTION_MS - 1000 }));
    store.putEntries('h-1', [{ entryId: 'a', role: 'user', text: 'old' }]);
    store.upsert(record(2, { lastActivity: now }));
    expect(store.prune(now)).toBe(1);
    expect(store.list().records.map((r) => r.historyId)).toEqual(['h-2']);
    expect(store.transcript('h-1').entries).toEqual([]);
    expect(store.list({ query: 'old' }).records).toEqual([]);
  });

  it('moves a corrupt file aside with a sentence and starts a fresh one', () => {
    const file = join(dir, 'history.sqlite');
    writeFileSync(file, 'this is not a database'.repeat(100));
    const { store, notice } = HistoryStore.open(file, Date.UTC(2026, 11, 1, 12));
    expect(notice).toBe(
      'Your session history could not be read, so it was moved aside to history.sqlite.unreadable-2026-12-01T12-00-00.000Z and a new one was started. Nothing was deleted.',
    );
    expect(store.list().records).toEqual([]);
    store.close();
    const aside = readdirSync(dir).find((name) => name.includes('unreadable'))!;
    expect(readFileSync(join(dir, aside), 'utf8')).toContain('this is not a database');
  });

  it('moves a store written by a newer version aside instead of changing it', () => {
    const file = join(dir, 'history.sqlite');
    const newer = new Database(file);
    newer.pragma('user_version = 99');
    newer.close();
    const { store, notice } = HistoryStore.open(file);
    expect(notice).toMatch(/^Your session history was written by a newer version of Switchboard, so it was moved aside/);
    store.close();
    expect(readdirSync(dir).filter((name) => name.includes('unreadable'))).toHaveLength(1);
  });

  it('keeps what was written when opened again (the file is the store)', () => {
    const file = join(dir, 'history.sqlite');
    const first = HistoryStore.open(file).store;
    first.upsert(record(1, { title: 'Kept' }));
    first.putEntries('h-1', [{ entryId: 'a', role: 'user', text: 'still here' }]);
    first.close();
    const { store, notice } = HistoryStore.open(file);
    expect(notice).toBeUndefined();
    expect(store.get('h-1')).toMatchObject({ title: 'Kept' });
    expect(store.transcript('h-1').entries[0].text).toBe('still here');
    store.close();
  });
});
