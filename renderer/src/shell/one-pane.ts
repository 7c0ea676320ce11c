import { useMediaQuery } from './media-query';

/**
 * Windows this narrow show one pane at a time, the session or the requests, with a switch above them.
 * App.css holds the same width in its `@media (max-width: 760px)` rule; keep the two together.
 */
export const ONE_PANE_QUERY = '(max-width: 760px)';

/** Whether the window is narrow enough for one pane at a time ({@link ONE_PANE_QUERY}); re-renders when that changes. */
export function useOnePane(): boolean {
  return useMediaQuery(ONE_PANE_QUERY);
}
