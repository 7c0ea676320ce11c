/**
 * The demo agent's sessions file: kept across restarts, bounded, and shared safely by two
 * demo agents configured on one folder (neither save wipes the other's sessions; a delete stays deleted).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionRegistry } from '../../electron/demo-agent/session-registry';
import { DemoSessionFile, MAX_DEMO_MESSAGES, remember } from '../../electron/demo-agent/session-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sb-demo-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const quiet = async () => {};

describe('the demo agent sessions file', () => {
  it('brings sessions back after a restart, with what was said and the title', () => {
    const first = new SessionRegistry(new DemoSessionFile(dir));
    const session = first.open('/work', quiet);
    session.remember('user', 'hello there\nsecond line');
    session.remember('agent', 'Hi.');
    first.persist();
    const again = new SessionRegistry(new DemoSessionFile(dir)).get(session.sessionId)!;
    expect(again.title).toBe('hello there');
    expect(again.messages).toEqual([{ role: 'user', text: 'hello there\nsecond line' }, { role: 'agent', text: 'Hi.' }]);
  });

  it('keeps another process’s sessions when saving, and a deleted one stays deleted', () => {
    const a = new SessionRegistry(new DemoSessionFile(dir));
    const b = new SessionRegistry(new DemoSessionFile(dir));
    const mine = a.open('/work', quiet);
    const theirs = b.open('/work', quiet);
    a.persist();
    expect(a.page(undefined, undefined).sessions.map((s) => s.sessionId).sort()).toEqual([mine.sessionId, theirs.sessionId].sort());
    expect(b.get(mine.sessionId)).toBeDefined();
    b.delete(theirs.sessionId);
    // a saves again later: it writes only what it changed, so b's delete is not undone.
    mine.remember('user', 'more');
    a.persist();
    const fresh = new SessionRegistry(new DemoSessionFile(dir));
    expect(fresh.get(mine.sessionId)?.messages).toEqual([{ role: 'user', text: 'more' }]);
    expect(fresh.get(theirs.sessionId)).toBeUndefined();
  });

  it('caps messages and treats an unreadable file as empty', () => {
    const messages: Array<{ role: 'user' | 'agent'; text: string }> = [];
    for (let i = 0; i < MAX_DEMO_MESSAGES + 10; i++) remember(messages, i % 2 ? 'agent' : 'user', `m${i}`);
    expect(messages).toHaveLength(MAX_DEMO_MESSAGES);
    writeFileSync(join(dir, 'sessions.json'), '{ not json');
    expect(new DemoSessionFile(dir).load()).toEqual([]);
  });
});
