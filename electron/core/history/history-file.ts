/**
 * The history's SQLite file: opening it with the store's settings and schema, telling a damaged file from other
 * failures, and moving a file that cannot be used aside (never deleting it). See docs/history.md.
 */
import { existsSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/** Schema version this code writes (`PRAGMA user_version`). A file with a higher one is moved aside. */
export const HISTORY_SCHEMA_VERSION = 1;
/** Most full-text matches one search reads before grouping them by session: a bounded FTS query. */
export const MAX_SEARCH_HITS = 2000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  history_id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  agent_name TEXT NOT NULL,
  session_id TEXT NOT NULL,
  cwd TEXT NOT NULL,
  title TEXT,
  created_at INTEGER NOT NULL,
  last_activity INTEGER NOT NULL,
  last_stop_reason TEXT,
  protocol_version INTEGER NOT NULL,
  bytes INTEGER NOT NULL DEFAULT 0,
  truncated INTEGER NOT NULL DEFAULT 0,
  ended_reason TEXT
);
CREATE INDEX IF NOT EXISTS sessions_by_activity ON sessions (last_activity DESC, history_id DESC);
CREATE INDEX IF NOT EXISTS sessions_by_agent_session ON sessions (agent_id, session_id);
CREATE TABLE IF NOT EXISTS entries (
  id INTEGER PRIMARY KEY,
  history_id TEXT NOT NULL REFERENCES sessions (history_id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  json TEXT NOT NULL,
  UNIQUE (history_id, entry_id)
);
-- A transcript's newest entries without reading the rest.
CREATE INDEX IF NOT EXISTS entries_by_session ON entries (history_id, id);
-- Contentless (the text is in entries.json already): the index alone, rows deletable by rowid.
CREATE VIRTUAL TABLE IF NOT EXISTS entries_fts USING fts5 (text, content = '', contentless_delete = 1);
CREATE TRIGGER IF NOT EXISTS entries_ad AFTER DELETE ON entries BEGIN
  DELETE FROM entries_fts WHERE rowid = old.id;
END;
`;

/** The store's prepared statements, by name. */
export type Statements = Record<'upsert' | 'get' | 'byAgentSession' | 'entrySize' | 'putEntry' | 'index' | 'addBytes' | 'sessionBytes' | 'clearEntries' | 'resetBytes' | 'entries' | 'entryCount' | 'delete' | 'totals' | 'expired' | 'oldest' | 'search', Database.Statement>;

/** Opens `file` with the store's settings and schema, and reads every table once. @throws on a bad file. */
export function openDatabase(file: string): { db: Database.Database; stmts: Statements } {
  const db = new Database(file);
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > HISTORY_SCHEMA_VERSION) throw new NewerStoreError(version);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
    db.pragma(`user_version = ${HISTORY_SCHEMA_VERSION}`);
    // Reads every table once, so a file damaged at its root fails here rather than in the middle of use. A
    // damaged page deeper in is found when a query reaches it (HistoryStore's guard).
    db.prepare('SELECT count(*) FROM sessions').get();
    db.prepare('SELECT id FROM entries ORDER BY id DESC LIMIT 1').get();
    return { db, stmts: prepareStatements(db) };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The store's prepared statements for `db`. */
function prepareStatements(db: Database.Database): Statements {
  return {
    upsert: db.prepare(`INSERT INTO sessions (history_id, agent_id, agent_name, session_id, cwd, title, created_at, last_activity, last_stop_reason, protocol_version, ended_reason)
      VALUES (@historyId, @agentId, @agentName, @sessionId, @cwd, @title, @createdAt, @lastActivity, @lastStopReason, @protocolVersion, @endedReason)
      ON CONFLICT (history_id) DO UPDATE SET agent_name = excluded.agent_name, session_id = excluded.session_id, cwd = excluded.cwd,
        title = excluded.title, last_activity = excluded.last_activity, last_stop_reason = excluded.last_stop_reason,
        protocol_version = excluded.protocol_version, ended_reason = excluded.ended_reason`),
    get: db.prepare('SELECT * FROM sessions WHERE history_id = ?'),
    byAgentSession: db.prepare('SELECT * FROM sessions WHERE agent_id = ? AND session_id = ? ORDER BY last_activity DESC LIMIT 1'),
    entrySize: db.prepare('SELECT length(json) AS n FROM entries WHERE history_id = ? AND entry_id = ?'),
    putEntry: db.prepare(`INSERT INTO entries (history_id, entry_id, json) VALUES (?, ?, ?)
      ON CONFLICT (history_id, entry_id) DO UPDATE SET json = excluded.json RETURNING id`),
    index: db.prepare('INSERT OR REPLACE INTO entries_fts (rowid, text) VALUES (?, ?)'),
    addBytes: db.prepare('UPDATE sessions SET bytes = bytes + ?, truncated = truncated | ? WHERE history_id = ?'),
    sessionBytes: db.prepare('SELECT bytes FROM sessions WHERE history_id = ?'),
    clearEntries: db.prepare('DELETE FROM entries WHERE history_id = ?'),
    resetBytes: db.prepare('UPDATE sessions SET bytes = 0, truncated = 0 WHERE history_id = ?'),
    entries: db.prepare('SELECT json FROM entries WHERE history_id = ? ORDER BY id DESC LIMIT ?'),
    entryCount: db.prepare('SELECT count(*) AS n FROM entries WHERE history_id = ?'),
    delete: db.prepare('DELETE FROM sessions WHERE history_id = ?'),
    totals: db.prepare('SELECT count(*) AS sessions, coalesce(sum(bytes), 0) AS bytes FROM sessions'),
    expired: db.prepare('SELECT history_id FROM sessions WHERE last_activity < ? ORDER BY last_activity LIMIT ?'),
    oldest: db.prepare('SELECT history_id FROM sessions ORDER BY last_activity LIMIT ?'),
    search: db.prepare(`SELECT DISTINCT e.history_id AS history_id FROM entries_fts f JOIN entries e ON e.id = f.rowid
      WHERE entries_fts MATCH ? LIMIT ${MAX_SEARCH_HITS}`),
  };
}

/** SQLite's result codes for a file that is damaged or is not a database. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** Renames `file` (and its WAL and shared-memory files) to `<file>.unreadable-<time>`; returns the new name. */
export function moveAside(file: string, now: number): string {
  const aside = join(dirname(file), `${basename(file)}.unreadable-${new Date(now).toISOString().replaceAll(':', '-')}`);
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

/** The user's sentence for a history file moved aside, naming both files and their folder. */
export function movedAsideSentence(file: string, aside: string, why: string): string {
  return `Your session history (${basename(file)}) ${why}, so it was moved aside to ${basename(aside)} in ${dirname(file)} and a new one was started. Nothing was deleted.`;
}

/** The store file is from a newer Switchboard (its schema version is higher than ours). */
export class NewerStoreError extends Error {
  constructor(version: number) {
    super(`history schema version ${version} is newer than ${HISTORY_SCHEMA_VERSION}`);
  }
}

