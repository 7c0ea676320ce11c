/**
 * The harness's attention sink: it records what Electron would notify about instead of notifying. The
 * harness page is never "in front" from the core's point of view, so every arrival is recorded, as the app
 * would notify for every request that arrives while its window is in the background.
 * `GET /__harness/notifications` serves {@link RecordingAttention.notifications};
 * `GET /__harness/badge` serves `{ count: waiting }`.
 */
import type { AttentionSink } from '../core/requests/arrivals';

/** One recorded notification: who asks and for what kind of thing, never the content. */
export interface RecordedNotification {
  itemId: string;
  agentId: string;
  agentName: string;
  kind: 'form' | 'url' | 'permission';
  /** How many requests of this agent arrived together and share this notification. */
  count: number;
  /** Milliseconds since the epoch. */
  at: number;
}

export class RecordingAttention implements AttentionSink {
  readonly notifications: RecordedNotification[] = [];
  /** The last waiting count reported (what the dock badge would show). */
  waiting = 0;

  itemArrived(info: Omit<RecordedNotification, 'at'>): void {
    const { itemId, agentId, agentName, kind, count } = info;
    this.notifications.push({ itemId, agentId, agentName, kind, count, at: Date.now() });
  }

  waitingCount(count: number): void {
    this.waiting = count;
  }
}
