/**
 * Switchboard's own session history: one SQLite database through better-sqlite3 (docs/history.md).
 *
 * Why SQLite through better-sqlite3: a single file that survives a crash mid-write (WAL journal, every
 * write one transaction), queried with indexes so a list of 10,000 sessions or one transcript is one
 * short synchronous query on the main thread, and FTS5 for searching transcript text. `node:sqlite` needs
 * a newer Node than the 20 this project supports. better-sqlite3 is a native module: electron-builder
 * rebuilds it for Electron and unpacks it from the asar archive.
 *
 * Plain Node: never imports electron. The Electron app keeps the file in the user-data folder; the harness
 * in `--data DIR`, or in memory without it.
 *
 * Every query is bounded: lists are paged ({@link LIST_PAGE_MAX}), a transcript opens at most
 * {@link MAX_OPEN_ENTRIES} entries, a search reads at most MAX_SEARCH_HITS text matches (history-file.ts), pruning
 * deletes {@link PRUNE_BATCH} sessions per call.
 */
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { oneLineLabel } from '../acp/session-setup';
import { isDamage, moveAside, movedAsideSentence, NewerStoreError, openDatabase, type Statements } from './history-file';
import { parseStoredEntry, STORED_ENTRY_VERSION, type StoredEntry, type StoredEntryInput } from './stored-entry';

/** Bytes of stored entries kept per session; later entries are dropped and the session marked truncated. */
export const MAX_SESSION_BYTES = 8 * 1024 * 1024;
/**
 * Bytes of stored entries kept in total (a year of daily use is ~1 GB); oldest sessions go first. The file
 * is about twice this (the FTS5 index).
 */
export const MAX_TOTAL_BYTES = 1.5 * 1024 * 1024 * 1024;
/** Sessions kept in total (a year of daily use is ~10,000); oldest go first. */
export const MAX_SESSIONS = 20_000;
/** Sessions untouched for longer than this are deleted, in ms (400 days: a year plus a margin). */
export const RETENTION_MS = 400 * 24 * 60 * 60 * 1000;
/** Most sessions one list page returns. */
export const LIST_PAGE_MAX = 500;
/**
 * Most entries one transcript opens (the newest ones); a longer transcript says how many it left out.
 * The renderer draws 200 at a time; 1000 keeps even a session at {@link MAX_SESSION_BYTES} under 100 ms.
 */
export const MAX_OPEN_ENTRIES = 1000;
/** Sessions one prune call deletes at most, so pruning never holds the main thread for long. */
export const PRUNE_BATCH = 200;
/** Characters of one entry's text indexed for search. */
const MAX_INDEXED_CHARS = 20_000;

/** One session's metadata as stored. Times are ms since the epoch. */
export interface HistoryRecord {
  historyId: string;
  agentId: string;
  agentName: string;
  /** The agent's own `sessionId`. */
  sessionId: string;
  cwd: string;
  title?: string;
  createdAt: number;
  lastActivity: number;
  lastStopReason?: string;
  protocolVersion: number;
  /** Bytes of stored entries. */
  bytes: number;
  /** Entries were dropped: the session reached {@link MAX_SESSION_BYTES}, or more was held unsaved than the recorder keeps. */
  truncated: boolean;
  /** Why the session ended, when it did: `closed`, `app closed`, `agent disconnected`. */
  endedReason?: string;
}

/** The fields a caller sets; `bytes` and `truncated` are the store's. */
export type HistoryRecordInput = Omit<HistoryRecord, 'bytes' | 'truncated'>;

export interface HistoryPage {
  records: HistoryRecord[];
  /** Pass back as `cursor` for the next (older) page; absent on the last page. */
  nextCursor?: string;
}

export interface OpenedTranscript {
  /** Oldest first, in the order they were first written (stored-entry.ts maps them to the view). */
  entries: StoredEntry[];
  /** Older entries not returned (beyond {@link MAX_OPEN_ENTRIES}). */
  omitted: number;
}

/** What opening the store found: the store, and a plain sentence when the old file was moved aside. */
export interface OpenedHistory {
  store: HistoryStore;
  notice?: string;
}

interface RecordRow {
  history_id: string;
  agent_id: string;
  agent_name: string;
  session_id: string;
  cwd: string;
  title: string | null;
  created_at: number;
  last_activity: number;
  last_stop_reason: string | null;
  protocol_version: number;
  bytes: number;
  truncated: number;
  ended_reason: string | null;
}


/**
 * The history database. Methods are synchronous and short (see the module comment).
 * Errors from SQLite (a disk that is full, a file damaged while open) are thrown as they are; the
 * recorder catches them so a failing store never stops a session.
 */
export class HistoryStore {
  private db: Database.Database;
  private stmts: Statements;
  /** Nesting of guarded calls: only the outermost one replaces a damaged file. */
  private depth = 0;
  /**
   * Told, with a sentence for the user, when the file was found damaged while in use and was moved aside for a
   * fresh one. Set by whoever shows notices.
   */
  onMovedAside?: (notice: string) => void;

  /** Opens (or creates) `file`, or an in-memory database for `':memory:'`. @throws on a bad file. */
  constructor(readonly file: string) {
    ({ db: this.db, stmts: this.stmts } = openDatabase(file));
  }

  /**
   * Opens the store at `file` (or in memory when `file` is undefined). A file that is not a database,
   * is damaged, or was written by a newer Switchboard is renamed to `<file>.unreadable-<time>` (nothing is
   * deleted) and a fresh one started; `notice` then says so in a sentence.
   */
  static open(file: string | undefined, now = Date.now()): OpenedHistory {
    if (!file) return { store: new HistoryStore(':memory:') };
    try {
      return { store: new HistoryStore(file) };
    } catch (error) {
      if (!existsSync(file)) throw error;
      const aside = moveAside(file, now);
      const why = error instanceof NewerStoreError ? 'was written by a newer version of Switchboard' : 'could not be read';
      return { store: new HistoryStore(file), notice: movedAsideSentence(file, aside, why) };
    }
  }

  /** Creates or updates a session's metadata (not its size, which the store keeps). */
  upsert(record: HistoryRecordInput): void {
    this.guarded(() => this.stmts.upsert.run({
      ...record,
      // The agent's title is a label (spec E-REQ-7); cut again here, whatever the caller did, so History stays light.
      title: record.title !== undefined ? oneLineLabel(record.title) : null,
      lastStopReason: record.lastStopReason ?? null,
      endedReason: record.endedReason ?? null,
    }));
  }

  get(historyId: string): HistoryRecord | undefined {
    const row = this.guarded(() => this.stmts.get.get(historyId) as RecordRow | undefined);
    return row && toRecord(row);
  }

  /** The newest record of an agent's session, by the agent's own `sessionId`. */
  findByAgentSession(agentId: string, sessionId: string): HistoryRecord | undefined {
    const row = this.guarded(() => this.stmts.byAgentSession.get(agentId, sessionId) as RecordRow | undefined);
    return row && toRecord(row);
  }

  /**
   * Writes entries (new ones appended in the order given, known ones replaced by `entryId` where they stand) in one
   * transaction, stamped with {@link STORED_ENTRY_VERSION}. The order given is the order a transcript reads back in,
   * so callers pass entries in the order they happened. Entries that would take the session past
   * {@link MAX_SESSION_BYTES} are not written; the session is then marked truncated. The session's record must exist.
   */
  putEntries(historyId: string, entries: StoredEntryInput[]): void {
    if (!entries.length) return;
    this.guarded(() => this.db.transaction(() => {
      let bytes = (this.stmts.sessionBytes.get(historyId) as { bytes: number } | undefined)?.bytes;
      if (bytes === undefined) return;
      let delta = 0;
      let truncated = 0;
      for (const entry of entries) {
        const json = JSON.stringify({ v: STORED_ENTRY_VERSION, ...entry });
        const previous = (this.stmts.entrySize.get(historyId, entry.entryId) as { n: number } | undefined)?.n ?? 0;
        if (bytes + json.length - previous > MAX_SESSION_BYTES) {
          truncated = 1;
          continue;
        }
        const { id } = this.stmts.putEntry.get(historyId, entry.entryId, json) as { id: number };
        this.stmts.index.run(id, searchText(entry));
        bytes += json.length - previous;
        delta += json.length - previous;
      }
      this.stmts.addBytes.run(delta, truncated, historyId);
    })());
  }

  /** Replaces a session's whole transcript (after the agent replayed it with `session/load`). */
  replaceEntries(historyId: string, entries: StoredEntryInput[]): void {
    this.guarded(() => this.db.transaction(() => {
      this.stmts.clearEntries.run(historyId);
      this.stmts.resetBytes.run(historyId);
      this.putEntries(historyId, entries);
    })());
  }

  /** The newest {@link MAX_OPEN_ENTRIES} entries of a session, oldest first, and how many were left out. */
  transcript(historyId: string, limit = MAX_OPEN_ENTRIES): OpenedTranscript {
    return this.guarded(() => {
      const rows = this.stmts.entries.all(historyId, limit) as Array<{ json: string }>;
      const entries = rows.reverse().map((row) => parseStoredEntry(row.json));
      const omitted = rows.length < limit ? 0 : (this.stmts.entryCount.get(historyId) as { n: number }).n - rows.length;
      return { entries, omitted };
    });
  }

  /**
   * One page of sessions, newest activity first. `query` matches the title, folder or agent (substring)
   * or the transcript text (FTS5, each word as a prefix); a search returns one page only.
   */
  list(options: { query?: string; cursor?: string; limit?: number } = {}): HistoryPage {
    const limit = Math.min(Math.max(1, options.limit ?? 200), LIST_PAGE_MAX);
    const query = options.query?.trim();
    if (query) return { records: this.guarded(() => this.search(query, limit)) };
    const [activity, id] = parseCursor(options.cursor);
    const rows = this.guarded(() => this.db
      .prepare(
        `SELECT * FROM sessions ${activity === undefined ? '' : 'WHERE (last_activity, history_id) < (?, ?)'}
         ORDER BY last_activity DESC, history_id DESC LIMIT ?`,
      )
      .all(...(activity === undefined ? [limit + 1] : [activity, id, limit + 1])) as RecordRow[]);
    const records = rows.slice(0, limit).map(toRecord);
    const last = records.at(-1);
    return { records, ...(rows.length > limit && last ? { nextCursor: `${last.lastActivity}:${last.historyId}` } : {}) };
  }

  /** Marks a session truncated: some of its entries were not kept (its size cap, or a store that could not be written). */
  markTruncated(historyId: string): void {
    this.guarded(() => this.stmts.addBytes.run(0, 1, historyId));
  }

  /** Deletes a session and its entries. */
  delete(historyId: string): void {
    this.guarded(() => this.stmts.delete.run(historyId));
  }

  /**
   * Applies the retention policy: sessions older than {@link RETENTION_MS}, then the oldest while there
   * are more than {@link MAX_SESSIONS} or more than {@link MAX_TOTAL_BYTES}. Deletes at most
   * {@link PRUNE_BATCH} sessions per call; returns how many it deleted (call again while it is the batch).
   */
  prune(now = Date.now()): number {
    return this.guarded(() => this.db.transaction(() => {
      const victims = (this.stmts.expired.all(now - RETENTION_MS, PRUNE_BATCH) as Array<{ history_id: string }>).map((r) => r.history_id);
      const totals = this.stmts.totals.get() as { sessions: number; bytes: number };
      if (victims.length < PRUNE_BATCH && (totals.sessions - victims.length > MAX_SESSIONS || totals.bytes > MAX_TOTAL_BYTES)) {
        const over = Math.max(totals.sessions - MAX_SESSIONS, totals.bytes > MAX_TOTAL_BYTES ? Math.ceil(PRUNE_BATCH / 4) : 0);
        const extra = this.stmts.oldest.all(Math.min(PRUNE_BATCH, victims.length + over)) as Array<{ history_id: string }>;
        for (const row of extra) if (!victims.includes(row.history_id)) victims.push(row.history_id);
      }
      for (const historyId of victims.slice(0, PRUNE_BATCH)) this.stmts.delete.run(historyId);
      return Math.min(victims.length, PRUNE_BATCH);
    })());
  }

  /** Sessions and stored bytes in total. */
  totals(): { sessions: number; bytes: number } {
    return this.guarded(() => this.stmts.totals.get() as { sessions: number; bytes: number });
  }

  /** Runs `work` in one transaction (for bulk writes such as the benchmark's). */
  transaction(work: () => void): void {
    this.guarded(() => this.db.transaction(work)());
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * Runs `work`; when SQLite finds the file damaged (at any query or write, not only at open), moves the file
   * aside, starts a fresh one, tells `onMovedAside`, and runs `work` once more on the fresh store, so a damaged
   * page costs the old history, never the app's start or a session.
   */
  private guarded<T>(work: () => T): T {
    this.depth++;
    try {
      return work();
    } catch (error) {
      if (this.depth > 1 || this.file === ':memory:' || !isDamage(error)) throw error;
      this.replaceDamagedFile();
      return work();
    } finally {
      this.depth--;
    }
  }

  private replaceDamagedFile(): void {
    if (this.db.open) this.db.close();
    const aside = moveAside(this.file, Date.now());
    ({ db: this.db, stmts: this.stmts } = openDatabase(this.file));
    this.onMovedAside?.(movedAsideSentence(this.file, aside, 'was found damaged'));
  }

  private search(query: string, limit: number): HistoryRecord[] {
    const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byMeta = this.db
      .prepare(
        `SELECT * FROM sessions WHERE title LIKE ? ESCAPE '\\' OR cwd LIKE ? ESCAPE '\\' OR agent_name LIKE ? ESCAPE '\\'
         ORDER BY last_activity DESC LIMIT ?`,
      )
      .all(like, like, like, limit) as RecordRow[];
    const found = new Map(byMeta.map((row) => [row.history_id, toRecord(row)]));
    const match = ftsQuery(query);
    if (match) {
      const ids = (this.stmts.search.all(match) as Array<{ history_id: string }>).map((r) => r.history_id);
      for (const id of ids) {
        if (found.size >= limit) break;
        if (!found.has(id)) {
          const record = this.get(id);
          if (record) found.set(id, record);
        }
      }
    }
    return [...found.values()].sort((a, b) => b.lastActivity - a.lastActivity).slice(0, limit);
  }
}

function toRecord(row: RecordRow): HistoryRecord {
  return {
    historyId: row.history_id,
    agentId: row.agent_id,
    agentName: row.agent_name,
    sessionId: row.session_id,
    cwd: row.cwd,
    // A store written before titles were cut may hold megabytes in one: cut on read.
    ...(row.title !== null ? { title: oneLineLabel(row.title) } : {}),
    createdAt: row.created_at,
    lastActivity: row.last_activity,
    ...(row.last_stop_reason !== null ? { lastStopReason: row.last_stop_reason } : {}),
    protocolVersion: row.protocol_version,
    bytes: row.bytes,
    truncated: row.truncated !== 0,
    ...(row.ended_reason !== null ? { endedReason: row.ended_reason } : {}),
  };
}

function parseCursor(cursor: string | undefined): [number | undefined, string] {
  const match = cursor ? /^(\d+):(.+)$/.exec(cursor) : null;
  return match ? [Number(match[1]), match[2]] : [undefined, ''];
}

/** Each word of the user's query as a quoted FTS5 prefix term (so no query syntax leaks through). */
function ftsQuery(query: string): string | undefined {
  const words = query.split(/\s+/).map((w) => w.replace(/"/g, '')).filter(Boolean).slice(0, 8);
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : undefined;
}

/** The text of an entry that a search should find: its text and, for a request, its message. */
function searchText(entry: StoredEntryInput): string {
  return entry.text.slice(0, MAX_INDEXED_CHARS);
}
