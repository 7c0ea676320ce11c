/**
 * The renderer's state: a pure reducer over bridge event batches, plus a tiny subscribable store.
 *
 * State lives in main (architecture rule 7); this is mostly the renderer's mirror of it. A `snapshot` event
 * replaces everything main owns; the other events upsert or remove single records. Next to the mirror it keeps
 * what only this window knows: which agent and session are on screen, which card to reveal, and which requests
 * the user has already seen (the unread marks). Those live here rather than in components so that `focusItem`
 * from main can select an agent and reveal a card in one step, and so all of it is unit-tested in Node.
 * No DOM, no bridge access here.
 */
import type { BridgeEvent, MenuCommand, Snapshot } from '../../../../shared/bridge';
import type { AgentView } from '../../../../shared/views/agents';
import type { QueueItemView } from '../../../../shared/views/requests';
import type { SessionView } from '../../../../shared/views/sessions';
import type { TranscriptAppend, TranscriptEntry } from '../../../../shared/views/transcript';
import { joinRevealed, revealEvent } from './visible-events';
import { askingText } from '../../../../shared/attention-text';

/**
 * Whether the renderer currently reaches main (always `open` under Electron's preload). The harness's page can also
 * learn that it never will again (shell/model/socket-bridge.ts): `stopped`, nothing answers at its address any more;
 * `restarted`, a harness answers there but refuses this page's token. Either way it stops retrying.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped' | 'restarted';

/**
 * A plain sentence shown in the notices strip: an error until the user dismisses it, info for a few seconds
 * (shell/Notices.tsx). `text` names what it is about once; `agentId` says which agent it concerns, not shown again.
 */
export interface Notice {
  noticeId: number;
  level: 'info' | 'error';
  agentId?: string;
  text: string;
  /** The one step the notice offers. */
  action?: NoticeAction;
}

/**
 * What a notice's button does: `show` a request's card ("Show"), or `explain` a Decline — open that session's
 * composer to tell the agent why ("Tell the agent why…", issue 12 scope 7).
 */
export type NoticeAction =
  | { kind: 'show'; itemId: string }
  | { kind: 'explain'; agentId: string; sessionKey: string; question: string };

export interface AppState {
  /** True once a snapshot has been applied. */
  loaded: boolean;
  connection: ConnectionStatus;
  agents: AgentView[];
  sessions: SessionView[];
  queue: QueueItemView[];
  defaultCwd: string;
  /** MCP servers defined in Switchboard (issue 11). */
  mcpServers: NonNullable<Snapshot['mcpServers']>;
  /** The host has a folder picker (Electron); the harness has only the text field. */
  canPickFolder: boolean;
  /** Consented pages are only recorded, never opened (the harness; Snapshot.urlPagesRecordedOnly). */
  urlPagesRecordedOnly: boolean;
  /** Where consented URL-mode pages open by default (the consent view's "Open in" choice starts from it). */
  urlMode: Snapshot['urlMode'];
  notices: Notice[];
  nextNoticeId: number;

  // ── this window's own view state ──────────────────────────────────────────────────────────────────
  /** The agent the user chose; null, or an id that no longer exists, shows the first agent. */
  selectedAgentId: string | null;
  /** The session the user chose, per agent id. */
  selectedSessions: Readonly<Record<string, string>>;
  /** What the middle column shows: the selected agent, every request waiting across all agents, or the history. */
  view: 'agent' | 'waiting' | 'history';
  /** Goes up on every `historyChanged`: an open History view lists again. */
  historyVersion: number;
  /** The history-file notice of main's snapshot was shown (it comes with every snapshot). */
  historyNoticeShown: boolean;
  /** A card to bring into view and focus; a new `seq` asks again for the same item. */
  reveal: RevealRequest | null;
  /**
   * Items whose card has been on screen at least once. A waiting item not in here is unread. Only ids still in
   * the queue are kept, so the set never outgrows the queue.
   */
  seen: ReadonlySet<string>;
  /** An item main asked to show (`focusItem`) before it arrived here; revealed as soon as it does. */
  pendingFocus: string | null;
  /**
   * The latest native-menu command from main (`menuCommand`), numbered so the same command twice is two
   * requests; the shell acts on it (App.tsx).
   */
  menuCommand: { command: MenuCommand; seq: number } | null;
}

/** Bring this item's card into view and focus it. */
export interface RevealRequest {
  itemId: string;
  seq: number;
  /** Focus inside the card (its first field, else its primary action) rather than the card itself. */
  into?: boolean;
}

export type AppAction =
  | { type: 'events'; events: BridgeEvent[] }
  | { type: 'connection'; status: ConnectionStatus }
  /** A notice raised by the renderer itself (e.g. the snapshot could not be loaded). */
  | { type: 'localNotice'; level: 'info' | 'error'; text: string }
  /** The user declined this request (a card's Decline, a permission's Reject): offer to tell the agent why. */
  | { type: 'declined'; item: QueueItemView }
  | { type: 'dismissNotice'; noticeId: number }
  /** Shows an agent (the sidebar); the middle column goes back to the agent view. */
  | { type: 'selectAgent'; agentId: string }
  | { type: 'selectSession'; agentId: string; sessionKey: string }
  /** Shows the "Waiting for you" list of every agent's waiting requests. */
  | { type: 'showWaiting' }
  /** Shows the History view: past sessions of every agent. */
  | { type: 'showHistory' }
  /** Shows a live session (a resumed or continued one): its agent, that session. */
  | { type: 'showSession'; agentId: string; sessionKey: string }
  /** Selects the item's agent (and session) and asks the queue to bring its card into view and focus it. */
  | { type: 'revealItem'; itemId: string }
  /**
   * Next / Previous waiting request (issue 12 scope 5): reveals the waiting request after (1) or before (-1) `from`
   * (the card in focus) or else the last one revealed, across agents, and focuses into it.
   */
  | { type: 'stepWaiting'; direction: 1 | -1; from?: string }
  /** These items' cards have been on screen: they are read. */
  | { type: 'markSeen'; itemIds: string[] };

/** How many notices the toast area keeps; older ones are dropped first. */
export const MAX_NOTICES = 5;

export const initialState: AppState = {
  loaded: false,
  connection: 'connecting',
  agents: [],
  sessions: [],
  queue: [],
  defaultCwd: '',
  mcpServers: [],
  canPickFolder: false,
  urlPagesRecordedOnly: false,
  urlMode: 'off',
  notices: [],
  nextNoticeId: 1,
  selectedAgentId: null,
  selectedSessions: {},
  view: 'agent',
  historyVersion: 0,
  historyNoticeShown: false,
  reveal: null,
  seen: new Set(),
  pendingFocus: null,
  menuCommand: null,
};

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
      return { ...state, notices: state.notices.filter((n) => n.noticeId !== action.noticeId) };
    case 'selectAgent':
      return state.selectedAgentId === action.agentId && state.view === 'agent'
        ? state
        : { ...state, selectedAgentId: action.agentId, view: 'agent' };
    case 'selectSession':
      return state.selectedSessions[action.agentId] === action.sessionKey
        ? state
        : { ...state, selectedSessions: { ...state.selectedSessions, [action.agentId]: action.sessionKey } };
    case 'showWaiting':
      return state.view === 'waiting' ? state : { ...state, view: 'waiting' };
    case 'showHistory':
      return state.view === 'history' ? state : { ...state, view: 'history' };
    case 'showSession':
      // Already shown (a record's "Tell the agent why…" in the open session): nothing changes, nothing redraws.
      if (state.view === 'agent' && state.selectedAgentId === action.agentId && state.selectedSessions[action.agentId] === action.sessionKey) return state;
      return {
        ...state,
        view: 'agent',
        selectedAgentId: action.agentId,
        selectedSessions: { ...state.selectedSessions, [action.agentId]: action.sessionKey },
      };
    case 'revealItem':
      return revealItem(state, action.itemId);
    case 'stepWaiting': {
      const ids = waitingItems(state.queue).map((i) => i.itemId);
      const target = stepWaiting(ids, action.from ?? state.reveal?.itemId, action.direction);
      return target ? revealItem(state, target, true) : state;
    }
    case 'markSeen': {
      const queued = new Set(state.queue.map((i) => i.itemId));
      const fresh = action.itemIds.filter((id) => !state.seen.has(id) && queued.has(id));
      if (fresh.length === 0) return state;
      return { ...state, seen: new Set([...state.seen, ...fresh]) };
    }
  }
}

/**
 * Selects the item's agent, and its session when it belongs to one, shows the agent view, and asks for the card
 * to be revealed (a narrow window switches to its Requests pane for it). An item not in the queue changes nothing.
 */
function revealItem(state: AppState, itemId: string, into = false): AppState {
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

/** Drops read marks of items that left the queue (returns the same set when none did). */
function pruneSeen(seen: ReadonlySet<string>, queue: QueueItemView[]): ReadonlySet<string> {
  if (seen.size === 0) return seen;
  const ids = new Set(queue.map((i) => i.itemId));
  const kept = [...seen].filter((id) => ids.has(id));
  return kept.length === seen.size ? seen : new Set(kept);
}

/** Applies one bridge event (see `BridgeEvent` in shared/bridge.ts). Unknown event types are ignored. */
export function applyEvent(state: AppState, event: BridgeEvent): AppState {
  switch (event.type) {
    case 'snapshot': {
      const { agents, sessions, queue, defaultCwd, urlMode, historyNotice, mcpServers = [], canPickFolder = false, urlPagesRecordedOnly = false } = event.snapshot;
      let next = { ...state, loaded: true, agents, sessions, queue, defaultCwd, urlMode, mcpServers, canPickFolder, urlPagesRecordedOnly, seen: pruneSeen(state.seen, queue) };
      if (historyNotice && !state.historyNoticeShown) next = { ...addNotice(next, { level: 'error', text: historyNotice }), historyNoticeShown: true };
      if (state.pendingFocus === null) return next;
      // A focus request for an item this snapshot does not have is for an item that is gone.
      return queue.some((i) => i.itemId === state.pendingFocus) ? revealItem(next, state.pendingFocus) : { ...next, pendingFocus: null };
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
    case 'item': {
      const next = { ...state, queue: upsert(state.queue, event.item, (i) => i.itemId === event.item.itemId) };
      return state.pendingFocus === event.item.itemId ? revealItem(next, event.item.itemId) : next;
    }
    case 'itemRemoved': {
      const queue = state.queue.filter((i) => i.itemId !== event.itemId);
      if (queue.length === state.queue.length) return state;
      let seen = state.seen;
      if (seen.has(event.itemId)) {
        const kept = new Set(seen);
        kept.delete(event.itemId);
        seen = kept;
      }
      return { ...state, queue, seen };
    }
    case 'notice':
      return addNotice(state, { level: event.level, agentId: event.agentId, text: event.text });
    case 'requestsArrived':
      return arrivalNotice(state, event.agentId, event.itemIds);
    case 'sessionRemoved': {
      const sessions = state.sessions.filter((s) => s.sessionKey !== event.sessionKey);
      return sessions.length === state.sessions.length ? state : { ...state, sessions };
    }
    case 'historyChanged':
      return { ...state, historyVersion: state.historyVersion + 1 };
    case 'menuCommand':
      // New session acts on the agent view, so leave the waiting list for it.
      return {
        ...state,
        view: event.command === 'newSession' ? 'agent' : state.view,
        menuCommand: { command: event.command, seq: (state.menuCommand?.seq ?? 0) + 1 },
      };
    case 'focusItem':
      // The user clicked the item's OS notification: show it now, or as soon as it arrives.
      return state.queue.some((i) => i.itemId === event.itemId)
        ? revealItem(state, event.itemId)
        : { ...state, pendingFocus: event.itemId };
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
    if (at >= 0) next[at] = { ...next[at], text: joinRevealed(next[at].text, text) };
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

/**
 * After a Decline (issue 12 scope 7): one notice saying so. "Tell the agent why…" is offered in one place only
 * (designer's review, session 19: it was on both the record and the notice): a session's request has it on its
 * record in the transcript, which stays; a request of no session (a sign-in, a prompt's own) has no record, so its
 * notice offers it, addressed to the agent's session on screen, else its newest. An agent with no session gets no
 * notice: there is nowhere to say it.
 */
function declinedNotice(state: AppState, item: QueueItemView): AppState {
  const own = sessionsOfAgent(state.sessions, item.agentId);
  const sessionKey =
    item.scope.kind === 'session'
      ? item.scope.sessionKey
      : (own.find((s) => s.sessionKey === state.selectedSessions[item.agentId]) ?? own[own.length - 1])?.sessionKey;
  if (!sessionKey || !state.sessions.some((s) => s.sessionKey === sessionKey)) return state;
  const agentName = state.agents.find((a) => a.agentId === item.agentId)?.name ?? item.agentName;
  const question = item.mode === 'permission' ? item.title : item.message;
  return addNotice(state, {
    level: 'info',
    agentId: item.agentId,
    // Said as the user did it: a permission's reject option rejects it; a form's or page's Decline declines it.
    text: item.mode === 'permission' ? `You rejected ${agentName}’s permission request.` : `You declined ${agentName}’s request.`,
    action: item.scope.kind === 'session' ? undefined : { kind: 'explain', agentId: item.agentId, sessionKey, question },
  });
}

/**
 * Requests of one agent arrived together: one notice ("Beta is asking you 2 things", with Show for the oldest)
 * unless that agent's Requests are on screen already, where the cards say it themselves. Only requests still
 * waiting count; none left, no notice.
 */
function arrivalNotice(state: AppState, agentId: string, itemIds: string[]): AppState {
  const waiting = itemIds
    .map((id) => state.queue.find((i) => i.itemId === id))
    .filter((i): i is QueueItemView => i !== undefined && waitsForUser(i));
  const first = waiting[0];
  if (!first) return state;
  const shownAgent = state.agents.find((a) => a.agentId === state.selectedAgentId) ?? state.agents[0];
  if (state.view === 'agent' && shownAgent?.agentId === agentId) return state;
  const agentName = state.agents.find((a) => a.agentId === agentId)?.name ?? first.agentName;
  return addNotice(state, { level: 'info', agentId, text: `${askingText(agentName, first.mode, waiting.length)}.`, action: { kind: 'show', itemId: first.itemId } });
}

/**
 * Adds a notice, keeping at most {@link MAX_NOTICES}. An info notice replaces the info notice before it: info
 * notices tell of the latest thing only and go by themselves, so they no longer pile up above the composer
 * (designer's review, session 19); errors wait for the user and stay until dismissed.
 */
function addNotice(state: AppState, notice: Omit<Notice, 'noticeId'>): AppState {
  const withId: Notice = { ...notice, noticeId: state.nextNoticeId };
  if (withId.agentId === undefined) delete withId.agentId;
  if (withId.action === undefined) delete withId.action;
  const kept = withId.level === 'info' ? state.notices.filter((n) => n.level !== 'info') : state.notices;
  const notices = [...kept, withId].slice(-MAX_NOTICES);
  return { ...state, notices, nextNoticeId: state.nextNoticeId + 1 };
}

/**
 * Oldest first: by `arrivedAt`; requests of the same millisecond in the order main received them (`arrivalSeq`),
 * then by `itemId` so the order is stable even for items without one (restored from history).
 */
export function byArrival(a: QueueItemView, b: QueueItemView): number {
  return (
    a.arrivedAt - b.arrivedAt ||
    (a.arrivalSeq ?? 0) - (b.arrivalSeq ?? 0) ||
    (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0)
  );
}

/** The queue items of one agent, oldest first ({@link byArrival}). */
export function queueOfAgent(queue: QueueItemView[], agentId: string): QueueItemView[] {
  return queue.filter((i) => i.agentId === agentId).sort(byArrival);
}

/**
 * Whether an item is still live: waiting for the user's answer, or consented and going on in a page. Completed,
 * refused, withdrawn and disconnected items have ended and only wait to be dismissed.
 */
export function isLive(item: QueueItemView): boolean {
  return item.state === 'pending' || item.state === 'consented';
}

/**
 * An ordered queue split for display: live items first ({@link isLive}), then the ended ones, each part keeping
 * the given order (arrival), so a finished card never sits above a newer request that still needs the user.
 */
export function splitByLive(items: QueueItemView[]): { live: QueueItemView[]; ended: QueueItemView[] } {
  const live: QueueItemView[] = [];
  const ended: QueueItemView[] = [];
  for (const item of items) (isLive(item) ? live : ended).push(item);
  return { live, ended };
}

/** Every agent's items that wait for the user ({@link waitsForUser}), oldest first: the "Waiting for you" list. */
export function waitingItems(queue: QueueItemView[]): QueueItemView[] {
  return queue.filter(waitsForUser).sort(byArrival);
}

/**
 * The waiting request `direction` steps away from `currentId` in `waitingOldestFirst`, wrapping at either end.
 * From nothing (or from an item that no longer waits) Next starts at the oldest and Previous at the newest.
 * Undefined when nothing waits.
 */
export function stepWaiting(waitingOldestFirst: string[], currentId: string | undefined, direction: 1 | -1): string | undefined {
  const count = waitingOldestFirst.length;
  if (count === 0) return undefined;
  const at = currentId === undefined ? -1 : waitingOldestFirst.indexOf(currentId);
  if (at < 0) return waitingOldestFirst[direction === 1 ? 0 : count - 1];
  return waitingOldestFirst[(at + direction + count) % count];
}

/** Whether an item waits for the user and its card has never been on screen. */
export function isUnread(item: QueueItemView, seen: ReadonlySet<string>): boolean {
  return waitsForUser(item) && !seen.has(item.itemId);
}

/** How many unread items ({@link isUnread}) each agent has. */
export function unreadCounts(queue: QueueItemView[], seen: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of queue) {
    if (isUnread(item, seen)) counts.set(item.agentId, (counts.get(item.agentId) ?? 0) + 1);
  }
  return counts;
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

/**
 * What a change was, for how soon React must draw it (shell/use-app-state.ts):
 * - `low` when it may be drawn at a lower priority than anything else: transcript events (streamed text, new
 *   entries), and changes to what is on screen already (a form's draft that main saved, which the card drawn holds
 *   already; a note that requests arrived, for an agent on screen, which raises no notice).
 * - `urgentExceptText` when a new request arrived and the sessions changed only through their transcripts (its
 *   record and the text streamed since): drawn at once with the transcripts as they are on screen, the new text
 *   following once that frame has painted.
 * - `urgent` for everything else (a session's state, such as a turn's end, which is never drawn before its text;
 *   what the user chose).
 */
export type StoreChange = 'low' | 'urgentExceptText' | 'urgent';

/** A minimal subscribable store; each listener is told what kind of change happened ({@link StoreChange}). */
export interface AppStore {
  getState(): AppState;
  dispatch(action: AppAction): void;
  subscribe(listener: (change: StoreChange) => void): () => void;
}

/**
 * How soon `action`, which took the state from `before` to `after`, must be drawn ({@link StoreChange}). A form's
 * own check on arrival saves its draft in main, which sends the item back with that draft: drawn urgently, that was
 * a synchronous render of the whole window for each card, twice as many as the cards themselves in the renderer
 * bench's stream (issue 13).
 */
export function changeOf(action: AppAction, before: AppState, after: AppState): StoreChange {
  if (action.type !== 'events') return 'urgent';
  const mayWait = action.events.every(
    (event) => event.type === 'transcript' || event.type === 'requestsArrived' || (event.type === 'item' && onlyDraftChanged(before.queue, event.item)),
  );
  // Whatever the user must see at once stays urgent, whichever event brought it: a notice, a card to reveal.
  if (mayWait && after.notices === before.notices && after.reveal === before.reveal) return 'low';
  // Only a new request goes before its text: a request's end (withdrawn, answered) is drawn with its record's.
  const arrived = action.events.some((event) => event.type === 'item' && !before.queue.some((i) => i.itemId === event.item.itemId));
  // A session's own state (a turn's end, its title) is drawn with its text; a change of transcripts alone may wait.
  const sessionsChangedOnlyInText = action.events.every((event) => event.type !== 'snapshot' && event.type !== 'session' && event.type !== 'sessionRemoved');
  return arrived && sessionsChangedOnlyInText && after.sessions !== before.sessions ? 'urgentExceptText' : 'urgent';
}

/** Whether `item` is already in `queue` and differs from it only in its saved draft. */
function onlyDraftChanged(queue: QueueItemView[], item: QueueItemView): boolean {
  const known = queue.find((i) => i.itemId === item.itemId);
  if (!known) return false;
  // Items come from main as JSON, so a field-by-field compare of their JSON (the draft left out) is exact.
  return JSON.stringify({ ...known, draft: undefined }) === JSON.stringify({ ...item, draft: undefined });
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
