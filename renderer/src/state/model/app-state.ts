/**
 * The shape of the renderer's state and the actions it takes (state/model/store.ts applies them). What main owns
 * is mirrored here (architecture rule 7); next to it sits what only this window knows: which agent and session are
 * on screen, which card to reveal, and which requests the user has already seen.
 */
import type { BridgeEvent, MenuCommand, Snapshot } from '../../../../shared/bridge';
import type { AgentView } from '../../../../shared/views/agents';
import type { QueueItemView } from '../../../../shared/views/requests';
import type { SessionView } from '../../../../shared/views/sessions';

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
 * composer to tell the agent why ("Tell the agent why…").
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
  /** MCP servers defined in Switchboard. */
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
   * Next / Previous waiting request: reveals the waiting request after (1) or before (-1) `from` (the card in
   * focus) or else the last one revealed, across agents, and focuses into it.
   */
  | { type: 'stepWaiting'; direction: 1 | -1; from?: string }
  /** These items' cards have been on screen: they are read. */
  | { type: 'markSeen'; itemIds: string[] };

/** The state before main's first snapshot. */
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
