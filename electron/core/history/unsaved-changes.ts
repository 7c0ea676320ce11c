/**
 * What the history holds in memory while its store cannot be written (a full disk, a busy file): the recorder keeps
 * a failed flush's changes dirty and retries them at later flushes; this keeps that bounded and says so, truthfully,
 * in the log and to the user (docs/history.md, "What can be lost").
 */
import type { StoredEntryInput } from './stored-entry';

/**
 * Bytes of unsaved entries (as stored JSON) held for retry across all sessions. A store that stays unwritable must
 * not grow memory without end: a closed session's transcript would otherwise be kept alive only to be retried.
 * 16 MiB is two sessions at the store's own per-session cap (MAX_SESSION_BYTES), far more than minutes of typing.
 */
export const MAX_UNSAVED_BYTES = 16 * 1024 * 1024;

/** How the held changes are reported. */
export interface UnsavedHooks {
  /** One log line (no path, no content). */
  log(line: string): void;
  /** A sentence for the user: the history could not be saved (`error`), or can be again (`info`). */
  notice(level: 'info' | 'error', text: string): void;
}

/** Sentences the user reads about a history that cannot be written. */
export const UNSAVED_NOTICE = {
  failing:
    'Switchboard could not save your session history just now (is the disk full?). What is not saved yet is kept in memory and saved as soon as writing works again; it is lost if Switchboard quits first.',
  recovered: 'Switchboard can save your session history again; what was waiting has been saved.',
} as const;

/** Tracks one flush's failures against {@link MAX_UNSAVED_BYTES}, and whether the store is failing. */
export class UnsavedChanges {
  /** True from a failed write until a flush writes everything. */
  private failing = false;
  /** Bytes held by the sessions that failed in this flush so far. */
  private held = 0;
  /** Sessions (by key) that dropped unsaved entries and whose record is not yet marked truncated. */
  private readonly truncated = new Set<string>();

  /** @param budget bytes held at most ({@link MAX_UNSAVED_BYTES}; smaller in tests). */
  constructor(
    private readonly hooks: UnsavedHooks,
    private readonly budget = MAX_UNSAVED_BYTES,
  ) {}

  beginFlush(): void {
    this.held = 0;
  }

  /** Whether the session dropped unsaved entries: its record is then marked truncated when it is next written. */
  wasTruncated(sessionKey: string): boolean {
    return this.truncated.has(sessionKey);
  }

  /** The session's changes are on disk (its truncation mark too). */
  saved(sessionKey: string): void {
    this.truncated.delete(sessionKey);
  }

  /**
   * The store failed to write a session: its `entries` (oldest change first) stay in `dirty` for the next flush,
   * except the oldest ones past {@link MAX_UNSAVED_BYTES}, which are removed from `dirty`.
   * @returns true when entries were dropped (the session's record must be written again, marked truncated).
   */
  failed(sessionKey: string, error: unknown, entries: Array<{ stored: StoredEntryInput }>, dirty: Map<string, number>): boolean {
    if (!this.failing) {
      this.failing = true;
      this.hooks.log(
        `history: could not write a session (${(error as Error).message}); its changes are held in memory and retried at the next flush (up to ${Math.round(this.budget / 1024)} KiB in all)`,
      );
      this.hooks.notice('error', UNSAVED_NOTICE.failing);
    }
    const sizes = entries.map((e) => JSON.stringify(e.stored).length);
    this.held += sizes.reduce((sum, n) => sum + n, 0);
    let dropped = 0;
    while (this.held > this.budget && dropped < entries.length) {
      dirty.delete(entries[dropped].stored.entryId);
      this.held -= sizes[dropped];
      dropped++;
    }
    if (!dropped) return false;
    this.hooks.log(`history: ${dropped} unsaved entries of a session were dropped (past ${Math.round(this.budget / 1024)} KiB held); it is marked truncated`);
    this.truncated.add(sessionKey);
    return true;
  }

  /** The flush is over: when nothing failed after a failing spell, say that writing works again. */
  endFlush(anyFailed: boolean): void {
    if (anyFailed || !this.failing) return;
    this.failing = false;
    this.hooks.log('history: writing works again; the changes held in memory were saved');
    this.hooks.notice('info', UNSAVED_NOTICE.recovered);
  }
}
