/**
 * The queue slice: the requests main reports (`item`, `itemRemoved`) and which of them the user has seen. Read
 * marks are kept only for items still in the queue, so the set never outgrows it.
 */
import type { QueueItemView } from '../../../../shared/views/requests';
import type { AppState } from './app-state';
import { upsert } from './upsert';
import { revealItem } from './view-slice';

/** An item arrived or changed; one main asked to show before it arrived is revealed now. */
export function applyItem(state: AppState, item: QueueItemView): AppState {
  const next = { ...state, queue: upsert(state.queue, item, (i) => i.itemId === item.itemId) };
  return state.pendingFocus === item.itemId ? revealItem(next, item.itemId) : next;
}

/** An item left the queue, and its read mark with it (returns the same state when it was not there). */
export function removeItem(state: AppState, itemId: string): AppState {
  const queue = state.queue.filter((i) => i.itemId !== itemId);
  if (queue.length === state.queue.length) return state;
  let seen = state.seen;
  if (seen.has(itemId)) {
    const kept = new Set(seen);
    kept.delete(itemId);
    seen = kept;
  }
  return { ...state, queue, seen };
}

/** These items' cards have been on screen: they are read. Ids not in the queue are ignored. */
export function markSeen(state: AppState, itemIds: string[]): AppState {
  const queued = new Set(state.queue.map((i) => i.itemId));
  const fresh = itemIds.filter((id) => !state.seen.has(id) && queued.has(id));
  if (fresh.length === 0) return state;
  return { ...state, seen: new Set([...state.seen, ...fresh]) };
}

/** Drops read marks of items that left the queue (returns the same set when none did). */
export function pruneSeen(seen: ReadonlySet<string>, queue: QueueItemView[]): ReadonlySet<string> {
  if (seen.size === 0) return seen;
  const ids = new Set(queue.map((i) => i.itemId));
  const kept = [...seen].filter((id) => ids.has(id));
  return kept.length === seen.size ? seen : new Set(kept);
}
