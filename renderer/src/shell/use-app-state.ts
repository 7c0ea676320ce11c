import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterPaint } from './after-paint';
import { DrawSchedule, type DrawTarget } from '../state/model/draw-schedule';
import type { AppState, AppStore } from '../state/model/store';

/**
 * The store's state for React, each change drawn as soon as it must be and no sooner (state/model/draw-schedule.ts):
 * streamed text at transition priority, everything else at once, and a request that arrives with streamed text
 * before that text (a new card painted ≤ 50 ms after its event while a long reply streams).
 *
 * `useSyncExternalStore` renders every change synchronously, in the socket's task: each bridge batch of streamed
 * text was a whole render and commit that a new card's render, and the frame that paints it, waited behind. At
 * transition priority React renders text in interruptible 5 ms slices, folds several batches into one render, and
 * drops it for an urgent change.
 */
export function useAppState(store: AppStore): AppState {
  const [state, setState] = useState(store.getState);
  /** What the last commit drew, for a schedule made after it. */
  const drawn = useRef(state);
  const schedule = useRef<DrawSchedule | null>(null);
  useLayoutEffect(() => {
    drawn.current = state;
    schedule.current?.committed(state);
  });
  useEffect(() => {
    const target: DrawTarget = {
      later: (next) => startTransition(() => setState(next)),
      now: (next) => flushSync(() => setState(next)),
    };
    const current = new DrawSchedule(() => store.getState(), target, afterPaint, drawn.current);
    schedule.current = current;
    const unsubscribe = store.subscribe((change) => current.changed(change));
    // Anything dispatched between the first render and this subscription (the same state again renders nothing).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- catching up with an external store once, on subscribing
    setState(store.getState());
    return () => {
      unsubscribe();
      current.dispose();
      if (schedule.current === current) schedule.current = null;
    };
  }, [store]);
  return state;
}
