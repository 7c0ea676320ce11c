/**
 * The view slice: what this window shows, which only it knows (architecture rule 7 keeps everything else in
 * main): the agent and session on screen, the middle column's view, the card to reveal, a focus request waiting
 * for its item, and the latest native-menu command.
 */
import type { MenuCommand } from '../../../../shared/bridge';
import type { AppState } from './app-state';
import { stepWaiting, waitingItems } from './queue-selectors';

/** Shows an agent; the middle column goes back to the agent view. */
export function selectAgent(state: AppState, agentId: string): AppState {
  return state.selectedAgentId === agentId && state.view === 'agent' ? state : { ...state, selectedAgentId: agentId, view: 'agent' };
}

/** Chooses the session shown for an agent. */
export function selectSession(state: AppState, agentId: string, sessionKey: string): AppState {
  return state.selectedSessions[agentId] === sessionKey
    ? state
    : { ...state, selectedSessions: { ...state.selectedSessions, [agentId]: sessionKey } };
}

/** Shows the "Waiting for you" list or the History view in the middle column. */
export function showView(state: AppState, view: 'waiting' | 'history'): AppState {
  return state.view === view ? state : { ...state, view };
}

/** Shows a live session: its agent, that session. */
export function showSession(state: AppState, agentId: string, sessionKey: string): AppState {
  // Already shown (a record's "Tell the agent why…" in the open session): nothing changes, nothing redraws.
  if (state.view === 'agent' && state.selectedAgentId === agentId && state.selectedSessions[agentId] === sessionKey) return state;
  return {
    ...state,
    view: 'agent',
    selectedAgentId: agentId,
    selectedSessions: { ...state.selectedSessions, [agentId]: sessionKey },
  };
}

/**
 * Selects the item's agent, and its session when it belongs to one, shows the agent view, and asks for the card
 * to be revealed (a narrow window switches to its Requests pane for it); `into` focuses inside the card. An item
 * not in the queue changes nothing.
 */
export function revealItem(state: AppState, itemId: string, into = false): AppState {
  const item = state.queue.find((i) => i.itemId === itemId);
  if (!item) return state;
  const selectedSessions =
    item.scope.kind === 'session' && state.selectedSessions[item.agentId] !== item.scope.sessionKey
      ? { ...state.selectedSessions, [item.agentId]: item.scope.sessionKey }
      : state.selectedSessions;
  return {
    ...state,
    selectedAgentId: item.agentId,
    selectedSessions,
    view: 'agent',
    reveal: { itemId, seq: (state.reveal?.seq ?? 0) + 1, ...(into ? { into } : {}) },
    pendingFocus: state.pendingFocus === itemId ? null : state.pendingFocus,
  };
}

/**
 * Reveals, and focuses into, the waiting request after (1) or before (-1) `from`, else the last one revealed,
 * across agents ({@link stepWaiting}). Nothing waiting, nothing changes.
 */
export function revealNextWaiting(state: AppState, direction: 1 | -1, from: string | undefined): AppState {
  const ids = waitingItems(state.queue).map((i) => i.itemId);
  const target = stepWaiting(ids, from ?? state.reveal?.itemId, direction);
  return target ? revealItem(state, target, true) : state;
}

/** Main asks to show an item (the user clicked its OS notification): now, or as soon as it arrives. */
export function focusItem(state: AppState, itemId: string): AppState {
  return state.queue.some((i) => i.itemId === itemId) ? revealItem(state, itemId) : { ...state, pendingFocus: itemId };
}

/** Records a native-menu command for the shell to act on (App.tsx), numbered so the same command twice is two. */
export function menuCommand(state: AppState, command: MenuCommand): AppState {
  return {
    ...state,
    // New session acts on the agent view, so leave the waiting list for it.
    view: command === 'newSession' ? 'agent' : state.view,
    menuCommand: { command, seq: (state.menuCommand?.seq ?? 0) + 1 },
  };
}

/** The history changed in main: an open History view lists again. */
export function historyChanged(state: AppState): AppState {
  return { ...state, historyVersion: state.historyVersion + 1 };
}
