import { useSyncExternalStore } from 'react';

/**
 * Windows this narrow show one pane at a time, the session or the requests, with a switch above them (issue 12
 * scope 1). App.css holds the same width in its `@media (max-width: 760px)` rule; keep the two together.
 */
export const ONE_PANE_QUERY = '(max-width: 760px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(ONE_PANE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(ONE_PANE_QUERY).matches;
}

/** Whether the window is narrow enough for one pane at a time ({@link ONE_PANE_QUERY}); re-renders when that changes. */
export function useOnePane(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
