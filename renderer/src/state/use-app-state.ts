import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AppState, AppStore } from './store';

/**
 * The store's state for React, with streamed text at transition priority (issue 13: a new card painted ≤ 50 ms
 * after its event while a long reply streams).
 *
 * `useSyncExternalStore` renders every change synchronously, in the socket's task: each bridge batch of streamed
 * text was a whole render and commit that a new card's render, and the frame that paints it, waited behind. Here
 * a change that may wait (`'low'`, store.ts: streamed text, a saved draft) is set inside `startTransition`, so
 * React renders it in interruptible 5 ms slices, folds several batches into one render, and drops it for an
 * urgent change. Any other change is set at once. Every update sets the whole current state, so an urgent render also carries all text
 * received before it: nothing is drawn out of order, and a turn's end (not busy) is never drawn before its text.
 */
export function useAppState(store: AppStore): AppState {
  const [state, setState] = useState(store.getState);
  useEffect(() => {
    const unsubscribe = store.subscribe((change) => {
      const next = store.getState();
      if (change === 'low') startTransition(() => setState(next));
      else flushSync(() => setState(next));
    });
    // Anything dispatched between the first render and this subscription (the same state again renders nothing).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- catching up with an external store once, on subscribing
    setState(store.getState());
    return unsubscribe;
  }, [store]);
  return state;
}
