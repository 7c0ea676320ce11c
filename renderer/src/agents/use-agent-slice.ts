import { useCallback, useMemo } from 'react';
import type { QueueItemView } from '../../../shared/views/requests';
import type { SessionView } from '../../../shared/views/sessions';
import { sessionsOfAgent } from '../state/model/store';
import { useStore } from '../state/store-context';

/** What the selected agent's pane draws from the store, and the store actions it takes. */
export interface AgentSlice {
  /** The agent's sessions, in the order main reported them. */
  sessions: SessionView[];
  /** Every agent's queue (a session shows the requests that wait on it). */
  queue: QueueItemView[];
  /** The folder a new session starts in when the agent has none configured or recent. */
  defaultCwd: string;
  /** The host can show a folder picker (Electron). */
  canPickFolder: boolean;
  selectedSessionKey: string | null;
  /** Display names of sessions by `sessionKey`. */
  sessionNames: Map<string, string>;
  selectSession(sessionKey: string): void;
  /** Shows a queue item: opens the Requests panel if it is collapsed, scrolls to the card and focuses it. */
  revealItem(itemId: string): void;
  /** Shows the History view. */
  showHistory(): void;
}

/** The slice of the store one agent's pane needs (see {@link AgentSlice}); render inside App's StoreContext. */
export function useAgentSlice(agentId: string): AgentSlice {
  const { store, state, sessionNames } = useStore();
  const sessions = useMemo(() => sessionsOfAgent(state.sessions, agentId), [state.sessions, agentId]);
  const selectSession = useCallback((sessionKey: string) => store.dispatch({ type: 'selectSession', agentId, sessionKey }), [store, agentId]);
  const revealItem = useCallback((itemId: string) => store.dispatch({ type: 'revealItem', itemId }), [store]);
  const showHistory = useCallback(() => store.dispatch({ type: 'showHistory' }), [store]);
  return {
    sessions,
    queue: state.queue,
    defaultCwd: state.defaultCwd,
    canPickFolder: state.canPickFolder,
    selectedSessionKey: state.selectedSessions[agentId] ?? null,
    sessionNames,
    selectSession,
    revealItem,
    showHistory,
  };
}
