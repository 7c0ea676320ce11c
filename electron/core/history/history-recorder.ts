/**
 * Writes live sessions into the {@link HistoryStore} as the user saw them (issue 10, scope 1): metadata,
 * transcript entries, and each request the agent asked with how it ended.
 *
 * It watches the hub's bridge events instead of being called from every place that changes a transcript,
 * and writes in batches: changes mark entries dirty, and a flush every {@link FLUSH_INTERVAL_MS} writes
 * them in one transaction, so a reply streamed in a thousand chunks costs a handful of writes.
 *
 * No form value is ever stored, secret-looking or not: form values are never written to disk (spec
 * E-PRIV-1), so a stored request keeps its question, its fields' titles and how it ended. A store that
 * fails (disk full) is logged once and never stops a session.
 */
import type { BridgeEvent } from '../../../shared/bridge';
import type { QueueItemView, RequestRecordView } from '../../../shared/views/requests';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import { recordText, requestRecord } from '../elicitation/request-record';
import type { Session } from '../sessions/session';
import type { HistoryRecordInput, HistoryStore } from './history-store';

/** How often dirty sessions are written, in ms. A crash loses at most this much of a transcript. */
export const FLUSH_INTERVAL_MS = 1000;

/** How a session's record says it ended, in words the History view shows. */
export const ENDED = {
  closed: 'closed',
  appClosed: 'ended when Switchboard closed',
  agentStopped: 'ended when its agent stopped',
} as const;

interface Tracked {
  session: Session;
  record: HistoryRecordInput;
  dirty: Set<string>;
  metaDirty: boolean;
  /** Request records of this session, by entry id. */
  requests: Map<string, TranscriptEntry>;
}

export class HistoryRecorder {
  private readonly tracked = new Map<string, Tracked>();
  /** Last view of each request of a tracked session, by item id, so an answer can be recorded. */
  private readonly items = new Map<string, { sessionKey: string; item: QueueItemView }>();
  /** Items the user answered; bounded by the items the recorder ever saw in tracked sessions. */
  private readonly answeredItems = new Set<string>();
  private timer?: NodeJS.Timeout;
  private closing = false;
  private failed = false;

  /**
   * @param onChanged told after a flush that changed what a history list shows (to emit `historyChanged`).
   */
  constructor(
    private readonly store: HistoryStore,
    private readonly onChanged: () => void,
    private readonly log: (line: string) => void = () => {},
    private readonly flushIntervalMs = FLUSH_INTERVAL_MS,
  ) {}

  /**
   * Starts recording a live session under `record.historyId`. Its present entries are written at the next
   * flush, unless `alreadyStored` (a resumed session whose entries came from the store).
   */
  track(session: Session, record: HistoryRecordInput, alreadyStored = false): void {
    const dirty = new Set(alreadyStored ? [] : session.view.transcript.map((e) => e.entryId));
    this.tracked.set(session.view.sessionKey, { session, record, dirty, metaDirty: true, requests: new Map() });
    this.schedule();
  }

  /** Stops recording a session (closed, or replaced), writing what is pending first; `endedReason` in words. */
  untrack(sessionKey: string, endedReason?: string): void {
    const tracked = this.tracked.get(sessionKey);
    if (!tracked) return;
    if (endedReason) this.ended(sessionKey, endedReason);
    this.flush();
    this.tracked.delete(sessionKey);
    for (const [itemId, value] of this.items) if (value.sessionKey === sessionKey) this.items.delete(itemId);
    this.answeredItems.clear();
  }

  /** Marks a session ended (its agent stopped) without forgetting it. */
  ended(sessionKey: string, endedReason: string): void {
    const tracked = this.tracked.get(sessionKey);
    if (!tracked || tracked.record.endedReason === endedReason) return;
    tracked.record = { ...tracked.record, endedReason };
    tracked.metaDirty = true;
    this.schedule();
  }

  /** Every bridge event the hub emits passes here; only session, transcript and item events matter. */
  observe(event: BridgeEvent): void {
    switch (event.type) {
      case 'session': {
        const tracked = this.tracked.get(event.session.sessionKey);
        if (!tracked) return;
        const { title, lastStopReason } = event.session;
        if (title !== tracked.record.title || lastStopReason !== tracked.record.lastStopReason) {
          tracked.record = { ...tracked.record, title, lastStopReason, lastActivity: Date.now() };
          tracked.metaDirty = true;
          this.schedule();
        }
        return;
      }
      case 'transcript': {
        const tracked = this.tracked.get(event.sessionKey);
        if (!tracked) return;
        for (const entry of event.upserts) tracked.dirty.add(entry.entryId);
        for (const append of event.appends ?? []) tracked.dirty.add(append.entryId);
        tracked.record = { ...tracked.record, lastActivity: Date.now() };
        this.schedule();
        return;
      }
      case 'item': {
        const { item } = event;
        if (this.closing || item.scope.kind !== 'session') return;
        if (!this.tracked.has(item.scope.sessionKey) || this.answeredItems.has(item.itemId)) return;
        this.items.set(item.itemId, { sessionKey: item.scope.sessionKey, item });
        this.putRequest(item.scope.sessionKey, item, outcomeOf(item));
        return;
      }
      default:
        return;
    }
  }

  /**
   * The user answered a request: records the outcome and, for a permission, the name of the option
   * chosen (`optionId`). What a form sent is not recorded (spec E-PRIV-1).
   */
  answered(itemId: string, outcome: RequestRecordView['outcome'], optionId?: string): void {
    const known = this.items.get(itemId);
    if (!known) return;
    const { item } = known;
    const option = item.mode === 'permission' && optionId ? item.options.find((o) => o.optionId === optionId)?.name : undefined;
    this.putRequest(known.sessionKey, item, outcome, option);
    // A consented page is not finished: how the agent ends it (elicitation/complete, the sign-in it belonged to
    // ending, a withdrawal) comes later as item events, and the live record shows that (spec E-URL-8), so keep
    // following it.
    if (item.mode === 'url' && outcome === 'accepted') return;
    // Answered: later item events (its removal, a disconnect) do not change what the user did.
    this.items.delete(itemId);
    this.answeredItems.add(itemId);
  }

  /**
   * Switchboard is closing: what waits now is stored as `open` (the History view shows it as "ended when
   * Switchboard closed", with what was typed); later disconnect events change nothing; everything is written.
   * A session that had already ended (its agent stopped) keeps the reason it ended with: closing the app
   * afterwards is not what ended it.
   */
  appClosing(): void {
    for (const { item, sessionKey } of this.items.values()) {
      if (outcomeOf(item) === 'open') this.putRequest(sessionKey, item, 'open');
    }
    this.closing = true;
    for (const [sessionKey, tracked] of this.tracked) {
      if (tracked.record.endedReason === undefined) this.ended(sessionKey, ENDED.appClosed);
    }
    this.flush();
    clearTimeout(this.timer);
  }

  /** Writes everything dirty now, one transaction per session. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    let changed = false;
    for (const tracked of this.tracked.values()) {
      if (!tracked.dirty.size && !tracked.metaDirty) continue;
      try {
        const entries = this.dirtyEntries(tracked);
        this.store.transaction(() => {
          this.store.upsert(tracked.record);
          this.store.putEntries(tracked.record.historyId, entries);
        });
        changed ||= tracked.metaDirty;
        tracked.dirty.clear();
        tracked.metaDirty = false;
      } catch (error) {
        if (!this.failed) this.log(`history: could not write a session (${(error as Error).message}); it is kept in memory only`);
        this.failed = true;
        tracked.dirty.clear();
      }
    }
    if (changed) this.onChanged();
  }

  /** Stops the timer (the hub is stopping). */
  dispose(): void {
    clearTimeout(this.timer);
  }

  private putRequest(sessionKey: string, item: QueueItemView, outcome: RequestRecordView['outcome'], option?: string): void {
    const tracked = this.tracked.get(sessionKey);
    if (!tracked) return;
    const entryId = recordEntryId(item.itemId);
    const previous = tracked.requests.get(entryId)?.request;
    const request = requestRecord(item, outcome, option ?? previous?.option);
    tracked.requests.set(entryId, { entryId, role: 'system', kind: 'request', text: recordText(item), request });
    tracked.dirty.add(entryId);
    this.schedule();
  }

  private dirtyEntries(tracked: Tracked): TranscriptEntry[] {
    const wanted = new Set(tracked.dirty);
    const found: TranscriptEntry[] = [];
    for (const [entryId, entry] of tracked.requests) {
      if (wanted.delete(entryId)) found.push(entry);
    }
    // Dirty entries are nearly always the newest ones: search from the end and stop once all are found.
    const entries = tracked.session.view.transcript;
    const byId: TranscriptEntry[] = [];
    for (let i = entries.length - 1; i >= 0 && wanted.size; i--) {
      if (wanted.delete(entries[i].entryId)) byId.push(withoutAnswers(entries[i]));
    }
    return [...byId.reverse(), ...found];
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
