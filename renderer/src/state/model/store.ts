/**
 * The renderer's state: a pure reducer over bridge event batches, plus a tiny subscribable store.
 *
 * State lives in main (architecture rule 7); this is mostly the renderer's mirror of it. A `snapshot` event
 * replaces everything main owns; the other events upsert or remove single records. Next to the mirror it keeps
 * what only this window knows: which agent and session are on screen, which card to reveal, and which requests
 * the user has already seen (the unread marks). Those live here rather than in components so that `focusItem`
 * from main can select an agent and reveal a card in one step, and so all of it is unit-tested in Node.
 * No DOM, no bridge access here.
 *
 * This module composes the slices, one per part of the state (sessions-slice.ts, queue-slice.ts,
 * notices-slice.ts, view-slice.ts): each action and event is one line naming the slice function that applies it.
 * It is also the one module the rest of the renderer imports the state from.
 */
import type { BridgeEvent, Snapshot } from '../../../../shared/bridge';
import type { AppAction, AppState } from './app-state';
import { initialState } from './app-state';
import { addNotice, arrivalNotice, declinedNotice, dismissNotice } from './notices-slice';
import { applyItem, markSeen, pruneSeen, removeItem } from './queue-slice';
import { applySession, applyTranscript, removeSession } from './sessions-slice';
import { changeOf, type StoreChange } from './store-change';
import { upsert } from './upsert';
import { focusItem, historyChanged, menuCommand, revealItem, revealNextWaiting, selectAgent, selectSession, showSession, showView } from './view-slice';
import { revealEvent } from './visible-events';

export type { AppAction, AppState, ConnectionStatus, Notice, NoticeAction, RevealRequest } from './app-state';
export { initialState } from './app-state';
export { MAX_NOTICES } from './notices-slice';
export { appendToEntries, sessionsOfAgent, upsertEntries } from './sessions-slice';
export { changeOf, type StoreChange } from './store-change';
export {
  byArrival,
  isLive,
  isUnread,
  pendingCounts,
  queueOfAgent,
  splitByLive,
  stepWaiting,
  unreadCounts,
  waitingItems,
  waitsForUser,
} from './queue-selectors';

/** Applies one action and returns the next state; never mutates its input. */
export function reduce(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'events':
      // Agent text is made unable to hide or reorder itself once, here, before anything draws it.
      return action.events.map(revealEvent).reduce(applyEvent, state);
    case 'connection':
      return state.connection === action.status ? state : { ...state, connection: action.status };
    case 'localNotice':
      return addNotice(state, { level: action.level, text: action.text });
    case 'declined':
      return declinedNotice(state, action.item);
    case 'dismissNotice':
      return dismissNotice(state, action.noticeId);
    case 'selectAgent':
      return selectAgent(state, action.agentId);
    case 'selectSession':
      return selectSession(state, action.agentId, action.sessionKey);
    case 'showWaiting':
      return showView(state, 'waiting');
    case 'showHistory':
      return showView(state, 'history');
    case 'showSession':
      return showSession(state, action.agentId, action.sessionKey);
    case 'revealItem':
      return revealItem(state, action.itemId);
    case 'stepWaiting':
      return revealNextWaiting(state, action.direction, action.from);
    case 'markSeen':
      return markSeen(state, action.itemIds);
  }
}

/** Applies one bridge event (see `BridgeEvent` in shared/bridge.ts). Unknown event types are ignored. */
export function applyEvent(state: AppState, event: BridgeEvent): AppState {
  switch (event.type) {
    case 'snapshot':
      return applySnapshot(state, event.snapshot);
    case 'agent':
      return { ...state, agents: upsert(state.agents, event.agent, (a) => a.agentId === event.agent.agentId) };
    case 'session':
      return applySession(state, event);
    case 'transcript':
      return applyTranscript(state, event);
    case 'item':
      return applyItem(state, event.item);
    case 'itemRemoved':
      return removeItem(state, event.itemId);
    case 'notice':
      return addNotice(state, { level: event.level, agentId: event.agentId, text: event.text });
    case 'requestsArrived':
      return arrivalNotice(state, event.agentId, event.itemIds);
    case 'sessionRemoved':
      return removeSession(state, event.sessionKey);
    case 'historyChanged':
      return historyChanged(state);
    case 'menuCommand':
      return menuCommand(state, event.command);
    case 'focusItem':
      return focusItem(state, event.itemId);
    default:
      return state;
  }
}

/**
 * Replaces everything main owns with its snapshot, keeping this window's own view state. Main's history-file notice
 * comes with every snapshot and is shown once; a focus request waiting for an item is answered now.
 */
function applySnapshot(state: AppState, snapshot: Snapshot): AppState {
  const { agents, sessions, queue, defaultCwd, urlMode, historyNotice, mcpServers = [], canPickFolder = false, urlPagesRecordedOnly = false } = snapshot;
  let next = { ...state, loaded: true, agents, sessions, queue, defaultCwd, urlMode, mcpServers, canPickFolder, urlPagesRecordedOnly, seen: pruneSeen(state.seen, queue) };
  if (historyNotice && !state.historyNoticeShown) next = { ...addNotice(next, { level: 'error', text: historyNotice }), historyNoticeShown: true };
  if (state.pendingFocus === null) return next;
  // A focus request for an item this snapshot does not have is for an item that is gone.
  return queue.some((i) => i.itemId === state.pendingFocus) ? revealItem(next, state.pendingFocus) : { ...next, pendingFocus: null };
}

/** A minimal subscribable store; each listener is told what kind of change happened ({@link StoreChange}). */
export interface AppStore {
  getState(): AppState;
  dispatch(action: AppAction): void;
  subscribe(listener: (change: StoreChange) => void): () => void;
}

/** Creates the store the app renders from; `dispatch` runs {@link reduce} and notifies subscribers. */
export function createAppStore(start: AppState = initialState): AppStore {
  let state = start;
  const listeners = new Set<(change: StoreChange) => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = reduce(state, action);
      if (next === state) return;
      const change = changeOf(action, state, next);
      state = next;
      for (const listener of [...listeners]) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
