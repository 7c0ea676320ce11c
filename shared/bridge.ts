/**
 * The bridge contract between the renderer and the main process (architecture rule 2).
 *
 * Every command the UI can send and every event it can receive is declared here once, as plain JSON.
 * Electron's preload implements {@link SwitchboardBridge} over IPC; the test harness implements it over a
 * loopback WebSocket. Both end in the same hub (`electron/core/hub.ts`), which validates every payload with
 * {@link commandParamSchemas} before acting on it.
 *
 * Ids crossing this seam are opaque strings minted by the main process (`agentId` comes from the user's
 * config; `sessionKey` and `itemId` are minted by the hub). The renderer never sees JSON-RPC ids,
 * `elicitationId`s or process handles (spec E-REQ-4).
 */
import { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_PROMPT_ATTACHMENTS } from './prompt-limits';
import type { FormCheck, FormDescription, FormValues } from './form-schema/types';
import type { UrlDescription } from './url-description';

/**
 * What comes with a status that says the agent stopped (issue 12, scope 9), so the user sees why without
 * opening its log.
 */
export interface StoppedDetail {
  /**
   * The last lines the agent wrote to its error output, oldest first: at most `STDERR_TAIL_LINES` lines of
   * `STDERR_TAIL_LINE_CHARS` characters (electron/core/agents/stderr-tail.ts), each redacted like a log line
   * (env values, key shapes, URL paths; spec E-PRIV-1). Absent when it wrote nothing.
   */
  stderrTail?: string[];
  /**
   * The setting to check in the agent editor: the command (not found, not executable), the working folder, or
   * the command and its arguments as a whole (`protocol`: it ran, but did not speak ACP at the handshake).
   */
  fix?: 'command' | 'folder' | 'protocol';
}

/** Lifecycle of one configured agent process, as the sidebar shows it. */
export type AgentStatus =
  | { kind: 'starting' }
  | { kind: 'ready' }
  /** The process ended. `code`/`signal` as Node reports them; `message` is a plain sentence for the user. */
  | ({ kind: 'exited'; code: number | null; signal: string | null; message: string } & StoppedDetail)
  /** The agent could not be started or did not complete `initialize`; `message` says why in plain words. */
  | ({ kind: 'failed'; message: string } & StoppedDetail)
  /**
   * The process ended unexpectedly. `restartAt` (ms since the epoch) when an automatic restart is
   * scheduled; absent once it crashed too often and waits for the user's Restart.
   */
  | ({ kind: 'crashed'; code: number | null; signal: string | null; message: string; restartAt?: number } & StoppedDetail)
  /** Turned off by the user: kept in the config, not running. */
  | { kind: 'disabled' };

/** Name and version the agent reported at `initialize` (`agentInfo` in v1, `info` in v2). */
export interface AgentInfoView {
  name: string;
  title?: string;
  version?: string;
}

/** How an agent is started, as the agent editor shows and edits it. */
export interface AgentSettingsView {
  command?: string;
  args: string[];
  /** Environment variables as the user typed them (shown masked by the editor; never logged). */
  env: Record<string, string>;
  cwd?: string;
  builtin?: 'demo';
}

/** One MCP server as the editor shows and edits it (values of `env` and `headers` are masked on screen). */
export type McpServerView =
  | { name: string; type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { name: string; type: 'http' | 'sse'; url: string; headers: Record<string, string> };

/**
 * What the agent said at `initialize` that decides what Switchboard offers it (v1 `agentCapabilities`,
 * v2 `capabilities.session`): the MCP transports it takes, and the prompt content beyond text and links.
 */
export interface AgentCapabilitiesView {
  mcp: { stdio: boolean; http: boolean; sse: boolean };
  prompt: { image: boolean; audio: boolean; embeddedContext: boolean };
}

/** One configured agent (spec E-REQ-7: the configured name plus what the agent says it is). */
export interface AgentView {
  agentId: string;
  name: string;
  settings: AgentSettingsView;
  enabled: boolean;
  /** No OS notification for this agent's requests. */
  muted: boolean;
  status: AgentStatus;
  /** ACP protocol version negotiated on the current connection (spec E-VER), once ready. */
  protocolVersion?: number;
  agentInfo?: AgentInfoView;
  /** Elicitation modes advertised to this agent at `initialize` (spec E-CAP-1, E-CAP-2). */
  advertisedModes: Array<'form' | 'url'>;
  /**
   * Sign-in methods the agent offered at `initialize`. A terminal method has `terminalCommand`: the
   * command line the user runs in a terminal to sign in (Switchboard does not run terminals itself).
   */
  authMethods: Array<{ methodId: string; name: string; description?: string; terminalCommand?: string }>;
  /** A sign-in in progress (its request-scoped elicitations are labelled "while signing in", E-REQ-3). */
  signingIn?: { methodId: string };
  /**
   * The method the user signed in with on this connection: ACP `authenticate` answered with a result (not an
   * error), which is all the protocol says about success. Cleared when the agent restarts, or when it turns a
   * New session down asking for sign-in again.
   */
  signedIn?: { methodId: string };
  /** Names of the MCP servers this agent gets in each session. */
  mcpServers?: string[];
  /** From the current connection's `initialize`, once ready. */
  capabilities?: AgentCapabilitiesView;
  /** Working folders used with this agent, most recent first. */
  recentFolders?: string[];
}

/** One line of a session transcript. Agent text arrives in chunks and is appended to the last agent entry. */
export interface TranscriptEntry {
  entryId: string;
  role: 'user' | 'agent' | 'system';
  /** Plain text: the message itself, or a one-line summary of a tool call, plan or other update. */
  text: string;
  /**
   * What the entry shows; absent means `message`. Agent messages are markdown, rendered without raw
   * HTML; `thought` is shown collapsed; `tool_call` and `plan` carry their details; `file_access` is the
   * visible log of a file the agent read or wrote; `other` is an update kind Switchboard does not know.
   */
  kind?: 'message' | 'thought' | 'tool_call' | 'plan' | 'notice' | 'file_access' | 'terminal' | 'other' | 'request';
  toolCall?: ToolCallView;
  plan?: PlanEntryView[];
  /** `plan`: steps the agent sent past the ones kept (electron/core/budgets.ts MAX_PLAN_STEPS), counted only. */
  planStepsNotShown?: number;
  /** `request`: a question the agent asked in this session and how it ended (history transcripts only). */
  request?: RequestRecordView;
  /** A v2 display terminal (`terminal_update` / `terminal_output_chunk`). */
  terminal?: TerminalView;
  /** What a user prompt carried besides its text (mentioned files, images, attachments), by name. */
  attachments?: string[];
}

/** A display-only terminal the agent runs and reports (ACP v2 `terminal_update`). */
export interface TerminalView {
  terminalId: string;
  command?: string;
  cwd?: string;
  /** The output as text, ANSI escapes kept for the renderer to colour; only the tail is kept. */
  output: string;
  /** Bytes of output dropped from the front to keep it bounded. */
  droppedBytes: number;
  exitStatus?: { exitCode?: number; signal?: string };
}

/** One session mode the agent offers (v1 `modes.availableModes`). */
export interface SessionModeView {
  id: string;
  name: string;
  description?: string;
}

/** One value of a select config option; `group` names its group when the agent groups them. */
export interface ConfigValueView {
  value: string;
  name: string;
  description?: string;
  group?: string;
}

/** One session config option (ACP `SessionConfigOption`), e.g. the model picker. */
export type ConfigOptionView = {
  configId: string;
  name: string;
  description?: string;
  /** ACP's `mode`, `model`, `model_config`, `thought_level`, or the agent's own. */
  category?: string;
} & ({ type: 'select'; currentValue: string; options: ConfigValueView[] } | { type: 'boolean'; currentValue: boolean });

/** A slash command the agent offers (`available_commands_update`). */
export interface CommandView {
  name: string;
  description: string;
  /** What to type after the command, when it takes input. */
  hint?: string;
}

/** Context window use and cost, as the agent last reported it (`usage_update`). */
export interface UsageView {
  /** Tokens in context now. */
  used: number;
  /** Context window size in tokens. */
  size: number;
  cost?: { amount: number; currency: string };
}

/**
 * A request (elicitation or permission) as the session's history keeps it. No form value is stored (form
 * values are never written to disk, spec E-PRIV-1): a field keeps its title, and `secret: true` when it
 * looks secret (spec E-FORM-12).
 */
export interface RequestRecordView {
  mode: 'form' | 'url' | 'permission';
  message: string;
  /**
   * The whole message's size when `message` is only its start (the live transcript keeps MAX_RECORD_MESSAGE_CHARS
   * of it): its lines and UTF-8 bytes, so the record's "Show all" names the size the card names.
   */
  wholeMessage?: { lines: number; bytes: number };
  /**
   * How it ended: `accepted`, `declined`, `cancelled` (by the user), `chosen` (a permission option),
   * `withdrawn` (by the agent), `disconnected` (the agent went away), `completed` (URL mode),
   * `refused`, `stopped` (the user stopped what it belonged to), or `open` while it still waits (shown as "ended when Switchboard closed" once it is history).
   */
  outcome: 'accepted' | 'declined' | 'cancelled' | 'chosen' | 'withdrawn' | 'stopped' | 'disconnected' | 'completed' | 'refused' | 'open';
  /** URL mode: the host only (never the full address, spec E-PRIV-1). */
  host?: string;
  /** Permission: the option chosen. */
  option?: string;
  /**
   * Form: each field's title, and whether it looked secret. The stored record never has a value (spec
   * E-PRIV-1); the live transcript's record of a sent form (`sent`) has `answer`, the sent value in words, for
   * every field that did not look secret (spec E-FORM-12: those are masked, their value is not kept at all).
   */
  fields?: Array<{ name: string; title: string; secret?: boolean; answer?: string }>;
  /** Live transcript only, never stored: the form was sent and `fields` carry what was sent (issue 12 scope 6). */
  sent?: boolean;
  /**
   * Live transcript, and History's view of a session that is live now, only: the request still waits for the user
   * (outcome `open`), its card is in the queue. Never stored.
   */
  waiting?: boolean;
}

/** A tool call as the agent last described it. */
export interface ToolCallView {
  toolCallId: string;
  title: string;
  /** ACP `kind`: read, edit, delete, move, search, execute, think, fetch, other… */
  toolKind?: string;
  /** pending, in_progress, completed, failed, cancelled… (unknown values shown as they are). */
  status?: string;
  /**
   * The user answered this tool call's permission request with one of the agent's reject options (ACP
   * `reject_once` / `reject_always`). A `failed` that follows is the agent reporting that refusal, not an error:
   * ACP v1 has no other status for it (designer's review, session 17: it showed as a red "Failed").
   */
  rejectedByUser?: boolean;
  content: ToolContentView[];
  locations: Array<{ path: string; line?: number }>;
  /**
   * Set when the tool call was still `pending`/`in_progress` as its turn ended, its connection was lost,
   * or it came from a replay or the history: why it will not finish ("stopped", "agent disconnected", …).
   */
  ended?: string;
}

/** One piece of a tool call's content. Diffs are capped for display; `truncatedLines` says how much was left out. */
export type ToolContentView =
  | { type: 'text'; text: string }
  | { type: 'diff'; path: string; oldText?: string; newText?: string; patch?: string; truncatedLines?: number }
  | { type: 'terminal'; terminalId: string }
  | { type: 'other'; label: string };

/** One step of an agent's plan. */
export interface PlanEntryView {
  content: string;
  priority?: string;
  status?: string;
}

/**
 * A session's foreground state (spec E-STATE-1): from the agent's own `state_update` in v2; in v1
 * derived from what the client can see, and marked `derived` so the UI can say so. An unknown v2 state
 * shows as `busy`, never as idle.
 */
export type ForegroundView =
  | { state: 'idle'; derived: boolean; stopReason?: string }
  | { state: 'running'; derived: boolean }
  | { state: 'requires_action'; derived: boolean }
  | { state: 'busy'; derived: false; reported: string };

/** Text streamed onto the end of an existing transcript entry. */
export interface TranscriptAppend {
  entryId: string;
  text: string;
}

/** One ACP session of one agent. */
export interface SessionView {
  /** Opaque key minted by the hub; commands address the session with it. */
  sessionKey: string;
  agentId: string;
  /** The agent's `sessionId`, for display only. */
  sessionId: string;
  cwd: string;
  title?: string;
  /** True while a `session/prompt` is in flight (the Stop button is enabled). */
  promptInFlight: boolean;
  /** `stopReason` of the last finished prompt turn (`end_turn`, `cancelled`, …). */
  lastStopReason?: string;
  transcript: TranscriptEntry[];
  /** The agent's slash commands, from `session/new` (v2) and `available_commands_update`. */
  suggestions: CommandView[];
  /** v1 session modes, when the agent offers them. */
  modes?: { currentModeId: string; available: SessionModeView[] };
  /** Config options (model, effort, v2 mode…) with their current values. */
  configOptions?: ConfigOptionView[];
  usage?: UsageView;
  /** The MCP servers sent in `session/new`, and those left out with the reason. */
  mcp?: { sent: string[]; skipped: Array<{ name: string; reason: string }> };
  /** running / idle / waiting for you (spec E-STATE-1, E-STATE-2). */
  foreground: ForegroundView;
  /** This session's record in Switchboard's history. */
  historyId?: string;
  /** How this live session began: new, resumed or loaded from the agent, or continued from an ended one. */
  origin?: 'new' | 'resumed' | 'loaded' | 'continued';
  /**
   * Set once the agent connection that served this session has ended (a restart, a crash, a stop): the session
   * can take no more prompts; it stays readable, and can be resumed from History or replaced by a new one.
   */
  ended?: true;
}

/** One past or live session in the History view (issue 10, scope 2 and 3). Times are ms since the epoch. */
export interface HistorySessionView {
  /** Absent for a session only the agent knows (`source: 'agent'`). */
  historyId?: string;
  source: 'switchboard' | 'agent';
  agentId: string;
  agentName: string;
  sessionId: string;
  cwd: string;
  title?: string;
  createdAt?: number;
  lastActivity?: number;
  lastStopReason?: string;
  /** Live now: the key of its open session. */
  liveSessionKey?: string;
  /** Why it ended, in words ("closed", "ended when Switchboard closed", "agent disconnected"). */
  endedReason?: string;
  /** The stored transcript reached its size cap; the rest was not kept. */
  truncated?: boolean;
}

/**
 * What the agent lets Switchboard do with one of its past sessions now: `resume` (v1/v2 `session/resume`),
 * `load` (v1 `session/load`, replays the conversation), or `none` with `reason` (then only Continue).
 */
export interface ResumeOption {
  how: 'resume' | 'load' | 'none';
  reason?: string;
}

/** What a queue item belongs to (spec E-REQ-2, E-REQ-3, E-REQ-7). */
export type ItemScope =
  | {
      kind: 'session';
      sessionKey: string;
      sessionId: string;
      sessionTitle?: string;
      toolCallId?: string;
      toolCallTitle?: string;
    }
  /** Request-scoped: belongs to one of our pending requests to the agent; `label` says which, e.g. "while signing in". */
  | { kind: 'request'; label?: string };

/**
 * Lifecycle of a queue item as the user sees it.
 * - `pending`: waiting for the user (a form to fill, or a URL to consent to).
 * - `consented` (URL mode): the user chose Open, `accept` was sent, the page is open; Reopen and Cancel
 *   stay available until the agent's `elicitation/complete` (spec E-URL-6).
 * - `completed` (URL mode): the agent reported completion; its window was closed (spec E-URL-8).
 * - `refused`: Switchboard refused the request before the user saw it, and `refusedReason` says why in plain words:
 *   a URL refused outright, answered `decline` (spec E-URL-4), an invalid form, answered -32602 (E-FORM-10), or
 *   a URL over the length Switchboard takes, answered -32602.
 * - `withdrawn`: the agent sent `$/cancel_request` of its own accord (spec E-CXL-1); typed values stay readable.
 * - `cancelled` (form mode): the user cancelled it with Escape, which keeps the card and its typed values readable
 *   until dismissed (the Cancel button lets the card go); the agent was answered `cancel`.
 * - `stopped`: the request ended because the user ended what it belonged to: Stop on its session's turn (the agent
 *   then withdrew it; spec E-CXL-3 keeps it open until it does), or Cancel on the sign-in it was asked during.
 *   Typed values stay readable.
 * - `disconnected`: the agent's process exited or its connection closed (spec E-CXL-4).
 * - `app-closed`: the request was still open when Switchboard quit, so it ended unanswered; only an item restored
 *   from an earlier run (history) has this state.
 * Every state but `pending` and `consented` has ended and only waits to be dismissed.
 */
export type ItemState =
  | 'pending'
  | 'consented'
  | 'completed'
  | 'refused'
  | 'withdrawn'
  | 'cancelled'
  | 'stopped'
  | 'disconnected'
  | 'app-closed';

/** Where a consented URL-mode page opens (spec E-URL-5): the sealed in-app window or the OS browser. */
export type UrlOpenMode = 'app-window' | 'system-browser';

/** What every queue item has, whatever its mode. */
interface QueueItemBase {
  itemId: string;
  agentId: string;
  /** The agent's configured name, and what it reported at `initialize` (spec E-REQ-7). */
  agentName: string;
  agentInfo?: AgentInfoView;
  scope: ItemScope;
  /** Shown as plain text, never as HTML or links (spec E-REQ-6). */
  message: string;
  state: ItemState;
  /** Milliseconds since the epoch when the request arrived; the queue is ordered by it. */
  arrivedAt: number;
  /**
   * Receipt order within this run of Switchboard (1, 2, 3…): breaks ties between requests that arrived in the
   * same millisecond, so they show in the order they were received. Absent on items restored from history.
   */
  arrivalSeq?: number;
  /** Why a `refused` request was refused, in plain words (spec E-URL-4, E-FORM-10). */
  refusedReason?: string;
}

/** A form-mode elicitation. */
export interface FormItemView extends QueueItemBase {
  mode: 'form';
  /**
   * The form as main described it once from the agent's `requestedSchema` (spec E-FORM-1..3, E-FORM-9, E-FORM-12;
   * architecture rule 10): its title, description and fields with their limits, display text already revealed and
   * secret-looking fields marked. The raw schema stays in main. No fields for a refused form, and for an ended one
   * the user typed nothing into whose schema was too large to keep.
   */
  form: FormDescription;
  /** The user's typed values so far, kept in main so a renderer reload loses nothing (architecture rule 7). */
  draft?: FormValues;
  /**
   * The form is one plain text field and its message (or schema description) asks for a secret: main treats that
   * field as secret (spec E-FORM-12; shared/form-schema/secrets.ts `withSoleFieldSecret`), and so does the card.
   */
  secretByMessage?: true;
}

/** A URL-mode elicitation, with main's analysis of its address for the consent view (architecture rule 10). */
export interface UrlItemView extends QueueItemBase {
  mode: 'url';
  /** The URL exactly as the agent sent it; shown in full, never as a live link (spec E-URL-3). */
  url: string;
  /**
   * Set when the address was over the length Switchboard takes (`MAX_URL_CHARS`): its length in characters. The
   * item is then `refused`, `url` holds only the address's start, and the agent was answered -32602.
   */
  urlLength?: number;
  /**
   * What main found in `url` (spec E-URL-3, E-URL-4; shared/url-description.ts): the host to emphasise, the warnings
   * to show, whether it can be opened. Absent when the address was too long to analyse (`urlLength`).
   */
  analysis?: UrlDescription;
  /** After consent: where it was opened. */
  openedIn?: UrlOpenMode;
  /** After consent in the app window: whether that window is still open (the user may close it). */
  windowOpen?: boolean;
}

/**
 * Why a link the user clicked in an agent's message waits for their go-ahead, as main found it (spec E-URL-3,
 * E-URL-4): the dialog names `host` from main's parse of the address, never the link's text.
 */
export interface LinkConsentView {
  /** The re-serialised address that Open opens, in full. */
  address: string;
  /** The real host, its actual (ASCII, `xn--`) name; a very long one keeps its end after "…". */
  host: string;
  /** The registrable domain `host` ends with (`example.net` in `login.example.net`), to emphasise; absent for IP addresses and `localhost`. */
  domain?: string;
  /** How the host would be displayed (Unicode), when that differs from `host`: it may imitate another name. */
  hostUnicode?: string;
  /** Plain sentences, at least one: the link's text naming another host, then URL mode's warnings. */
  warnings: string[];
}

/** One choice of a permission request; `kind` is ACP's allow_once, allow_always, reject_once, reject_always… */
export interface PermissionOptionView {
  optionId: string;
  name: string;
  kind: string;
}

/** A `session/request_permission` from the agent, queued like an elicitation. */
export interface PermissionItemView extends QueueItemBase {
  mode: 'permission';
  /** What the agent wants to do: the tool call's title (v1) or the request's own title (v2). */
  title: string;
  description?: string;
  /** A command the agent wants to run, when it says so (v2 `subject.command`, else the tool call's `rawInput`). */
  command?: string;
  /** The tool call's ACP `kind` (delete, move, execute…), from the request or the session's tool call. */
  toolKind?: string;
  /** The files or folders the tool call names (its `locations`, then `rawInput` paths), at most 20. */
  paths?: string[];
  options: PermissionOptionView[];
}

/** One item in an agent's queue: an elicitation (form or URL) or a permission request. */
export type QueueItemView = FormItemView | UrlItemView | PermissionItemView;

/** Everything the renderer needs to draw itself from scratch, e.g. after a reload. */
export interface Snapshot {
  agents: AgentView[];
  sessions: SessionView[];
  queue: QueueItemView[];
  /** Default working folder offered for a new session (the user's home). */
  defaultCwd: string;
  /** MCP servers defined in Switchboard. */
  mcpServers?: McpServerView[];
  /** The host can show a folder picker (Electron's dialog); the harness cannot. */
  canPickFolder?: boolean;
  /** Where consented URL-mode pages open by default; `off` when URL mode is not advertised (spec E-CAP-2). */
  urlMode: UrlOpenMode | 'off';
  /**
   * The host records consented pages instead of opening them (the test harness: no BrowserWindow, no browser
   * started), so the URL card must not say a page opened. Absent in the app.
   */
  urlPagesRecordedOnly?: boolean;
  /** A plain sentence about the history file found at start (e.g. moved aside as unreadable). */
  historyNotice?: string;
}

/**
 * The app's own preferences as the Settings view shows them (main's `settings.json`; the theme is the
 * renderer's own, in localStorage). Agents and MCP servers are set up elsewhere.
 */
export interface AppSettingsView {
  /** Check for, download and offer updates automatically. Saved even where updates cannot run. */
  autoUpdates: boolean;
  /**
   * Why this copy of Switchboard never checks for updates whatever the setting, as a plain sentence (an
   * unpackaged or harness run, a build without a feed); absent where updates can run.
   */
  updatesUnavailable?: string;
}

/** Events from main to the renderer. The hub coalesces them into batches (architecture rule 6). */
export type BridgeEvent =
  | { type: 'snapshot'; snapshot: Snapshot }
  | { type: 'agent'; agent: AgentView }
  /** Session fields changed (a new session starts with an empty transcript; entries come as `transcript`). */
  | { type: 'session'; session: Omit<SessionView, 'transcript'> & { transcript?: TranscriptEntry[] } }
  /**
   * Transcript changes: `upserts` are whole entries (new, or replaced by `entryId`); `appends` is text
   * streamed onto existing entries, sent as the new text only so a long reply costs its length once.
   * Apply upserts first, then appends.
   */
  | { type: 'transcript'; sessionKey: string; upserts: TranscriptEntry[]; appends?: TranscriptAppend[] }
  | { type: 'item'; item: QueueItemView }
  | { type: 'itemRemoved'; itemId: string }
  /** A plain sentence for the user about something that went wrong outside any card. */
  | { type: 'notice'; level: 'info' | 'error'; agentId?: string; text: string }
  /** Bring this item into view and focus it (the user clicked its OS notification). */
  | { type: 'focusItem'; itemId: string }
  /**
   * Requests of one agent (not muted) that arrived together, oldest first: the renderer tells the user once
   * ("Demo agent is asking you 2 things") unless that agent's requests are on screen (issue 12 scope 4).
   */
  | { type: 'requestsArrived'; agentId: string; itemIds: string[] }
  /** A session was closed: it is no longer live (its history stays). */
  | { type: 'sessionRemoved'; sessionKey: string }
  /** The history changed (a session started, ended, was renamed or deleted): a History view re-lists. */
  | { type: 'historyChanged' }
  /** The user chose one of the app's commands in the native menu (or its accelerator); the renderer acts on it. */
  | { type: 'menuCommand'; command: MenuCommand };

/**
 * Menu commands the renderer carries out: `newSession` (start a session with the selected agent),
 * `addAgent` (open the agent editor), `settings` (show the app's settings), `nextWaitingRequest` /
 * `previousWaitingRequest` (move focus into the waiting request after / before the one in focus, across agents;
 * their keys are in shared/shortcuts.ts).
 */
export type MenuCommand = 'newSession' | 'addAgent' | 'settings' | 'nextWaitingRequest' | 'previousWaitingRequest';

const id = z.string().min(1).max(200);

const nameValues = z.record(z.string().min(1).max(200), z.string().max(100_000));
const mcpServerSchema = z.union([
  z.object({ name: z.string().trim().min(1).max(100), type: z.literal('stdio'), command: z.string().min(1).max(4096), args: z.array(z.string().max(4096)).max(200), env: nameValues }).strict(),
  z.object({ name: z.string().trim().min(1).max(100), type: z.enum(['http', 'sse']), url: z.string().min(1).max(8192), headers: nameValues }).strict(),
]);

/** One piece of prompt content besides the text (issue 11, scope 5). */
const attachmentSchema = z.union([
  /** A file of the session's folder, mentioned with @: sent as `resource_link`, or embedded where the agent takes it. */
  z.object({ type: z.literal('file'), path: z.string().min(1).max(4096) }).strict(),
  /** A pasted or dropped image, base64 (at most MAX_IMAGE_BYTES decoded). */
  z.object({ type: z.literal('image'), name: z.string().max(200), mimeType: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']), data: z.string().max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4) }).strict(),
  /** Long pasted text, sent as an embedded resource (or as text where the agent takes no embedded context). */
  z.object({ type: z.literal('text'), name: z.string().max(200), text: z.string().max(1_000_000) }).strict(),
]);
export type PromptAttachment = z.infer<typeof attachmentSchema>;

/** Zod schemas of every command's params: the hub parses every incoming command with these. */
export const commandParamSchemas = {
  getSnapshot: z.object({}).strict(),
  newSession: z.object({ agentId: id, cwd: z.string().min(1).max(4096).optional() }).strict(),
  prompt: z
    .object({
      sessionKey: id,
      text: z.string().max(1_000_000),
      /** Files mentioned with @ (paths relative to the session's folder), images, long text pasted as an attachment. */
      attachments: z.array(attachmentSchema).max(MAX_PROMPT_ATTACHMENTS).optional(),
    })
    .strict(),
  /** v1 `session/set_mode`. */
  setSessionMode: z.object({ sessionKey: id, modeId: z.string().min(1).max(200) }).strict(),
  /** `session/set_config_option`; a boolean for a boolean option, a value id otherwise. */
  setSessionConfigOption: z.object({ sessionKey: id, configId: z.string().min(1).max(200), value: z.union([z.string().min(1).max(200), z.boolean()]) }).strict(),
  /** Replaces the MCP servers defined in Switchboard. */
  saveMcpServers: z.object({ servers: z.array(mcpServerSchema).max(100) }).strict(),
  /** Checks a working folder before a session starts: exists, is a folder, readable. */
  checkFolder: z.object({ path: z.string().min(1).max(4096) }).strict(),
  /** Shows the host's folder picker (Electron only; see `Snapshot.canPickFolder`). */
  pickFolder: z.object({ defaultPath: z.string().max(4096).optional() }).strict(),
  /** Files of a session's folder whose path matches `query` fuzzily, `.gitignore` respected (the @ finder). */
  findFiles: z.object({ sessionKey: id, query: z.string().max(500) }).strict(),
  cancelPrompt: z.object({ sessionKey: id }).strict(),
  answerElicitation: z
    .object({
      itemId: id,
      /** The agent the renderer believes the item belongs to; main rejects the answer if it does not. */
      agentId: id,
      action: z.enum(['accept', 'decline', 'cancel']),
      /** Raw form values; main converts them to wire `content` (spec E-FORM-7, E-FORM-8). Only with accept. */
      values: z.record(z.string(), z.unknown()).optional(),
      /** URL mode: the user's per-request choice of where to open the page; default from settings. */
      openIn: z.enum(['app-window', 'system-browser']).optional(),
      /**
       * Form mode, with `cancel` only (the card's Escape): keep the item, ended as `cancelled`, with its draft
       * readable until dismissed, rather than removing it. The agent's answer is the same `cancel` either way.
       */
      keepDraft: z.boolean().optional(),
    })
    .strict(),
  /** A permission request: the chosen option, or none for "cancelled" (the user dismissed it). */
  answerPermission: z.object({ itemId: id, agentId: id, optionId: z.string().min(1).max(500).optional() }).strict(),
  /** URL mode, after consent: open the page again (spec E-URL-6). */
  reopenUrl: z.object({ itemId: id, agentId: id }).strict(),
  /** Sign in with one of the agent's `authMethods` (`authenticate` in v1, `auth/login` in v2). */
  authenticate: z.object({ agentId: id, methodId: z.string().min(1).max(200) }).strict(),
  /** Gives up a pending sign-in: `$/cancel_request` for it (spec E-CXL). */
  cancelAuthenticate: z.object({ agentId: id }).strict(),
  /** Adds an agent (no `agentId`) or changes one; a changed command restarts it. */
  saveAgent: z
    .object({
      agentId: id.optional(),
      name: z.string().trim().min(1).max(100),
      command: z.string().min(1).max(4096).optional(),
      args: z.array(z.string().max(4096)).max(200),
      env: z.record(z.string().min(1).max(200), z.string().max(100_000)),
      cwd: z.string().min(1).max(4096).optional(),
      builtin: z.literal('demo').optional(),
      enabled: z.boolean().optional(),
      muted: z.boolean().optional(),
      /** Names of the MCP servers the agent gets; absent keeps the agent's current choice. */
      mcpServers: z.array(z.string().min(1).max(100)).max(100).optional(),
    })
    .strict(),
  removeAgent: z.object({ agentId: id }).strict(),
  /** Moves an agent to position `toIndex` (0-based) in the sidebar. */
  moveAgent: z.object({ agentId: id, toIndex: z.number().int().min(0).max(1000) }).strict(),
  setAgentFlags: z.object({ agentId: id, enabled: z.boolean().optional(), muted: z.boolean().optional() }).strict(),
  /** Reads the `agent_servers` of a Zed settings.json the user picked (JSON with comments). */
  importZedSettings: z.object({ text: z.string().max(5_000_000) }).strict(),
  /** The agent's recent stderr, with recognisable secrets redacted. */
  getAgentLog: z.object({ agentId: id }).strict(),
  /**
   * Opens a link the user clicked in an agent's message in the system browser. Only https and loopback
   * http addresses are opened (the same analysis as URL mode); anything else is refused with a sentence. An
   * address URL mode would warn about, or one whose `text` (the link's visible text) names another host, is not
   * opened but answered `confirm`; it opens when sent again with `confirmed: true` after the user's Open (main
   * checks it again then; spec E-URL-3, E-URL-4).
   */
  openExternal: z.object({ url: z.string().min(1).max(8192), text: z.string().max(8192).optional(), confirmed: z.literal(true).optional() }).strict(),
  saveDraft: z.object({ itemId: id, values: z.record(z.string(), z.unknown()) }).strict(),
  /** Main's verdict on a form's values, which it does not keep (the values a card starts with are no draft). */
  checkFormValues: z.object({ itemId: id, values: z.record(z.string(), z.unknown()) }).strict(),
  dismissItem: z.object({ itemId: id }).strict(),
  restartAgent: z.object({ agentId: id }).strict(),
  /** One page of history, newest first; `query` searches titles and transcript text (issue 10, scope 2). */
  listHistory: z.object({ query: z.string().max(200).optional(), cursor: z.string().max(300).optional() }).strict(),
  /** A past session read-only: its record, stored transcript and what its agent allows now. */
  openHistory: z.object({ historyId: id }).strict(),
  /** Resumes a past session with its agent (`session/resume`, else v1 `session/load`). */
  resumeHistory: z.object({ historyId: id }).strict(),
  /** Starts a new session with the same agent and folder, the old transcript shown above it. */
  continueHistory: z.object({ historyId: id }).strict(),
  /** Deletes a past session: `session/delete` where advertised, then the local copy. */
  deleteHistory: z.object({ historyId: id }).strict(),
  /** Closes a live session's tab: `session/close` where advertised; its history stays. */
  closeSession: z.object({ sessionKey: id }).strict(),
  /** One page of the agent's own `session/list` (issue 10, scope 3). */
  listAgentSessions: z.object({ agentId: id, cursor: z.string().max(4096).optional() }).strict(),
  /** Opens a session only the agent knows: resumed with a replay (v2) or loaded (v1) so its conversation shows. */
  openAgentSession: z.object({ agentId: id, sessionId: z.string().min(1).max(500), cwd: z.string().min(1).max(4096), title: z.string().max(500).optional() }).strict(),
  /** The app's own preferences (the Settings view). */
  getAppSettings: z.object({}).strict(),
  /** Changes the app's own preferences; fields left out stay as they are. */
  setAppSettings: z.object({ autoUpdates: z.boolean().optional() }).strict(),
} as const;

/** Result type of each command. */
export interface CommandResults {
  getSnapshot: Snapshot;
  newSession: { sessionKey: string };
  /** v1: resolves when the turn ends, with its stop reason. v2: resolves once the agent took the prompt; the turn's end arrives as a session event. */
  prompt: { stopReason?: string };
  cancelPrompt: Record<string, never>;
  answerElicitation: Record<string, never>;
  /** Saves the draft in main and returns main's verdict on it (ajv + re2, spec E-FORM-5, E-FORM-6). */
  saveDraft: FormCheck;
  /** Main's verdict on the values, as `saveDraft` gives it, with nothing saved or broadcast. */
  checkFormValues: FormCheck;
  dismissItem: Record<string, never>;
  reopenUrl: Record<string, never>;
  answerPermission: Record<string, never>;
  authenticate: Record<string, never>;
  cancelAuthenticate: Record<string, never>;
  saveAgent: { agentId: string };
  removeAgent: Record<string, never>;
  moveAgent: Record<string, never>;
  setAgentFlags: Record<string, never>;
  importZedSettings: {
    agents: Array<Omit<AgentSettingsView, 'builtin'> & { name: string; command: string }>;
    /** Zed's `context_servers`, as MCP servers. */
    mcpServers: McpServerView[];
    skipped: Array<{ name: string; reason: string }>;
  };
  setSessionMode: Record<string, never>;
  setSessionConfigOption: Record<string, never>;
  saveMcpServers: Record<string, never>;
  /** `ok` false with a plain sentence saying why the folder cannot be used. */
  checkFolder: { ok: true; path: string } | { ok: false; reason: string };
  pickFolder: { path?: string };
  /** Paths relative to the session's folder, best match first. */
  findFiles: { paths: string[]; truncated: boolean };
  getAgentLog: { text: string };
  /** `opened`: handed to the system browser. `confirm`: nothing opened; ask the user (see {@link LinkConsentView}). */
  openExternal: { opened: true } | { confirm: LinkConsentView };
  restartAgent: Record<string, never>;
  listHistory: { sessions: HistorySessionView[]; nextCursor?: string };
  openHistory: { session: HistorySessionView; transcript: TranscriptEntry[]; omitted: number; resume: ResumeOption };
  resumeHistory: { sessionKey: string };
  continueHistory: { sessionKey: string };
  deleteHistory: { agentNotice?: string };
  closeSession: Record<string, never>;
  listAgentSessions: { sessions: HistorySessionView[]; nextCursor?: string; supported: boolean };
  openAgentSession: { sessionKey: string };
  getAppSettings: AppSettingsView;
  /** The settings as saved. */
  setAppSettings: AppSettingsView;
}

export type CommandName = keyof typeof commandParamSchemas;
export type CommandParams<K extends CommandName> = z.input<(typeof commandParamSchemas)[K]>;
/** A command's params after the hub parsed them with its schema (defaults applied, types narrowed). */
export type CommandInput<K extends CommandName> = z.output<(typeof commandParamSchemas)[K]>;

/**
 * The one object the renderer depends on: `window.switchboard` in Electron, a WebSocket client in the
 * harness. `invoke` rejects with an `Error` whose message is a plain sentence for the user.
 */
export interface SwitchboardBridge {
  invoke<K extends CommandName>(command: K, params: CommandParams<K>): Promise<CommandResults[K]>;
  /** Subscribes to event batches; returns the unsubscribe function. */
  subscribe(listener: (events: BridgeEvent[]) => void): () => void;
}

export { IPC_EVENTS_CHANNEL, IPC_INVOKE_CHANNEL } from './bridge-channels';

/** Type guard for a command name received from an untrusted peer. */
export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && Object.hasOwn(commandParamSchemas, value);
}
