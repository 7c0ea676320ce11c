/**
 * What happens to sessions and requests in the core, told by the services that make it happen (architecture rule
 * 9): the history records from these, not from the bridge events the window draws, so what is stored follows the
 * domain rather than the view. Delivery is synchronous, in publishing order; each event carries a sequence number
 * so a listener can keep what happened in the order it happened, whatever it batches.
 */
import type { QueueItemView, RequestRecordView } from '../../shared/views/requests';
import type { Session } from './sessions/session';

/** One thing that happened to a live session or one of its requests. */
export type DomainEvent =
  /** A new live session began (`session/new`, or a continuation); a resumed one is attached by the history itself. */
  | { type: 'session-started'; session: Session }
  /**
   * A live session changed: `entryIds` are transcript entries appended or replaced (in the order they changed);
   * `details` is present when its title or last stop reason changed.
   */
  | { type: 'session-updated'; sessionKey: string; entryIds: string[]; details?: { title?: string; lastStopReason?: string } }
  /** A live session ended: the user closed it, or its agent stopped. */
  | { type: 'session-ended'; sessionKey: string; why: 'closed' | 'agent-stopped' }
  /** A request the agent asked was queued, or its state changed (pending, consented, cancelled, disconnected…). */
  | { type: 'request-asked'; item: QueueItemView }
  /** The user answered a request; `optionId` is a permission's chosen option. What a form sent is not carried (spec E-PRIV-1). */
  | { type: 'request-answered'; itemId: string; outcome: RequestRecordView['outcome']; optionId?: string };

/** A subscriber: the event and its sequence number (strictly increasing across all events of this core). */
export type DomainListener = (event: DomainEvent, seq: number) => void;

/** The core's domain event emitter: services publish, the history (and tests) subscribe. */
export class DomainEvents {
  private readonly listeners = new Set<DomainListener>();
  private seq = 0;

  /** Tells every listener now, in subscription order. A listener that throws is not caught: listeners catch their own. */
  publish(event: DomainEvent): void {
    const seq = ++this.seq;
    for (const listener of this.listeners) listener(event, seq);
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: DomainListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
