/**
 * Writes live sessions into the {@link HistoryStore} as the user saw them: metadata, transcript entries, and each
 * request the agent asked with how it ended (docs/history.md).
 *
 * It records from the core's domain events (domain-events.ts: sessions updated, requests asked and answered), not
 * from the bridge events the window draws, and writes in batches: a change marks its entries dirty with the
 * sequence number of the event that first changed them, and a flush every {@link FLUSH_INTERVAL_MS} writes them in
 * one transaction per session, in that order, so the store reads back in the order things happened (a form asked
 * and declined within one flush stays before the agent's reply that followed it).
 *
 * No form value is ever stored, secret-looking or not (spec E-PRIV-1): a stored request keeps its question, its
 * fields' titles and how it ended. A store that fails (disk full, busy) never stops a session: what it could not
 * write stays dirty and is retried at later flushes, within {@link MAX_UNSAVED_BYTES} (unsaved-changes.ts).
 */
import type { QueueItemView, RequestRecordView } from '../../../shared/views/requests';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import type { DomainEvent } from '../domain-events';
import { recordText, requestRecord } from '../elicitation/request-record';
import type { Session } from '../sessions/session';
import type { HistoryRecordInput, HistoryStore } from './history-store';
import { toStoredEntry, type StoredEntryInput } from './stored-entry';
import { MAX_UNSAVED_BYTES, UnsavedChanges, type UnsavedHooks } from './unsaved-changes';

export { MAX_UNSAVED_BYTES };

/** How often dirty sessions are written, in ms. A crash loses at most this much of a transcript. */
export const FLUSH_INTERVAL_MS = 1000;

/** How a session's record says it ended, in words the History view shows. */
export const ENDED = {
  closed: 'closed',
  appClosed: 'ended when Switchboard closed',
  agentStopped: 'ended when its agent stopped',
} as const;

/** What the recorder tells the rest of the core. */
export interface RecorderHooks extends UnsavedHooks {
  /** A flush changed what a history list shows (to emit `historyChanged`). */
  onChanged(): void;
}

interface Tracked {
  session: Session;
  record: HistoryRecordInput;
  /** Entries changed and not yet written, with the sequence number at which each first changed. */
  dirty: Map<string, number>;
  metaDirty: boolean;
  /** Request records of this session, by entry id. */
  requests: Map<string, TranscriptEntry>;
  /** No longer live (closed or replaced), kept only until what it holds unsaved is written. */
  detached: boolean;
}

export class HistoryRecorder {
  private readonly tracked = new Map<string, Tracked>();
  /** Last view of each request of a tracked session, by item id, so an answer can be recorded. */
  private readonly items = new Map<string, { sessionKey: string; item: QueueItemView }>();
  /** Items the user answered; bounded by the items the recorder ever saw in tracked sessions. */
  private readonly answeredItems = new Set<string>();
  private readonly unsaved: UnsavedChanges;
  private timer?: NodeJS.Timeout;
  private closing = false;
  /** Sequence numbers for changes not carried by a domain event (entries present when tracking began): below all. */
  private localSeq = 0;

  /** @param unsavedBytes what a failing store may leave held in memory ({@link MAX_UNSAVED_BYTES}; smaller in tests). */
  constructor(
    private readonly store: HistoryStore,
    private readonly hooks: RecorderHooks,
    private readonly flushIntervalMs = FLUSH_INTERVAL_MS,
    unsavedBytes = MAX_UNSAVED_BYTES,
  ) {
    this.unsaved = new UnsavedChanges(hooks, unsavedBytes);
  }

  /**
   * Starts recording a live session under `record.historyId`. Its present entries are written at the next
   * flush, in transcript order, unless `alreadyStored` (a resumed session whose entries came from the store).
   */
  track(session: Session, record: HistoryRecordInput, alreadyStored = false): void {
    const present = alreadyStored ? [] : session.view.transcript;
    const base = this.localSeq - present.length;
    this.localSeq = base;
    const dirty = new Map(present.map((e, i) => [e.entryId, base + i] as const));
    this.tracked.set(session.view.sessionKey, { session, record, dirty, metaDirty: true, requests: new Map(), detached: false });
    this.schedule();
  }

  /**
   * Stops recording a session (closed, or replaced), writing what is pending first; `endedReason` in words. What the
   * store could not write is kept (detached) and retried at later flushes.
   */
  untrack(sessionKey: string, endedReason?: string): void {
    const tracked = this.tracked.get(sessionKey);
    if (!tracked || tracked.detached) return;
    if (endedReason) this.ended(sessionKey, endedReason);
    tracked.detached = true;
    this.flush();
    for (const [itemId, value] of this.items) if (value.sessionKey === sessionKey) this.items.delete(itemId);
    this.answeredItems.clear();
  }

  /** Marks a session ended (its agent stopped) without forgetting it. */
  ended(sessionKey: string, endedReason: string): void {
    const tracked = this.live(sessionKey);
    if (!tracked || tracked.record.endedReason === endedReason) return;
    tracked.record = { ...tracked.record, endedReason };
    tracked.metaDirty = true;
    this.schedule();
  }

  /** A session or request change from the core (domain-events.ts); `seq` orders what is written. */
  observe(event: DomainEvent, seq: number): void {
    switch (event.type) {
      case 'session-updated': {
        const tracked = this.live(event.sessionKey);
        if (!tracked) return;
        for (const entryId of event.entryIds) if (!tracked.dirty.has(entryId)) tracked.dirty.set(entryId, seq);
        const { title, lastStopReason } = event.details ?? tracked.record;
        if (event.details) tracked.metaDirty = true;
        tracked.record = { ...tracked.record, title, lastStopReason, lastActivity: Date.now() };
        this.schedule();
        return;
      }
      case 'request-asked': {
        const { item } = event;
        if (this.closing || item.scope.kind !== 'session') return;
        if (!this.live(item.scope.sessionKey) || this.answeredItems.has(item.itemId)) return;
        this.items.set(item.itemId, { sessionKey: item.scope.sessionKey, item });
        this.putRequest(item.scope.sessionKey, item, outcomeOf(item), seq);
        return;
      }
      case 'request-answered':
        this.answered(event.itemId, event.outcome, seq, event.optionId);
        return;
      default:
        return;
    }
  }

  /**
   * Switchboard is closing: what waits now is stored as `open` (the History view shows it as "ended when
   * Switchboard closed", with what was typed); later disconnect events change nothing; everything is written.
   * A session that had already ended (its agent stopped) keeps the reason it ended with: closing the app
   * afterwards is not what ended it.
   */
  appClosing(): void {
    for (const { item, sessionKey } of this.items.values()) {
      if (outcomeOf(item) === 'open') this.putRequest(sessionKey, item, 'open', --this.localSeq);
    }
    this.closing = true;
    for (const [sessionKey, tracked] of this.tracked) {
      if (tracked.record.endedReason === undefined && !tracked.detached) this.ended(sessionKey, ENDED.appClosed);
    }
    this.flush();
    clearTimeout(this.timer);
  }

  /**
   * Writes everything dirty now, one transaction per session, entries in the order they first changed. A session
   * the store fails to write keeps what is dirty for the next flush (bounded: unsaved-changes.ts).
   */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    let changed = false;
    let failed = false;
    this.unsaved.beginFlush();
    for (const [sessionKey, tracked] of this.tracked) {
      if (tracked.dirty.size || tracked.metaDirty) {
        const entries = this.dirtyEntries(tracked);
        try {
          this.store.transaction(() => {
            // A closed run retried after the same record went live again (a resume) must not write its old metadata.
            if (!this.shadowed(tracked)) this.store.upsert(tracked.record);
            this.store.putEntries(tracked.record.historyId, entries.map((e) => e.stored));
            if (this.unsaved.wasTruncated(sessionKey)) this.store.markTruncated(tracked.record.historyId);
          });
          changed ||= tracked.metaDirty;
          tracked.dirty.clear();
          tracked.metaDirty = false;
          this.unsaved.saved(sessionKey);
        } catch (error) {
          failed = true;
          if (this.unsaved.failed(sessionKey, error, entries, tracked.dirty)) tracked.metaDirty = true;
        }
      }
      if (tracked.detached && !tracked.dirty.size && !tracked.metaDirty) this.tracked.delete(sessionKey);
    }
    this.unsaved.endFlush(failed);
    if (failed) this.schedule();
    if (changed) this.hooks.onChanged();
  }

  /** Stops the timer (the hub is stopping). */
  dispose(): void {
    clearTimeout(this.timer);
  }

  /**
   * The user answered a request: records the outcome and, for a permission, the name of the option
   * chosen (`optionId`). What a form sent is not recorded (spec E-PRIV-1).
   */
  private answered(itemId: string, outcome: RequestRecordView['outcome'], seq: number, optionId?: string): void {
    const known = this.items.get(itemId);
    if (!known) return;
    const { item } = known;
    const option = item.mode === 'permission' && optionId ? item.options.find((o) => o.optionId === optionId)?.name : undefined;
    this.putRequest(known.sessionKey, item, outcome, seq, option);
    // A consented page is not finished: how the agent ends it (elicitation/complete, the sign-in it belonged to
    // ending, a withdrawal) comes later as item events, and the live record shows that (spec E-URL-8), so keep
    // following it.
    if (item.mode === 'url' && outcome === 'accepted') return;
    // Answered: later item events (its removal, a disconnect) do not change what the user did.
    this.items.delete(itemId);
    this.answeredItems.add(itemId);
  }

  /** Whether `tracked` is a detached run whose record is live again under another session key. */
  private shadowed(tracked: Tracked): boolean {
    if (!tracked.detached) return false;
    for (const other of this.tracked.values()) if (!other.detached && other.record.historyId === tracked.record.historyId) return true;
    return false;
  }

  /** A tracked session that is still live (not detached), by key. */
  private live(sessionKey: string): Tracked | undefined {
    const tracked = this.tracked.get(sessionKey);
    return tracked && !tracked.detached ? tracked : undefined;
  }

  private putRequest(sessionKey: string, item: QueueItemView, outcome: RequestRecordView['outcome'], seq: number, option?: string): void {
    const tracked = this.live(sessionKey);
    if (!tracked) return;
    const entryId = recordEntryId(item.itemId);
    const previous = tracked.requests.get(entryId)?.request;
    const request = requestRecord(item, outcome, option ?? previous?.option);
    tracked.requests.set(entryId, { entryId, role: 'system', kind: 'request', text: recordText(item), request });
    if (!tracked.dirty.has(entryId)) tracked.dirty.set(entryId, seq);
    this.schedule();
  }

  /** The dirty entries as stored, oldest change first, each with the sequence number it first changed at. */
  private dirtyEntries(tracked: Tracked): Array<{ seq: number; stored: StoredEntryInput }> {
    const wanted = new Map(tracked.dirty);
    const found: Array<{ seq: number; stored: StoredEntryInput }> = [];
    const take = (entry: TranscriptEntry) => {
      const seq = wanted.get(entry.entryId);
      if (seq === undefined) return;
      wanted.delete(entry.entryId);
      found.push({ seq, stored: toStoredEntry(withoutAnswers(entry)) });
    };
    for (const entry of tracked.requests.values()) take(entry);
    // Dirty entries are nearly always the newest ones: search from the end and stop once all are found.
    const entries = tracked.session.view.transcript;
    for (let i = entries.length - 1; i >= 0 && wanted.size; i--) take(entries[i]);
    return found.sort((a, b) => a.seq - b.seq);
  }

  private schedule(): void {
    if (this.timer || this.closing) return;
    this.timer = setTimeout(() => this.flush(), this.flushIntervalMs);
    this.timer.unref?.();
  }
}

/**
 * A live transcript's request record as it may be stored: without what was sent (spec E-PRIV-1). Normally the
 * recorder's own record of the same id is written instead; this keeps a value off disk even when it is not.
 */
function withoutAnswers(entry: TranscriptEntry): TranscriptEntry {
  if (!entry.request?.sent && !entry.request?.waiting) return entry;
  const { sent: _sent, waiting: _waiting, fields, ...request } = entry.request;
  return { ...entry, request: { ...request, ...(fields ? { fields: fields.map(({ answer: _answer, ...field }) => field) } : {}) } };
}

/** An item's outcome from its state alone (before the user answers it). */
export function outcomeOf(item: QueueItemView): RequestRecordView['outcome'] {
  switch (item.state) {
    case 'pending':
      return 'open';
    case 'consented':
      return 'accepted';
    case 'app-closed':
      return 'open';
    default:
      return item.state;
  }
}

/**
 * The transcript entry id of an item's request record, the same in the live transcript (live-record.ts) and in the
 * history, so the stored, value-free copy replaces the live one of the same id.
 */
export function recordEntryId(itemId: string): string {
  return `request-${itemId}`;
}
