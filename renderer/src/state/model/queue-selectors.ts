/**
 * How the queue reads: its order (oldest first), which items are live, which wait for the user, which are unread,
 * and the counts the sidebar badges, the window title and the queue heading show. Pure functions of the queue.
 */
import type { QueueItemView } from '../../../../shared/views/requests';

/**
 * Oldest first: by `arrivedAt`; requests of the same millisecond in the order main received them (`arrivalSeq`),
 * then by `itemId` so the order is stable even for items without one (restored from history).
 */
export function byArrival(a: QueueItemView, b: QueueItemView): number {
  return (
    a.arrivedAt - b.arrivedAt ||
    (a.arrivalSeq ?? 0) - (b.arrivalSeq ?? 0) ||
    (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0)
  );
}

/** The queue items of one agent, oldest first ({@link byArrival}). */
export function queueOfAgent(queue: QueueItemView[], agentId: string): QueueItemView[] {
  return queue.filter((i) => i.agentId === agentId).sort(byArrival);
}

/**
 * Whether an item is still live: waiting for the user's answer, or consented and going on in a page. Completed,
 * refused, withdrawn and disconnected items have ended and only wait to be dismissed.
 */
export function isLive(item: QueueItemView): boolean {
  return item.state === 'pending' || item.state === 'consented';
}

/**
 * An ordered queue split for display: live items first ({@link isLive}), then the ended ones, each part keeping
 * the given order (arrival), so a finished card never sits above a newer request that still needs the user.
 */
export function splitByLive(items: QueueItemView[]): { live: QueueItemView[]; ended: QueueItemView[] } {
  const live: QueueItemView[] = [];
  const ended: QueueItemView[] = [];
  for (const item of items) (isLive(item) ? live : ended).push(item);
  return { live, ended };
}

/** Every agent's items that wait for the user ({@link waitsForUser}), oldest first: the "Waiting for you" list. */
export function waitingItems(queue: QueueItemView[]): QueueItemView[] {
  return queue.filter(waitsForUser).sort(byArrival);
}

/**
 * The waiting request `direction` steps away from `currentId` in `waitingOldestFirst`, wrapping at either end.
 * From nothing (or from an item that no longer waits) Next starts at the oldest and Previous at the newest.
 * Undefined when nothing waits.
 */
export function stepWaiting(waitingOldestFirst: string[], currentId: string | undefined, direction: 1 | -1): string | undefined {
  const count = waitingOldestFirst.length;
  if (count === 0) return undefined;
  const at = currentId === undefined ? -1 : waitingOldestFirst.indexOf(currentId);
  if (at < 0) return waitingOldestFirst[direction === 1 ? 0 : count - 1];
  return waitingOldestFirst[(at + direction + count) % count];
}

/** Whether an item waits for the user and its card has never been on screen. */
export function isUnread(item: QueueItemView, seen: ReadonlySet<string>): boolean {
  return waitsForUser(item) && !seen.has(item.itemId);
}

/** How many unread items ({@link isUnread}) each agent has. */
export function unreadCounts(queue: QueueItemView[], seen: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of queue) {
    if (isUnread(item, seen)) counts.set(item.agentId, (counts.get(item.agentId) ?? 0) + 1);
  }
  return counts;
}

/**
 * Whether an item waits for the user's answer: a form to fill or a URL to consent to (state `pending`).
 * A consented URL item is not waiting any more (the user is busy in the page, the agent reports the end), and
 * refused, completed, withdrawn and disconnected items only wait to be dismissed. The sidebar badges, the
 * window title, the queue heading and a session's "Waiting for you" all count with this one rule.
 */
export function waitsForUser(item: QueueItemView): boolean {
  return item.state === 'pending';
}

/** How many items of each agent wait for the user ({@link waitsForUser}), form and URL mode alike. */
export function pendingCounts(queue: QueueItemView[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of queue) {
    if (waitsForUser(item)) counts.set(item.agentId, (counts.get(item.agentId) ?? 0) + 1);
  }
  return counts;
}
