import { useCallback, useMemo } from 'react';
import type { Snapshot } from '../../../shared/bridge';
import type { QueueItemView } from '../../../shared/views/requests';
import { pendingCounts, queueOfAgent, waitingItems, type RevealRequest } from '../state/model/store';
import { useStore } from '../state/store-context';
import { focusedItemId } from '../shell/window-shortcuts';
import { othersWaiting, type OtherWaiting } from './model/queue-view';

/** What the Requests column draws from the store, and the store actions it takes. */
export interface QueueSlice {
  /** The agent's items, oldest first. */
  items: QueueItemView[];
  /** Other agents that have pending items, with their counts. */
  others: OtherWaiting[];
  /** Where URL-mode pages open by default; a card starts with "Your browser" chosen for `system-browser`. */
  urlMode: Snapshot['urlMode'];
  /** Consented pages are only recorded, never opened (the harness): the URL cards say so. */
  urlPagesRecordedOnly: boolean;
  /** Display names of sessions by `sessionKey`, so a card names its session as the session tabs do. */
  sessionNames: Map<string, string>;
  /** A card to bring into view and focus (a new `seq` asks again for the same item). */
  reveal: RevealRequest | null;
  /** How many requests wait across every agent (Next / Previous are offered when there is one). */
  waitingTotal: number;
  selectAgent(agentId: string): void;
  /** These cards have been on screen while the window was shown. */
  markSeen(itemIds: string[]): void;
  /** Opens the "Waiting for you" list. */
  showWaiting(): void;
  /** Next (1) / Previous (-1) waiting request, across agents, from the card in focus. */
  stepWaiting(direction: 1 | -1): void;
  /** A card's Decline (or a permission's Reject) was accepted: offer to tell the agent why. */
  declined(item: QueueItemView): void;
}

/** The slice of the store the Requests column of `agentId` (null: none configured) needs; inside App's StoreContext. */
export function useQueue(agentId: string | null): QueueSlice {
  const { store, state, sessionNames } = useStore();
  const items = useMemo(() => (agentId ? queueOfAgent(state.queue, agentId) : []), [state.queue, agentId]);
  const counts = useMemo(() => pendingCounts(state.queue), [state.queue]);
  const others = useMemo(() => othersWaiting(state.agents, counts, agentId), [state.agents, counts, agentId]);
  const waitingTotal = useMemo(() => waitingItems(state.queue).length, [state.queue]);
  const selectAgent = useCallback((id: string) => store.dispatch({ type: 'selectAgent', agentId: id }), [store]);
  const markSeen = useCallback((itemIds: string[]) => store.dispatch({ type: 'markSeen', itemIds }), [store]);
  const showWaiting = useCallback(() => store.dispatch({ type: 'showWaiting' }), [store]);
  const stepWaiting = useCallback(
    (direction: 1 | -1) => store.dispatch({ type: 'stepWaiting', direction, from: focusedItemId() }),
    [store],
  );
  const declined = useCallback((item: QueueItemView) => store.dispatch({ type: 'declined', item }), [store]);
  return {
    items,
    others,
    urlMode: state.urlMode,
    urlPagesRecordedOnly: state.urlPagesRecordedOnly,
    sessionNames,
    reveal: state.reveal,
    waitingTotal,
    selectAgent,
    markSeen,
    showWaiting,
    stepWaiting,
    declined,
  };
}
