/**
 * The renderer's state: a pure reducer over bridge event batches, plus a tiny subscribable store.
 *
 * State lives in main (architecture rule 7); this is only the renderer's mirror of it. A `snapshot` event
 * replaces everything; the other events upsert or remove single records. No DOM, no bridge access here,
 * so the reducer can be unit-tested in Node.
 */
import type {
  AgentView,
  BridgeEvent,
  QueueItemView,
  SessionView,
  Snapshot,
  TranscriptAppend,
  TranscriptEntry,
} from '../../../shared/bridge';

/** Whether the renderer currently reaches main (always `open` under Electron's preload). */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting';

/** A plain sentence shown in the toast area until the user dismisses it. */
export interface Notice {
  noticeId: number;
  level: 'info' | 'error';
  agentId?: string;
  text: string;
}

export interface AppState {
  /** True once a snapshot has been applied. */
  loaded: boolean;
  connection: ConnectionStatus;
  agents: AgentView[];
  sessions: SessionView[];
  queue: QueueItemView[];
  defaultCwd: string;
  /** Where consented URL-mode pages open by default (the consent view's "Open in my browser instead" starts from it). */
  urlMode: Snapshot['urlMode'];
  notices: Notice[];
  nextNoticeId: number;
}

export type AppAction =
  | { type: 'events'; events: BridgeEvent[] }
  | { type: 'connection'; status: ConnectionStatus }
  /** A notice raised by the renderer itself (e.g. the snapshot could not be loaded). */
  | { type: 'localNotice'; level: 'info' | 'error'; text: string }
  | { type: 'dismissNotice'; noticeId: number };

/** How many notices the toast area keeps; older ones are dropped first. */
export const MAX_NOTICES = 5;

export const initialState: AppState = {
  loaded: false,
  connection: 'connecting',
  agents: [],
  sessions: [],
  queue: [],
  defaultCwd: '',
  urlMode: 'off',
  notices: [],
  nextNoticeId: 1,
};

/** Applies one action and returns the next state; never mutates its input. */
export function reduce(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'events':
      return action.events.reduce(applyEvent, state);
    case 'connection':
      return state.connection === action.status ? state : { ...state, connection: action.status };
    case 'localNotice':
      return addNotice(state, { level: action.level, text: action.text });
    case 'dismissNotice':
      return { ...state, notices: state.notices.filter((n) => n.noticeId !== action.noticeId) };
  }
}

/** Applies one bridge event (see `BridgeEvent` in shared/bridge.ts). Unknown event types are ignored. */
export function applyEvent(state: AppState, event: BridgeEvent): AppState {
  switch (event.type) {
    case 'snapshot': {
      const { agents, sessions, queue, defaultCwd, urlMode } = event.snapshot;
      return { ...state, loaded: true, agents, sessions, queue, defaultCwd, urlMode };
    }
    case 'agent':
      return { ...state, agents: upsert(state.agents, event.agent, (a) => a.agentId === event.agent.agentId) };
    case 'session': {
      const { transcript, ...fields } = event.session;
      const existing = state.sessions.find((s) => s.sessionKey === fields.sessionKey);
      const next: SessionView = { ...fields, transcript: transcript ?? existing?.transcript ?? [] };
      return { ...state, sessions: upsert(state.sessions, next, (s) => s.sessionKey === fields.sessionKey) };
    }
    case 'transcript': {
      const index = state.sessions.findIndex((s) => s.sessionKey === event.sessionKey);
      if (index < 0 || (event.upserts.length === 0 && !event.appends?.length)) return state;
      const session = state.sessions[index];
      const sessions = state.sessions.slice();
      const upserted = upsertEntries(session.transcript, event.upserts);
      sessions[index] = { ...session, transcript: appendToEntries(upserted, event.appends ?? []) };
      return { ...state, sessions };
    }
    case 'item':
      return { ...state, queue: upsert(state.queue, event.item, (i) => i.itemId === event.item.itemId) };
    case 'itemRemoved': {
      const queue = state.queue.filter((i) => i.itemId !== event.itemId);
      return queue.length === state.queue.length ? state : { ...state, queue };
    }
    case 'notice':
      return addNotice(state, { level: event.level, agentId: event.agentId, text: event.text });
    default:
      return state;
  }
}

/** Adds streamed text to the end of the entries it names; text for an unknown entry is ignored. */
export function appendToEntries(transcript: TranscriptEntry[], appends: TranscriptAppend[]): TranscriptEntry[] {
  if (appends.length === 0) return transcript;
  const next = transcript.slice();
  for (const { entryId, text } of appends) {
    const at = next.findLastIndex((entry) => entry.entryId === entryId);
    if (at >= 0) next[at] = { ...next[at], text: next[at].text + text };
  }
  return next;
}

/** Replaces entries with the same `entryId` in place and appends the new ones, in order. */
export function upsertEntries(transcript: TranscriptEntry[], upserts: TranscriptEntry[]): TranscriptEntry[] {
  const next = transcript.slice();
  for (const entry of upserts) {
    // Streaming updates almost always touch the last entry, so search from the end.
    let at = -1;
    for (let i = next.length - 1; i >= 0; i--) {
      if (next[i].entryId === entry.entryId) {
        at = i;
        break;
      }
    }
    if (at >= 0) next[at] = entry;
    else next.push(entry);
  }
  return next;
}

function upsert<T>(list: T[], value: T, same: (item: T) => boolean): T[] {
  const index = list.findIndex(same);
  if (index < 0) return [...list, value];
  const next = list.slice();
  next[index] = value;
  return next;
}

function addNotice(state: AppState, notice: Omit<Notice, 'noticeId'>): AppState {
  const withId: Notice = { ...notice, noticeId: state.nextNoticeId };
  if (withId.agentId === undefined) delete withId.agentId;
  const notices = [...state.notices, withId].slice(-MAX_NOTICES);
  return { ...state, notices, nextNoticeId: state.nextNoticeId + 1 };
}

/** The queue items of one agent, oldest first (by `arrivedAt`, then `itemId` for a stable order). */
export function queueOfAgent(queue: QueueItemView[], agentId: string): QueueItemView[] {
  return queue
    .filter((i) => i.agentId === agentId)
    .sort((a, b) => a.arrivedAt - b.arrivedAt || (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
}

/**
 * Whether an item waits for the user's answer: a form to fill or a URL to consent to (state `pending`).
 * A consented URL item is not waiting any more (the user is busy in the page, the agent reports the end), and
 * refused, completed, withdrawn and disconnected items only wait to be dismissed. The sidebar badges, the
 * window title, the queue heading and a session's "Waiting for you" all count with this one rule.
 */
export function waitsForUser(item: QueueItemView): boolean {
  return item.state === 'pending';
}

/** How many items of each agent wait for the user ({@link waitsForUser}), form and URL mode alike. */
export function pendingCounts(queue: QueueItemView[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of queue) {
    if (waitsForUser(item)) counts.set(item.agentId, (counts.get(item.agentId) ?? 0) + 1);
  }
  return counts;
}

/** The sessions of one agent, in the order main reported them. */
export function sessionsOfAgent(sessions: SessionView[], agentId: string): SessionView[] {
  return sessions.filter((s) => s.agentId === agentId);
}

/** A minimal external store for `useSyncExternalStore`. */
export interface AppStore {
  getState(): AppState;
  dispatch(action: AppAction): void;
  subscribe(listener: () => void): () => void;
}

/** Creates the store the app renders from; `dispatch` runs {@link reduce} and notifies subscribers. */
export function createAppStore(start: AppState = initialState): AppStore {
  let state = start;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = reduce(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
