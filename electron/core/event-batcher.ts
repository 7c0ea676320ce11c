/**
 * Coalesces hub events into batches, at most one batch per `intervalMs` (architecture rule 6).
 *
 * Within a batch only the newest state of each agent, session and item survives, and transcript upserts
 * for one session are merged by entry, so an agent streaming thousands of chunks a second costs the
 * renderer one update per frame, not one per chunk.
 */
import type { BridgeEvent, TranscriptEntry } from '../../shared/bridge';

export class EventBatcher {
  private pending = new Map<string, BridgeEvent>();
  private timer: NodeJS.Timeout | undefined;
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
      this.pending.set(key, { ...event, upserts: mergeUpserts(previous.upserts, event.upserts) });
    } else {
      // Replacing keeps the key's first position, so a session still precedes its transcript.
      this.pending.set(key, event);
    }
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Delivers whatever is queued now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const events = [...this.pending.values()];
    this.pending = new Map();
    this.deliver(events);
  }

  /** Drops queued events and stops the timer. */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
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

function mergeUpserts(a: TranscriptEntry[], b: TranscriptEntry[]): TranscriptEntry[] {
  const byId = new Map(a.map((entry) => [entry.entryId, entry]));
  for (const entry of b) {
    byId.delete(entry.entryId);
    byId.set(entry.entryId, entry);
  }
  return [...byId.values()];
}
