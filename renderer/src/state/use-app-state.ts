import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterPaint } from '../shell/after-paint';
import type { AppState, AppStore } from './store';

/**
 * The store's state for React, with streamed text at transition priority (issue 13: a new card painted ≤ 50 ms
 * after its event while a long reply streams).
 *
 * `useSyncExternalStore` renders every change synchronously, in the socket's task: each bridge batch of streamed
 * text was a whole render and commit that a new card's render, and the frame that paints it, waited behind. Here
 * a change that may wait (`'low'`, store.ts: streamed text, a saved draft) is set inside `startTransition`, so
 * React renders it in interruptible 5 ms slices, folds several batches into one render, and drops it for an
 * urgent change. Any other change is set at once, with the whole current state, so it also carries all text
 * received before it: nothing is drawn out of order, and a turn's end (not busy) is never drawn before its text.
 *
 * One kind of urgent change leaves the text out (`'urgentExceptText'`: a request arriving with its transcript record
 * and the text streamed since, no session's state changed): it is drawn with the transcripts as they are on screen,
 * and the rest follows at transition priority once that frame has painted. A card arriving while a reply streamed
 * was drawn in the same frame as the reply's new text, whose layout it then waited behind; text waits one frame.
 */
export function useAppState(store: AppStore): AppState {
  const [state, setState] = useState(store.getState);
  /** The state of the last commit: what is on screen. */
  const drawn = useRef(state);
  useLayoutEffect(() => {
    drawn.current = state;
  });
  useEffect(() => {
    /** Cancels the wait for the paint of a change drawn without its text; undefined when none waits. */
    let waitingForPaint: (() => void) | undefined;
    const drawAllLater = () => {
      waitingForPaint = undefined;
      const next = store.getState();
      startTransition(() => setState(next));
    };
    const unsubscribe = store.subscribe((change) => {
      const next = store.getState();
      if (change === 'low') {
        // Text that comes while a card waits for its paint goes with the rest after it.
        if (!waitingForPaint) startTransition(() => setState(next));
        return;
      }
      if (change === 'urgentExceptText') {
        // Only transcripts changed in `sessions` (store.ts, changeOf), so the sessions on screen are the rest of it.
        const withTextOnScreen: AppState = { ...next, sessions: drawn.current.sessions };
        flushSync(() => setState(withTextOnScreen));
        waitingForPaint ??= afterPaint(drawAllLater);
        return;
      }
      waitingForPaint?.();
      waitingForPaint = undefined;
      flushSync(() => setState(next));
    });
    // Anything dispatched between the first render and this subscription (the same state again renders nothing).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- catching up with an external store once, on subscribing
    setState(store.getState());
    return () => {
      waitingForPaint?.();
      unsubscribe();
    };
  }, [store]);
  return state;
}
