/**
 * Coalesces hub events into batches, at most one batch per `intervalMs` (architecture rule 6).
 *
 * Leading edge: the first event after a quiet period goes out on the next turn of the event loop (after the
 * rest of the input being processed now), not an interval later, so a lone card or status change reaches the
 * user at once; only events that follow within `intervalMs` of a batch wait for the next one. Measured by
 * `npm run bench` (elicitation overhead): a trailing-only timer added one whole interval to every
 * round trip.
 *
 * Requests do not wait for the period: an event about a request (a card arriving, changing or going, a notice,
 * a focus request) goes out on the next turn even right after a batch, taking whatever else is queued with it
 * so order holds. Measured by the bench: a card that followed a batch within the period waited up to 16 ms,
 * which was the whole p95 of the elicitation overhead. Such events are few (the flood guard caps requests at
 * 20/s per agent), so streamed text still goes at most once per period.
 *
 * Within a batch only the newest state of each agent, session and item survives, and transcript changes
 * for one session are merged (streamed text joined per entry), so an agent streaming thousands of chunks
 * a second costs the renderer one update per frame, and each character crosses the bridge once.
 */
import type { BridgeEvent } from '../../shared/bridge';
import type { TranscriptEntry } from '../../shared/views/transcript';

export class EventBatcher {
  /** Queued events by key; a session's transcript changes gather in one {@link TranscriptBatch}. */
  private pending = new Map<string, BridgeEvent | TranscriptBatch>();
  /** Cancels the scheduled flush; undefined when none is scheduled. */
  private cancelScheduled: (() => void) | undefined;
  /** The scheduled flush is on the next turn (not a timer), so nothing queued can make it sooner. */
  private scheduledSoon = false;
  /** When the last batch went out (ms, performance clock); -Infinity before the first. */
  private lastFlushAt = -Infinity;
  private seq = 0;

  /** @param deliver receives each non-empty batch. @param intervalMs batch period in ms (default 16). */
  constructor(
    private readonly deliver: (events: BridgeEvent[]) => void,
    private readonly intervalMs = 16,
  ) {}

  /** Queues one event for the next batch. Constant time per event, whatever is already queued. */
  push(event: BridgeEvent): void {
    const key = keyOf(event, () => this.seq++);
    if (event.type === 'transcript') {
      const previous = this.pending.get(key);
      const batch = previous instanceof TranscriptBatch ? previous : new TranscriptBatch(event.sessionKey);
      batch.add(event);
      if (batch !== previous) this.pending.set(key, batch);
    } else {
      // Replacing keeps the key's first position, so a session still precedes its transcript.
      this.pending.set(key, event);
    }
    if (this.scheduledSoon) return;
    const wait = URGENT.has(event.type) ? 0 : this.lastFlushAt + this.intervalMs - performance.now();
    if (wait <= 0) {
      this.cancelTimer();
      const immediate = setImmediate(() => this.flush());
      this.cancelScheduled = () => clearImmediate(immediate);
      this.scheduledSoon = true;
    } else if (this.cancelScheduled === undefined) {
      const timer = setTimeout(() => this.flush(), wait);
      this.cancelScheduled = () => clearTimeout(timer);
    }
  }

  /** Delivers whatever is queued now. */
  flush(): void {
    this.cancelTimer();
    if (this.pending.size === 0) return;
    this.lastFlushAt = performance.now();
    const events = [...this.pending.values()].map((event) => (event instanceof TranscriptBatch ? event.toEvent() : event));
    this.pending = new Map();
    this.deliver(events);
  }

  /** Drops queued events and stops the timer. */
  dispose(): void {
    this.cancelTimer();
    this.pending.clear();
  }

  private cancelTimer(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = undefined;
    this.scheduledSoon = false;
  }
}

/** Events about requests and what the user must see now: sent on the next turn, never held for the period. */
const URGENT: ReadonlySet<BridgeEvent['type']> = new Set(['item', 'itemRemoved', 'notice', 'focusItem', 'menuCommand']);

function keyOf(event: BridgeEvent, unique: () => number): string {
  switch (event.type) {
    case 'agent':
      return `agent:${event.agent.agentId}`;
    case 'session':
      return `session:${event.session.sessionKey}`;
    case 'transcript':
      return `transcript:${event.sessionKey}`;
    case 'item':
      return `item:${event.item.itemId}`;
    case 'itemRemoved':
      return `item:${event.itemId}`;
    default:
      return `${event.type}:${unique()}`;
  }
}

type TranscriptEvent = Extract<BridgeEvent, { type: 'transcript' }>;

/**
 * One session's transcript changes within a batch: upserts merge by entry, and appended text joins the
 * entry it extends (inside a pending upsert, or the pending append for it). Linear in the changes: text
 * is gathered in lists and joined once, when the batch is delivered (it was quadratic).
 */
class TranscriptBatch {
  private readonly upserts = new Map<string, TranscriptEntry>();
  /** Text appended to an entry after its pending upsert. */
  private readonly upsertText = new Map<string, string[]>();
  /** Text appended to an entry the batch has no upsert for. */
  private readonly appends = new Map<string, string[]>();

  constructor(private readonly sessionKey: string) {}

  add(event: TranscriptEvent): void {
    for (const entry of event.upserts) {
      this.upserts.set(entry.entryId, entry);
      this.upsertText.delete(entry.entryId);
      this.appends.delete(entry.entryId);
    }
    for (const { entryId, text } of event.appends ?? []) {
      const into = this.upserts.has(entryId) ? this.upsertText : this.appends;
      const list = into.get(entryId);
      if (list) list.push(text);
      else into.set(entryId, [text]);
    }
  }

  toEvent(): TranscriptEvent {
    const upserts = [...this.upserts.values()].map((entry) => {
      const tail = this.upsertText.get(entry.entryId);
      return tail ? { ...entry, text: entry.text + tail.join('') } : entry;
    });
    const event: TranscriptEvent = { type: 'transcript', sessionKey: this.sessionKey, upserts };
    if (this.appends.size) event.appends = [...this.appends].map(([entryId, texts]) => ({ entryId, text: texts.join('') }));
    return event;
  }
}
