/**
 * The shape a transcript entry is stored in (docs/history.md): the history's own, versioned, so what is on disk
 * does not follow the window's view model. The mapping to and from the view's `TranscriptEntry` is here, at the
 * boundary; the store itself reads and writes only {@link StoredEntry}.
 */
import type { TranscriptEntry } from '../../../shared/views/transcript';

/**
 * Version of {@link StoredEntry} this code writes. Rows written before it carried the entry itself (no `v`): they
 * read as the same entry ({@link parseStoredEntry}).
 */
export const STORED_ENTRY_VERSION = 2;

/** One stored transcript entry. */
export interface StoredEntry {
  /** {@link STORED_ENTRY_VERSION} when written. */
  v: number;
  entryId: string;
  role: 'user' | 'agent' | 'system';
  /** What the entry is (`message`, `tool_call`, `request`…); absent means a message. */
  kind?: string;
  /** The text a search finds: the message, or a one-line summary. */
  text: string;
  /**
   * Everything else it carries (a tool call, plan, terminal, request record without any value the user sent —
   * spec E-PRIV-1 —, a prompt's attachments' names), as plain JSON.
   */
  details?: Record<string, unknown>;
}

/** What a caller hands the store: the version is the store's to stamp. */
export type StoredEntryInput = Omit<StoredEntry, 'v'>;

/** A live entry as stored. */
export function toStoredEntry(entry: TranscriptEntry): StoredEntryInput {
  const { entryId, role, kind, text, ...details } = entry;
  return { entryId, role, ...(kind !== undefined ? { kind } : {}), text, ...(Object.keys(details).length ? { details } : {}) };
}

/** A stored entry as the window shows it. */
export function fromStoredEntry(stored: StoredEntry): TranscriptEntry {
  const { v: _v, details, ...entry } = stored;
  return { ...(details ?? {}), ...entry } as TranscriptEntry;
}

/**
 * A stored row's JSON as a {@link StoredEntry}; a row written before the version field (the entry itself) is mapped.
 * @throws Error with code `SQLITE_CORRUPT_ENTRY` when the text is not what the store wrote (a damaged page,
 *   handled as SQLite's own damage).
 */
export function parseStoredEntry(json: string): StoredEntry {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || typeof (parsed as { entryId?: unknown }).entryId !== 'string') {
    throw Object.assign(new Error('a stored transcript entry is damaged'), { code: 'SQLITE_CORRUPT_ENTRY' });
  }
  const row = parsed as Record<string, unknown>;
  if (typeof row.v === 'number') return row as unknown as StoredEntry;
  // Written before STORED_ENTRY_VERSION: the view's entry as it was.
  return { v: STORED_ENTRY_VERSION, ...toStoredEntry(row as unknown as TranscriptEntry) };
}
