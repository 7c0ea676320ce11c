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
 *
 * This file holds the contract only: commands, events and their results. The view types they name (what the
 * renderer draws) live in `shared/views/`, one file per feature, and are imported from there (docs/bridge.md).
 */
import { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_PROMPT_ATTACHMENTS } from './prompt-limits';
import type { FormCheck } from './form-schema/types';
import type { AgentSettingsView, AgentView, McpServerView } from './views/agents';
import type { HistorySessionView, ResumeOption } from './views/history';
import type { LinkConsentView } from './views/links';
import type { QueueItemView, UrlOpenMode } from './views/requests';
import type { SessionView } from './views/sessions';
import type { AppSettingsView } from './views/settings';
import type { TranscriptAppend, TranscriptEntry } from './views/transcript';

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
   * ("Demo agent is asking you 2 things") unless that agent's requests are on screen.
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

/** One piece of prompt content besides the text. */
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
  /** One page of history, newest first; `query` searches titles and transcript text. */
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
  /** One page of the agent's own `session/list`. */
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
