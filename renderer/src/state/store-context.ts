/**
 * React access to the store (architecture rule 7: state lives in main, the store mirrors it). App.tsx provides the
 * store with the state it draws, so each pane takes its own slice through a selector hook (agents/use-agent-slice.ts,
 * elicitation/use-queue.ts) instead of a dozen props.
 */
import { createContext, useContext } from 'react';
import type { AppState, AppStore } from './model/store';

/** What App.tsx provides: the store (to dispatch to), the state being drawn, and names derived once from it. */
export interface StoreValue {
  store: AppStore;
  /** The state of this render (shell/use-app-state.ts), not necessarily `store.getState()`. */
  state: AppState;
  /** Display names of sessions by `sessionKey` ("Session 2", or the agent's title for it), from `state.sessions`. */
  sessionNames: Map<string, string>;
}

/** Provided once by App.tsx. */
export const StoreContext = createContext<StoreValue | null>(null);

/** The store and the state being drawn; throws if a component renders outside App's provider. */
export function useStore(): StoreValue {
  const value = useContext(StoreContext);
  if (!value) throw new Error('The store is missing: render inside <StoreContext value={…}>.');
  return value;
}
