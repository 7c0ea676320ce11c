/**
 * Coalesces hub events into batches, at most one batch per `intervalMs` (architecture rule 6).
 *
 * Leading edge: the first event after a quiet period goes out on the next turn of the event loop (after the
 * rest of the input being processed now), not an interval later, so a lone card or status change reaches the
 * user at once; only events that follow within `intervalMs` of a batch wait for the next one. Measured by
 * `npm run bench` (elicitation overhead, issue 13): a trailing-only timer added one whole interval to every
 * round trip.
 *
 * Within a batch only the newest state of each agent, session and item survives, and transcript changes
 * for one session are merged (streamed text joined per entry), so an agent streaming thousands of chunks
 * a second costs the renderer one update per frame, and each character crosses the bridge once.
 */
import type { BridgeEvent } from '../../shared/bridge';

export class EventBatcher {
  private pending = new Map<string, BridgeEvent>();
  /** Cancels the scheduled flush; undefined when none is scheduled. */
  private cancelScheduled: (() => void) | undefined;
  /** When the last batch went out (ms, performance clock); -Infinity before the first. */
  private lastFlushAt = -Infinity;
  private seq = 0;

  /** @param deliver receives each non-empty batch. @param intervalMs batch period in ms (default 16). */
  constructor(
    private readonly deliver: (events: BridgeEvent[]) => void,
    private readonly intervalMs = 16,
  ) {}

  /** Queues one event for the next batch. */
  push(event: BridgeEvent): void {
    const key = keyOf(event, () => this.seq++);
    const previous = this.pending.get(key);
    if (event.type === 'transcript' && previous?.type === 'transcript') {
      this.pending.set(key, mergeTranscript(previous, event));
    } else {
      // Replacing keeps the key's first position, so a session still precedes its transcript.
      this.pending.set(key, event);
    }
    if (this.cancelScheduled === undefined) {
      const wait = this.lastFlushAt + this.intervalMs - performance.now();
      if (wait <= 0) {
        const immediate = setImmediate(() => this.flush());
        this.cancelScheduled = () => clearImmediate(immediate);
      } else {
        const timer = setTimeout(() => this.flush(), wait);
        this.cancelScheduled = () => clearTimeout(timer);
      }
    }
  }

  /** Delivers whatever is queued now. */
  flush(): void {
    this.cancelTimer();
    if (this.pending.size === 0) return;
    this.lastFlushAt = performance.now();
    const events = [...this.pending.values()];
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
  }
}

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
 * Folds a later transcript event into an earlier one of the same session: upserts merge by entry, and
 * appended text joins the entry it extends (inside a pending upsert, or the pending append for it).
 */
function mergeTranscript(earlier: TranscriptEvent, later: TranscriptEvent): TranscriptEvent {
  const upserts = new Map(earlier.upserts.map((entry) => [entry.entryId, entry]));
  const appends = new Map((earlier.appends ?? []).map((append) => [append.entryId, append.text]));
  for (const entry of later.upserts) {
    upserts.set(entry.entryId, entry);
    appends.delete(entry.entryId);
  }
  for (const { entryId, text } of later.appends ?? []) {
    const entry = upserts.get(entryId);
    if (entry) upserts.set(entryId, { ...entry, text: entry.text + text });
    else appends.set(entryId, (appends.get(entryId) ?? '') + text);
  }
  const merged: TranscriptEvent = { type: 'transcript', sessionKey: later.sessionKey, upserts: [...upserts.values()] };
  if (appends.size) merged.appends = [...appends].map(([entryId, text]) => ({ entryId, text }));
  return merged;
}
