import { useSyncExternalStore } from 'react';

/**
 * Layout conditions a component needs in its markup, not only in its stylesheet: where a word gives way to the
 * room and stays for assistive tech, the component puts base/reset.css's one `.sr-only` rule on it under the
 * condition (rather than each stylesheet repeating the visually-hidden block inside its own media query). Each
 * condition here matches the CSS rules it sits beside; keep the numbers together.
 */

/** Below 1101 px the composer's keyboard hint leaves its line (SessionView.css narrows the session there too). */
export const NARROW_SESSION_QUERY = '(max-width: 1100px)';

/** A short window (AgentPane.css, SessionBar.css: `@media (max-height: 760px)`). */
export const SHORT_WINDOW_QUERY = '(max-height: 760px)';

/**
 * The session area's width at and under which it counts as compact, in CSS px: App.css's `workspace` container,
 * queried as `@container workspace (max-width: 560px)` in AgentPane.css and SessionBar.css.
 */
export const COMPACT_WORKSPACE_PX = 560;

/**
 * The compact session area's width at and under which, beside session tabs, even "Folder" and "New session" do not
 * fit in its one row (CSS px; AgentPane.tsx). Measured with the renderer's fonts: the row needs about 420 px for the
 * tabs' 132 px minimum, "Folder", the folder box's 96 px and "New session"; at 640×700 the area is 464 px wide, beside
 * a request at 900×600 409 px and at 800×600 344 px.
 */
export const TIGHT_WORKSPACE_PX = 440;

/**
 * The session area's width at and under which the session bar's pickers sit behind its Settings button whatever the
 * window's height, while usage and MCP servers stay on the bar (CSS px; SessionBar.tsx). Measured with the demo
 * agent's three pickers and usage beside "Waiting for you · Show it": the whole bar needs about 850 px, and at
 * 1440×900 beside a request the area is 776 px wide, so it wrapped to two lines.
 */
export const MEDIUM_WORKSPACE_PX = 900;

/** The element App.tsx gives the session area (the `workspace` container). */
const WORKSPACE_ID = 'workspace-pane';

const subscribers = new Map<string, (onChange: () => void) => () => void>();
/**
 * One MediaQueryList per query, kept: `matchMedia` builds a new one on every call, and React reads the snapshot
 * on every render of every component that asks (10 ms over the 20 cards of the renderer bench).
 */
const lists = new Map<string, MediaQueryList>();

function mediaList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

function subscribeTo(query: string): (onChange: () => void) => () => void {
  let subscribe = subscribers.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      const list = mediaList(query);
      if (!list) return () => undefined;
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    };
    subscribers.set(query, subscribe);
  }
  return subscribe;
}

/** Whether the media `query` (e.g. `(max-width: 760px)`) matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribeTo(query),
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}

/** The workspace's width as last observed, in three steps (one ResizeObserver for every component that asks). */
const workspace = { medium: false, narrow: false, tight: false, observer: null as ResizeObserver | null, listeners: new Set<() => void>() };

function subscribeWorkspace(onChange: () => void): () => void {
  workspace.listeners.add(onChange);
  const element = typeof document === 'undefined' ? null : document.getElementById(WORKSPACE_ID);
  if (!workspace.observer && element && typeof ResizeObserver === 'function') {
    workspace.observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentBoxSize?.[0]?.inlineSize ?? entries[0]?.contentRect.width ?? 0;
      const medium = width <= MEDIUM_WORKSPACE_PX;
      const narrow = width <= COMPACT_WORKSPACE_PX;
      const tight = width <= TIGHT_WORKSPACE_PX;
      if (medium === workspace.medium && narrow === workspace.narrow && tight === workspace.tight) return;
      workspace.medium = medium;
      workspace.narrow = narrow;
      workspace.tight = tight;
      for (const listener of workspace.listeners) listener();
    });
    workspace.observer.observe(element);
  }
  return () => {
    workspace.listeners.delete(onChange);
    if (workspace.listeners.size > 0) return;
    workspace.observer?.disconnect();
    workspace.observer = null;
  };
}

/**
 * Whether the session is compact: its area at most {@link COMPACT_WORKSPACE_PX} wide in a short window
 * ({@link SHORT_WINDOW_QUERY}), e.g. 800×600 beside a request. There the pickers' and the folder box's labels give
 * way to their values (still their labels for assistive tech). Re-renders when that changes.
 */
export function useCompactSession(): boolean {
  const narrow = useSyncExternalStore(subscribeWorkspace, () => workspace.narrow, () => false);
  return useMediaQuery(SHORT_WINDOW_QUERY) && narrow;
}

/**
 * Whether the session area is at most {@link MEDIUM_WORKSPACE_PX} wide (any window height): the session bar keeps
 * its facts on the line and puts its pickers behind one button. Re-renders when that changes.
 */
export function useMediumSession(): boolean {
  return useSyncExternalStore(subscribeWorkspace, () => workspace.medium, () => false);
}

/**
 * Whether the compact session is tight too: at most {@link TIGHT_WORKSPACE_PX} wide in a short window, e.g. 800×600
 * beside a request. There the folder box's label is for assistive tech only and, beside tabs, New session reads
 * "New"; at 640×700 they read "Folder" and "New session". Re-renders when that changes.
 */
export function useTightSession(): boolean {
  const tight = useSyncExternalStore(subscribeWorkspace, () => workspace.tight, () => false);
  return useMediaQuery(SHORT_WINDOW_QUERY) && tight;
}

/** `className`, plus `sr-only` (base/reset.css) when `hidden`: on screen or only for assistive tech. */
export function srOnlyWhen(hidden: boolean, className: string): string {
  return hidden ? `${className} sr-only` : className;
}
