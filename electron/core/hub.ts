/**
 * The hub: the one object the UI talks to (architecture rule 3). Commands in, event batches out.
 *
 * It owns the agents (process + ACP connection each), their sessions and transcripts, and the elicitation
 * broker. It runs the same in Electron and in the test harness; neither host adds behaviour of its own.
 * All state lives here (architecture rule 7): a reloaded renderer asks `getSnapshot` and loses nothing.
 */
import { randomUUID } from 'node:crypto';
import { isAbsolute } from 'node:path';
import {
  commandParamSchemas,
  isCommandName,
  type BridgeEvent,
  type CommandInput,
  type CommandName,
  type CommandResults,
  type PromptAttachment,
  type MenuCommand,
  type Snapshot,
} from '../../shared/bridge';
import type { AgentView, AgentSettingsView, StoppedDetail } from '../../shared/views/agents';
import type { QueueItemView, RequestRecordView } from '../../shared/views/requests';
import type { AppSettingsView } from '../../shared/views/settings';
import { RequestError } from '@agentclientprotocol/sdk';
import type { AuthMethodInfo, ConnectionCallbacks, ElicitationMode, PermissionRequest } from './acp/agent-connection';
import { terminalSignIn, type TerminalSignIn } from './acp/terminal-sign-in';
import { checkLink } from './link-check';
import { permissionTargets } from './acp/permission-targets';
import { PROMPT_LABEL, SIGN_IN_LABEL } from './acp/request-labels';
import { connectAgentInWorker, endedByAgent, type RemoteConnection } from './acp/worker/connection-proxy';
import { OutputBeforeReady } from './acp/worker/output-before-ready';
import { HandshakeFailed, MAX_PRINTED_BYTES, MAX_QUOTED_OUTPUT_CHARS, exitedClause, handshakeSentence } from './acp/handshake-failure';
import { BudgetExceeded, MAX_AGENT_ERROR_CHARS, stoppedSentence } from './budgets';
import { mcpServersFor, type McpServerSelection } from './acp/capabilities';
import { buildPrompt } from './sessions/prompt-content';
import { findFiles } from './sessions/file-finder';
import { checkFolder, defaultFolder, rememberFolder } from './sessions/working-folder';
import { Session } from './sessions/session';
import { SessionRegistry } from './sessions/session-registry';
import { startAgentProcess, type ExitInfo, type LaunchSpec } from './agents/agent-process';
import type { RunningAgent, RunningAgentOptions } from './agents/running-agent';
import { parseAgentsConfig, type AgentConfig, type AgentsConfig } from './config/config';
import { moveAgent, removeAgent, upsertAgent, type AgentInput } from './config/config-edit';
import type { ConfigStore } from './config/config-store';
import { quoteForUser, redactLogLine, redactSecrets } from './agents/redact';
import { stderrTail } from './agents/stderr-tail';
import { RestartPolicy } from './agents/restart-policy';
import { importZedSettings } from './config/zed-import';
import { ElicitationBroker, type ConnectionRef } from './elicitation/broker';
import { EventBatcher } from './event-batcher';
import { FORM_WARM_UP_DELAY_MS, warmFormPath } from './elicitation/form-warm-up';
import type { UrlOpener } from './url-opener';
import { HistoryStore, PRUNE_BATCH, type HistoryRecord, type HistoryRecordInput } from './history/history-store';
import { ENDED, HistoryRecorder, outcomeOf, recordEntryId } from './history/history-recorder';
import { liveRequestEntry } from './elicitation/live-record';
import { endedEntries, liveEntries } from './sessions/transcript';
import { updatesUnavailableReason } from './update-availability';
import type { HistorySessionView, ResumeOption } from '../../shared/views/history';
import type { TranscriptEntry } from '../../shared/views/transcript';

/**
 * How the host runs a built-in agent (`"builtin": "demo"` in the config): either a command run as a child
 * process on stdio (the harness and tests: Node running out/main/demo-agent.js), or `start`, a host-made
 * byte transport (Electron release builds: a utilityProcess spoken to over its message port, because the
 * runAsNode fuse is off). Either way the agent is a genuine ACP peer behind the SDK's streams.
 */
export type BuiltinAgentLaunch =
  | { command: string; args: string[]; env?: Record<string, string> }
  | {
      /** Starts the agent; throws a plain sentence when it cannot. `env` is the config's `env` for it. */
      start: (options: RunningAgentOptions) => RunningAgent;
      env?: Record<string, string>;
    };

export interface HubOptions {
  config: AgentsConfig;
  builtinAgents: Record<string, BuiltinAgentLaunch>;
  /** Default cwd offered for new sessions (the user's home). */
  defaultCwd: string;
  /** Diagnostic log sink; never receives form values or full URLs (spec E-PRIV-1). */
  log?: (line: string) => void;
  /** Event batch period in ms (architecture rule 6); default 16. */
  batchIntervalMs?: number;
  /** How long an agent may take to answer `initialize`, in ms; default INITIALIZE_TIMEOUT_MS (budgets.ts). */
  initializeTimeoutMs?: number;
  /**
   * Opens consented URL-mode pages (spec E-URL-5): Electron's sealed window or the system browser; the
   * harness records instead. Without one, URL mode is not advertised (spec E-CAP-2).
   */
  urlOpener?: UrlOpener;
  /** Where edits from the agent editor are saved; without one they last until the app quits. */
  configStore?: ConfigStore;
  /** Told when a request starts waiting for the user (OS notification, dock badge); see {@link AttentionSink}. */
  attention?: AttentionSink;
  /** Opens a checked, re-serialised https (or loopback http) address in the system browser. */
  openExternal?: (url: string) => void;
  /** Shows the host's folder picker (Electron's dialog); resolves with the folder, or undefined if cancelled. */
  pickFolder?: (defaultPath?: string) => Promise<string | undefined>;
  /**
   * The session history file (SQLite; the user-data folder in the app, `--data DIR` in the harness).
   * Without one, history is kept in memory until the hub stops (issue 10, scope 1).
   */
  historyFile?: string;
  /**
   * The app's own preferences (Electron: `settings.json`, and the updater follows them). Without it (the
   * harness) they live in memory and updates never run, which the Settings view says.
   */
  appSettings?: AppSettingsHost;
}

/** Where the app's own preferences live and what changing them does (electron/main/app-lifecycle.ts). */
export interface AppSettingsHost {
  read(): AppSettingsView;
  /** Saves `patch` over the current settings and acts on it (starts or stops the updater); returns the result. */
  update(patch: Partial<Pick<AppSettingsView, 'autoUpdates'>>): AppSettingsView;
}

/**
 * The preferences of a run with no host for them (the harness): in memory. `updatesUnavailable` is why updates
 * never run here (default: the harness's own reason, update-availability.ts); the e2e suite passes null to stand
 * in for main's host in a copy that can update.
 */
export function memoryAppSettings(updatesUnavailable: string | null = updatesUnavailableReason({ kind: 'harness' })): AppSettingsHost {
  let autoUpdates = true;
  const read = (): AppSettingsView => ({ autoUpdates, ...(updatesUnavailable === null ? {} : { updatesUnavailable }) });
  return {
    read,
    update: (patch) => {
      autoUpdates = patch.autoUpdates ?? autoUpdates;
      return read();
    },
  };
}

/** A bridge command's handler: params as parsed by its schema, the command's result (or a promise of it). */
type CommandHandler<K extends CommandName> = (params: CommandInput<K>) => CommandResults[K] | Promise<CommandResults[K]>;
type CommandHandlers = { [K in CommandName]: CommandHandler<K> };

/** The host's side of "someone is waiting for you" (issue "Running many agents", scope 3). */
export interface AttentionSink {
  /**
   * New requests from an agent that is not muted: one call for all those that arrived together (within
   * {@link ARRIVAL_GATHER_MS}), so two questions asked at once make one notification (issue 12 scope 4). `itemId`
   * and `kind` are the oldest one's, `count` how many arrived. Names the agent and the kind, never the content.
   */
  itemArrived(info: { itemId: string; agentId: string; agentName: string; kind: 'form' | 'url' | 'permission'; count: number }): void;
  /** How many requests wait for the user now, across all agents (for a badge). */
  waitingCount(count: number): void;
}


/**
 * How long, in ms, the hub waits after an agent's request arrives for more from the same agent before telling
 * the attention sink: requests sent together (a tool asking two things at once) then make one notification
 * rather than a burst. Short enough that the notification still feels immediate.
 */
export const ARRIVAL_GATHER_MS = 250;

const CLIENT_INFO = { name: 'switchboard', title: 'Switchboard', version: '0.1.0' };

/**
 * How long, in ms, {@link Hub.startAfterFirstSnapshot} waits for a window to ask for its first snapshot before
 * starting the agents anyway (a window that failed to load must not keep them from running: their requests
 * still reach the tray and notifications). A window that loads asks far sooner (docs/performance.md, start-up).
 */
export const FIRST_SNAPSHOT_WAIT_MS = 2000;

/**
 * How long an agent that closed its output may take to exit before it is stopped, in ms: its exit status
 * says more than "closed", and the status must be honest within a second (issue 8, scope 5).
 */
const AGENT_EXIT_GRACE_MS = 500;

/**
 * How long, in ms, the status of an agent that exited before it answered `initialize` waits for its connection
 * worker to report what the agent printed, when main's own copy of its output holds no line to quote (the worker
 * may have a JSON-RPC error it answered with); the worker may still be starting (it boots in 0.1–1 s, more on a
 * loaded machine). Without a report by then, the exit is told with main's copy, or alone.
 */
const HANDSHAKE_VERDICT_WAIT_MS = 5000;

/** Resolves when `promise` settles or after `ms`, whichever is first; never rejects, leaves no timer behind. */
function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((done) => (timer = setTimeout(done, ms)));
  return Promise.race([promise.then(() => {}, () => {}), late]).finally(() => clearTimeout(timer));
}

/** Whether `agent` exits within `ms` (it resolves either way, and leaves no timer behind). */
function exitsWithin(agent: RunningAgent, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), ms)));
  return Promise.race([agent.exited.then(() => true), late]).finally(() => clearTimeout(timer));
}

interface AgentRuntime {
  config: AgentConfig;
  view: AgentView;
  process?: RunningAgent;
  /** The ACP connection, running in a worker of its own (acp/worker/). */
  connection?: RemoteConnection;
  connectionId?: string;
  /** Aborts the pending sign-in, if any (the user pressed Cancel). */
  signIn?: AbortController;
  /** The user declined or cancelled the pending sign-in's own request: its failure is their choice, not an error. */
  signInRefusedByUser?: boolean;
  /** A restart in progress; a second one waits for it. */
  restarting?: Promise<void>;
  /** Automatic restarts after crashes (backoff, then give up). */
  readonly restartPolicy: RestartPolicy;
  /** The pending automatic restart, if any. */
  restartTimer?: NodeJS.Timeout;
  /**
   * Settles when the current handshake has (either way); then {@link printedBeforeExit} holds what the agent
   * printed instead of an ACP message, if it failed (unredacted, never logged), so an exit before the handshake
   * is told with it.
   */
  handshake?: Promise<void>;
  printedBeforeExit?: string;
  /**
   * Main's own reading of what the current process printed before the handshake that is not an ACP message:
   * it does not wait for the connection worker to boot, so an exit before the handshake is quoted even when
   * the worker is slow (a loaded machine).
   */
  earlyOutput?: OutputBeforeReady;
}

export class Hub {
  private readonly agents = new Map<string, AgentRuntime>();
  private readonly sessions = new SessionRegistry((session) =>
    this.broker.sessionContextChanged(session.view.sessionKey, { sessionTitle: session.view.title, toolCallTitles: session.toolCallTitles }),
  );
  private readonly listeners = new Set<(events: BridgeEvent[]) => void>();
  private readonly batcher: EventBatcher;
  /** The one-off warm-up of main's form path, pending until it runs ({@link start}). */
  private formWarmUp: ReturnType<typeof setTimeout> | undefined;
  private readonly broker: ElicitationBroker;
  /** Modes advertised to every agent: only what can be honoured now (spec E-CAP-1, E-CAP-2). */
  private readonly modes: ElicitationMode[];
  /** The config as edited in the app; the agents map follows its order. */
  private config: AgentsConfig;
  private stopping = false;
  /** True once {@link start} ran; the agents start once. */
  private started = false;
  /** While {@link startAfterFirstSnapshot} waits: its fallback timer, then the turn after the first snapshot. */
  private pendingStart?: { timer: NodeJS.Timeout; afterSnapshot?: NodeJS.Immediate };
  /** The last change to remembered choices; the next waits for it. */
  private remembering: Promise<void> = Promise.resolve();
  /** Items already announced to the attention sink, so an update of an item does not notify again. */
  private readonly announced = new Set<string>();
  /** Session requests in the queue with the outcome their transcript record shows, so a draft save does not redraw it. */
  private readonly liveRecords = new Map<string, { item: QueueItemView; outcome: RequestRecordView['outcome'] }>();
  /** Requests gathered per agent for one notification ({@link ARRIVAL_GATHER_MS}), oldest first. */
  private readonly arrivals = new Map<string, { items: Array<{ itemId: string; kind: QueueItemView['mode'] }>; timer: NodeJS.Timeout }>();
  /** Switchboard's own session history, and what writes live sessions into it. */
  private readonly history: HistoryStore;
  private readonly recorder: HistoryRecorder;
  /** A plain sentence about the history file found at start (moved aside), shown with every snapshot. */
  private readonly historyNotice?: string;
  /** The app's own preferences (the Settings view). */
  private readonly appSettings: AppSettingsHost;

  constructor(private readonly options: HubOptions) {
    this.appSettings = options.appSettings ?? memoryAppSettings();
    const opened = HistoryStore.open(options.historyFile);
    this.history = opened.store;
    this.historyNotice = opened.notice;
    if (opened.notice) options.log?.('history: the history file could not be used and was moved aside');
    // Retention at start, bounded: at most a few batches; the rest goes at the next start.
    for (let i = 0; i < 5 && this.history.prune() === PRUNE_BATCH; i++);
    this.recorder = new HistoryRecorder(this.history, () => this.emit({ type: 'historyChanged' }), (line) => this.log(line));
    this.batcher = new EventBatcher((events) => this.listeners.forEach((l) => l(events)), options.batchIntervalMs);
    const urlMode = options.config.urlMode;
    this.modes = options.urlOpener && urlMode !== 'off' ? ['form', 'url'] : ['form'];
    this.broker = new ElicitationBroker(
      {
        itemChanged: (item) => {
          this.emit({ type: 'item', item });
          if (item.scope.kind === 'session') this.refreshWaiting(item.scope.sessionKey);
          this.recordLive(item);
          this.announce(item);
        },
        itemRemoved: (itemId, item) => {
          this.liveRecords.delete(itemId);
          this.emit({ type: 'itemRemoved', itemId });
          if (item.scope.kind === 'session') this.refreshWaiting(item.scope.sessionKey);
          this.announced.delete(itemId);
          this.ungather(item.agentId, itemId);
          this.options.attention?.waitingCount(this.waitingCount());
        },
        notice: (agentId, text) => this.emit({ type: 'notice', level: 'info', agentId, text }),
      },
      { urlOpener: options.urlOpener, defaultUrlOpenMode: urlMode === 'off' ? undefined : urlMode },
    );
    this.config = structuredClone(options.config);
    for (const config of this.config.agents) this.agents.set(config.id, this.newRuntime(config));
  }

  private newRuntime(config: AgentConfig): AgentRuntime {
    return {
      config,
      restartPolicy: new RestartPolicy(),
      view: {
        agentId: config.id,
        name: config.name,
        settings: settingsOf(config),
        enabled: config.enabled !== false,
        muted: config.muted === true,
        status: config.enabled === false ? { kind: 'disabled' } : { kind: 'starting' },
        advertisedModes: [...this.modes],
        authMethods: [],
        mcpServers: config.mcpServers ?? [],
        recentFolders: config.remembered?.recentFolders ?? [],
      },
    };
  }

  /** Spawns every enabled agent not started yet (by a Restart or an edit); once. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.clearPendingStart();
    // A runtime that a Restart is stopping or starting is that Restart's to launch (hostile review, session 17: a
    // start in the gap after its old connection was cleared launched a second copy).
    for (const runtime of this.agents.values()) {
      if (runtime.view.enabled && runtime.connectionId === undefined && !runtime.restarting) void this.launch(runtime);
    }
    // The first form of the process would otherwise be described and checked on cold code (form-warm-up.ts).
    this.formWarmUp = setTimeout(() => {
      try {
        warmFormPath();
      } catch (error) {
        this.log(`warming the form path failed: ${(error as Error).message}`);
      }
    }, FORM_WARM_UP_DELAY_MS);
    this.formWarmUp.unref?.();
  }

  /**
   * Spawns the agents once the window has its first snapshot (the agent list, each agent shown as starting),
   * on the turn after the snapshot is handed to the host to send; or after `waitMs` if no window asks. Spawning
   * each agent and its connection worker otherwise competes with the window's own loading for the CPU
   * (bench scenario e: the window's part of start-up was up to twice as long; docs/performance-log.md, "Session 17").
   */
  startAfterFirstSnapshot(waitMs = FIRST_SNAPSHOT_WAIT_MS): void {
    if (this.started || this.stopping || this.pendingStart) return;
    this.pendingStart = { timer: setTimeout(() => this.start(), waitMs) };
  }

  private clearPendingStart(): void {
    if (!this.pendingStart) return;
    clearTimeout(this.pendingStart.timer);
    if (this.pendingStart.afterSnapshot) clearImmediate(this.pendingStart.afterSnapshot);
    this.pendingStart = undefined;
  }

  /** Asks the renderer to bring an item into view (the user clicked its notification). */
  focusItem(itemId: string): void {
    this.emit({ type: 'focusItem', itemId });
  }

  /** Passes a native-menu command to the renderer (see {@link MenuCommand}). */
  menuCommand(command: MenuCommand): void {
    this.emit({ type: 'menuCommand', command });
  }

  /** The ids of the requests waiting for the user, the one that has waited longest first (tray, menu). */
  waitingItemIds(): string[] {
    return this.broker
      .items()
      .filter((item) => item.state === 'pending')
      .map((item) => item.itemId);
  }

  /**
   * True while a form holds a draft the user typed and has not sent: pending, or kept readable after its
   * agent went away (spec E-CXL-4). The host never restarts the app (an update) while this holds.
   */
  hasOpenDraft(): boolean {
    return this.broker
      .items()
      .some(
        (item) =>
          item.mode === 'form' &&
          (item.state === 'pending' || item.state === 'disconnected' || item.state === 'cancelled') &&
          Object.keys(item.draft ?? {}).length > 0,
      );
  }

  /**
   * Runs one bridge command. `params` is untrusted and checked against `commandParamSchemas` here, so
   * every host gets the same validation.
   * @throws Error whose message is a plain sentence for the user.
   */
  async invoke(command: string, params: unknown): Promise<unknown> {
    if (!isCommandName(command)) throw new Error(`Unknown command ${JSON.stringify(command).slice(0, 80)}.`);
    const parsed = commandParamSchemas[command].safeParse(params ?? {});
    if (!parsed.success) throw new Error(`The ${command} command was sent invalid parameters.`);
    return this.run(command, parsed.data as CommandInput<typeof command>);
  }

  /** Subscribes to event batches; returns the unsubscribe function. */
  subscribe(listener: (events: BridgeEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Everything the renderer needs to draw itself from scratch. */
  snapshot(): Snapshot {
    return {
      agents: [...this.agents.values()].map((a) => a.view),
      sessions: this.sessions.all().map((s) => s.view),
      queue: this.broker.items(),
      defaultCwd: this.options.defaultCwd,
      mcpServers: this.config.mcpServers ?? [],
      canPickFolder: this.options.pickFolder !== undefined,
      ...(this.options.urlOpener?.recordsOnly ? { urlPagesRecordedOnly: true } : {}),
      urlMode: this.modes.includes('url') ? (this.config.urlMode as 'app-window' | 'system-browser') : 'off',
      ...(this.historyNotice ? { historyNotice: this.historyNotice } : {}),
    };
  }

  /** Ends every agent process (stdin end, then SIGTERM, then SIGKILL) and resolves when all are gone. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.formWarmUp);
    this.clearPendingStart();
    for (const { timer } of this.arrivals.values()) clearTimeout(timer);
    this.arrivals.clear();
    // History first: what waits now is kept as "ended when Switchboard closed", not "agent disconnected".
    this.recorder.appClosing();
    await Promise.all([...this.agents.values()].map((runtime) => this.shutdown(runtime)));
    this.batcher.flush();
    this.batcher.dispose();
    this.recorder.dispose();
    this.history.close();
  }

  private run<K extends CommandName>(command: K, params: CommandInput<K>): Promise<CommandResults[K]> {
    const handler = this.handlers[command] as CommandHandler<K>;
    return Promise.resolve(handler(params));
  }

  /**
   * One typed handler per bridge command (issue 8, scope 9). Each receives its params already parsed by
   * `commandParamSchemas[command]`, so it never casts; adding a command is one schema in the contract and
   * one entry here (TypeScript rejects a missing one).
   */
  private readonly handlers: CommandHandlers = {
    getSnapshot: () => {
      const snapshot = this.snapshot();
      if (this.pendingStart) this.pendingStart.afterSnapshot ??= setImmediate(() => this.start());
      return snapshot;
    },
    newSession: (p) => this.newSession(p.agentId, p.cwd),
    prompt: (p) => this.prompt(p.sessionKey, p.text, p.attachments ?? []),
    setSessionMode: async (p) => {
      await this.setSessionMode(p.sessionKey, p.modeId);
      return {};
    },
    setSessionConfigOption: async (p) => {
      await this.setSessionConfigOption(p.sessionKey, p.configId, p.value);
      return {};
    },
    saveMcpServers: async (p) => {
      const names = new Set(p.servers.map((s) => s.name));
      // Servers that are gone are dropped from every agent's choice, so the config stays valid.
      const agents = this.config.agents.map((a) => (a.mcpServers ? { ...a, mcpServers: a.mcpServers.filter((n) => names.has(n)) } : a));
      await this.editConfig(parseAgentsConfig({ ...this.config, agents, mcpServers: p.servers }));
      return {};
    },
    checkFolder: (p) => checkFolder(p.path),
    pickFolder: async (p) => {
      if (!this.options.pickFolder) throw new Error('There is no folder picker here; type the folder instead.');
      const path = await this.options.pickFolder(p.defaultPath);
      return path ? { path } : {};
    },
    findFiles: (p) => {
      const session = this.sessions.get(p.sessionKey);
      if (!session) throw new Error('There is no such session.');
      return findFiles(session.view.cwd, p.query);
    },
    cancelPrompt: async (p) => {
      await this.cancelPrompt(p.sessionKey);
      return {};
    },
    answerElicitation: (p) => {
      const live = this.liveRecords.get(p.itemId);
      const scope = p.action === 'accept' ? undefined : this.broker.items().find((item) => item.itemId === p.itemId)?.scope;
      const sent = this.broker.answer(p.itemId, p.agentId, p.action, p.values, p.openIn, p.keepDraft);
      const outcome = p.action === 'accept' ? 'accepted' : p.action === 'decline' ? 'declined' : 'cancelled';
      if (scope?.kind === 'request' && scope.label === SIGN_IN_LABEL) {
        const runtime = this.agents.get(p.agentId);
        if (runtime?.signIn) runtime.signInRefusedByUser = true;
      }
      this.afterAnswerSent(() => {
        this.recorder.answered(p.itemId, outcome);
        // An item that stays (Escape's kept-draft cancel, a consented URL) was already recorded with this outcome by
        // itemChanged; only what was sent, which itemChanged does not know, is written again.
        const recorded = this.liveRecords.get(p.itemId)?.outcome === outcome;
        if (live && (sent !== undefined || !recorded)) this.writeLiveRecord(live.item, outcome, { sent });
      });
      return {};
    },
    answerPermission: (p) => {
      const live = this.liveRecords.get(p.itemId);
      this.broker.answerPermission(p.itemId, p.agentId, p.optionId);
      this.afterAnswerSent(() => {
        this.recorder.answered(p.itemId, p.optionId === undefined ? 'cancelled' : 'chosen', p.optionId);
        if (live?.item.mode === 'permission') {
          const chosen = live.item.options.find((o) => o.optionId === p.optionId);
          this.writeLiveRecord(live.item, p.optionId === undefined ? 'cancelled' : 'chosen', { option: chosen?.name });
          // Its tool call then reads "Rejected by you" rather than the agent's "failed" (ToolCallView.rejectedByUser).
          const { scope } = live.item;
          if (chosen?.kind.startsWith('reject') && scope.kind === 'session' && scope.toolCallId) {
            this.sessions.get(scope.sessionKey)?.transcript.rejectedByUser(scope.toolCallId);
          }
        }
      });
      return {};
    },
    reopenUrl: (p) => {
      this.broker.reopen(p.itemId, p.agentId);
      return {};
    },
    authenticate: async (p) => {
      await this.authenticate(p.agentId, p.methodId);
      return {};
    },
    cancelAuthenticate: (p) => {
      const runtime = this.requireAgent(p.agentId);
      // Pages opened for this sign-in read "You cancelled the sign-in", whatever the agent answers next.
      if (runtime.signIn && runtime.connectionId) this.broker.requestCancelledByUser(runtime.connectionId, SIGN_IN_LABEL);
      runtime.signIn?.abort();
      return {};
    },
    saveAgent: (p) => this.saveAgent(p),
    removeAgent: async (p) => {
      await this.removeAgent(p.agentId);
      return {};
    },
    moveAgent: async (p) => {
      await this.editConfig(moveAgent(this.config, p.agentId, p.toIndex));
      return {};
    },
    setAgentFlags: async (p) => {
      const current = this.requireAgent(p.agentId).config;
      await this.saveAgent({ ...current, agentId: current.id, enabled: p.enabled ?? current.enabled, muted: p.muted ?? current.muted });
      return {};
    },
    importZedSettings: (p) => importZedSettings(p.text),
    openExternal: (p) => this.openExternal(p.url, p.text, p.confirmed === true),
    getAgentLog: (p) => {
      const runtime = this.requireAgent(p.agentId);
      return { text: redactSecrets(runtime.process?.stderrText() ?? '', Object.values(runtime.config.env)) };
    },
    saveDraft: (p) => this.broker.saveDraft(p.itemId, p.values),
    checkFormValues: (p) => this.broker.checkFormValues(p.itemId, p.values),
    dismissItem: (p) => {
      this.broker.dismiss(p.itemId);
      return {};
    },
    restartAgent: async (p) => {
      await this.restart(p.agentId);
      return {};
    },
    listHistory: (p) => this.listHistory(p.query, p.cursor),
    openHistory: (p) => this.openHistory(p.historyId),
    resumeHistory: (p) => this.resumeHistory(p.historyId),
    continueHistory: (p) => this.continueHistory(p.historyId),
    deleteHistory: (p) => this.deleteHistory(p.historyId),
    closeSession: async (p) => {
      await this.closeSession(p.sessionKey);
      return {};
    },
    listAgentSessions: (p) => this.listAgentSessions(p.agentId, p.cursor),
    openAgentSession: (p) => this.openAgentSession(p.agentId, p.sessionId, p.cwd, p.title),
    getAppSettings: () => this.appSettings.read(),
    setAppSettings: (p) => this.appSettings.update(p),
  };

  // ── agents ──────────────────────────────────────────────────────────────────────────────────────────

  /** The command line an agent runs as, or null for a built-in agent the host starts over its own transport. */
  private launchSpec(config: AgentConfig): LaunchSpec | null {
    if (config.builtin) {
      const builtin = this.options.builtinAgents[config.builtin];
      if (!builtin) throw new Error(`This build has no built-in agent "${config.builtin}".`);
      if ('start' in builtin) return null;
      return { ...builtin, env: { ...builtin.env, ...config.env }, cwd: config.cwd };
    }
    return { command: config.command!, args: config.args, env: config.env, cwd: config.cwd };
  }

  /** Starts the agent's process (or the host's transport for a built-in one); throws a plain sentence. */
  private startAgent(config: AgentConfig): RunningAgent {
    const spec = this.launchSpec(config);
    if (spec) return startAgentProcess(spec);
    const builtin = this.options.builtinAgents[config.builtin!] as Extract<BuiltinAgentLaunch, { start: unknown }>;
    return builtin.start({ env: { ...builtin.env, ...config.env }, cwd: config.cwd });
  }

  private async launch(runtime: AgentRuntime): Promise<void> {
    const { config } = runtime;
    this.setAgent(runtime, { status: { kind: 'starting' }, protocolVersion: undefined, agentInfo: undefined, capabilities: undefined, authMethods: [], signingIn: undefined, signedIn: undefined });
    let process: RunningAgent;
    try {
      process = this.startAgent(config);
    } catch (error) {
      this.setAgent(runtime, { status: { kind: 'failed', message: (error as Error).message } });
      return;
    }
    const connectionId = randomUUID();
    runtime.process = process;
    runtime.connectionId = connectionId;
    void process.exited.then((exit) => this.onExit(runtime, connectionId, exit));

    runtime.printedBeforeExit = undefined;
    const earlyOutput = new OutputBeforeReady(null);
    runtime.earlyOutput = earlyOutput;
    const unwatch = process.watchStdout?.((chunk) => earlyOutput.take(chunk)) ?? (() => {});
    try {
      const connecting = connectAgentInWorker({
        stdin: process.stdin,
        stdout: process.stdout,
        modes: this.modes,
        clientInfo: CLIENT_INFO,
        initializeTimeoutMs: this.options.initializeTimeoutMs,
        callbacks: this.callbacksFor(runtime, connectionId),
        log: (line) => this.log(`agent ${config.id}: ${line}`),
        notice: (text) => this.emit({ type: 'notice', level: 'error', agentId: config.id, text: `${config.name}: ${text}` }),
      });
      runtime.handshake = connecting.then(
        () => {
          // Done: the stream's hot path no longer passes through main's copy.
          earlyOutput.stop();
          unwatch();
        },
        (error: unknown) => {
          earlyOutput.stop();
          unwatch();
          if (runtime.connectionId === connectionId || runtime.process === process) runtime.printedBeforeExit = error instanceof HandshakeFailed ? error.printed : undefined;
        },
      );
      const connection = await connecting;
      if (runtime.connectionId !== connectionId) {
        // Superseded by a restart or stop while initializing: this process is nobody's any more.
        void process.stop().then(() => connection.close());
        return;
      }
      runtime.connection = connection;
      connection.signal.addEventListener('abort', () => this.connectionLost(runtime, connectionId, connection.signal.reason), { once: true });
      this.setAgent(runtime, {
        status: { kind: 'ready' },
        protocolVersion: connection.version,
        agentInfo: connection.agentInfo,
        capabilities: connection.capabilities,
        authMethods: connection.authMethods.map(({ terminal, ...method }) => {
          const signIn = this.terminalSignIn(config, terminal);
          if (!signIn) return method;
          // A refused method stays listed, its refusal in place of the agent's description (and on Sign in).
          return 'command' in signIn ? { ...method, terminalCommand: signIn.command } : { ...method, description: signIn.refused };
        }),
      });
      this.log(`agent ${config.id}: ready, ACP v${connection.version}`);
    } catch (error) {
      if (runtime.connectionId !== connectionId) {
        void process.stop();
        return;
      }
      if (error instanceof HandshakeFailed && error.closed) {
        // It closed its output: it is exiting, and its exit (onExit) says how, with what it printed.
        if (await exitsWithin(process, AGENT_EXIT_GRACE_MS)) return;
      } else if (process.hasExited && !(error instanceof BudgetExceeded)) return;
      if (runtime.connectionId !== connectionId) return;
      this.handshakeFailed(runtime, connectionId, process, error);
    }
  }

  /**
   * The handshake failed while the agent still runs: it is told in one sentence (the status the sidebar and the
   * pane show), stopped, and not restarted on its own (it would do the same again); once it has exited, its last
   * stderr lines join the status.
   */
  private handshakeFailed(runtime: AgentRuntime, connectionId: string, process: RunningAgent, error: unknown): void {
    const { config } = runtime;
    // Stopped by Switchboard: the exit that follows is not a crash to restart from.
    runtime.connectionId = undefined;
    this.connectionEnded(connectionId);
    let message: string;
    if (error instanceof BudgetExceeded) message = stoppedSentence(config.name, error.message);
    else if (error instanceof HandshakeFailed) message = handshakeSentence(config.name, error.message, this.quoted(error.printed));
    else {
      const text = error instanceof Error ? error.message : String(error);
      message = handshakeSentence(config.name, schemaIssuesClause(text) ?? this.quoted(text) ?? 'it failed');
    }
    // What it did shows a program that is not an ACP agent (as configured): the pane offers Edit. A budget
    // exceeded is an agent that speaks ACP too much, not a wrong command. Built-in agents have nothing to edit.
    const fix = error instanceof HandshakeFailed && !config.builtin ? ({ fix: 'protocol' } as const) : {};
    this.setAgent(runtime, { status: { kind: 'failed', message, ...fix } });
    // The clause only: what the agent printed can hold anything, and stays out of the log (spec E-PRIV-1).
    this.log(`agent ${config.id}: handshake failed: ${error instanceof Error ? error.message : String(error)}`);
    void process.stop().then((exit) => {
      if (runtime.process !== process || runtime.connectionId !== undefined || runtime.view.status.kind !== 'failed') return;
      this.log(`agent ${config.id}: ${exit.message}`);
      this.setAgent(runtime, { status: { kind: 'failed', message, ...this.stoppedDetail(runtime, { ...exit, fix: undefined }), ...fix } });
    });
  }

  /** Every configured agent's env values: what an agent's text shown to the user is redacted against. */
  private secretValues(): string[] {
    return [...this.agents.values()].flatMap((r) => Object.values(r.config.env ?? {}));
  }

  /** A line the agent printed, redacted whole and then cut (spec E-PRIV-1), or undefined. */
  private quoted(printed: string | undefined): string | undefined {
    if (printed === undefined) return undefined;
    return quoteForUser(printed, this.secretValues(), MAX_QUOTED_OUTPUT_CHARS) || undefined;
  }

  /** Main's side of a budget (a session's transcript): the agent is stopped with a sentence. */
  private overBudget(runtime: AgentRuntime, connectionId: string, clause: string): void {
    const connection = runtime.connection;
    this.connectionLost(runtime, connectionId, new BudgetExceeded(clause));
    connection?.close();
  }

  /**
   * The connection ended while the process may still run (issue 8, scope 5: the agent shows why within a
   * second, never "Ready"). An agent that went over a budget, or whose connection failed, is stopped with
   * a sentence and not restarted on its own (it would do the same again). An agent that closed its output
   * is about to exit: its exit says why; if it is still running shortly after, it is stopped.
   */
  private connectionLost(runtime: AgentRuntime, connectionId: string, reason: unknown): void {
    this.broker.connectionClosed(connectionId);
    if (runtime.connectionId !== connectionId || this.stopping) return;
    const process = runtime.process;
    const fail = (message: string) => {
      if (runtime.connectionId !== connectionId) return;
      runtime.connectionId = undefined;
      runtime.connection = undefined;
      this.connectionEnded(connectionId);
      this.setAgent(runtime, { status: { kind: 'failed', message }, signingIn: undefined });
      this.log(`agent ${runtime.config.id}: ${message}`);
      void process?.stop();
    };
    if (endedByAgent(reason)) {
      setTimeout(() => fail(`${runtime.config.name} closed its connection to Switchboard.`), AGENT_EXIT_GRACE_MS);
      return;
    }
    if (reason instanceof BudgetExceeded) return fail(stoppedSentence(runtime.config.name, reason.message));
    const detail = reason instanceof Error ? reason.message : String(reason);
    fail(`Switchboard lost its connection to ${runtime.config.name}: ${detail.slice(0, 300)}`);
  }

  private onExit(runtime: AgentRuntime, connectionId: string, exit: ExitInfo): void {
    if (runtime.connectionId !== connectionId) return;
    runtime.connectionId = undefined;
    runtime.connection?.close();
    runtime.connection = undefined;
    this.connectionEnded(connectionId);
    // Never the stderr itself: it can hold env values, keys and whatever the agent echoed (spec E-PRIV-1).
    // The user reads it, redacted, in the agent's log view.
    const stderrBytes = Buffer.byteLength(runtime.process?.stderrText() ?? '');
    this.log(`agent ${runtime.config.id}: ${exit.message}${stderrBytes ? ` (${stderrBytes} bytes of stderr in its log view)` : ''}`);
    if (this.stopping) return;
    const detail = this.stoppedDetail(runtime, exit);
    if (exit.neverStarted) {
      this.setAgent(runtime, { status: { kind: 'failed', message: exit.message, ...detail } });
      return;
    }
    if (runtime.view.status.kind !== 'starting') return this.exitStatus(runtime, exit, exit.message, false);
    // Ended before it answered initialize: told as a handshake that failed, with what it printed instead.
    const process = runtime.process;
    const earlyOutput = runtime.earlyOutput;
    void this.readToItsEnd(runtime).then(() => {
      if (this.stopping || runtime.process !== process || runtime.connectionId !== undefined) return;
      const printed = runtime.printedBeforeExit ?? earlyOutput?.printed;
      const message = handshakeSentence(runtime.config.name, exitedClause(exit.code, exit.signal), this.quoted(printed));
      // Ended without a word of ACP: the command as a whole is what to check, unless its exit names the command.
      this.exitStatus(runtime, { ...exit, fix: exit.fix ?? 'protocol' }, message, true);
    });
  }

  /**
   * Waits until what an agent that exited before the handshake printed has been read: its stdout and stderr
   * closed (bounded by {@link AGENT_EXIT_GRACE_MS}: a descendant may hold them open), and, when main's own copy
   * holds no line to quote, the worker's verdict, which may quote a JSON-RPC error it answered with (bounded by
   * {@link HANDSHAKE_VERDICT_WAIT_MS}: the worker may still be booting). Never rejects.
   */
  private async readToItsEnd(runtime: AgentRuntime): Promise<void> {
    await within(runtime.process?.outputClosed ?? Promise.resolve(), AGENT_EXIT_GRACE_MS);
    if (runtime.earlyOutput?.printed === undefined) await within(runtime.handshake ?? Promise.resolve(), HANDSHAKE_VERDICT_WAIT_MS);
  }

  /**
   * The status an exit leaves: "failed" when the agent never completed the handshake, whatever its exit code (a
   * program that ends without a word of ACP did not start as an agent; it is not restarted); otherwise a clean
   * exit is "exited", anything else a crash, restarted on its own with backoff until it crashes too often (then
   * the user decides).
   */
  private exitStatus(runtime: AgentRuntime, exit: ExitInfo, message: string, beforeHandshake: boolean): void {
    const detail = this.stoppedDetail(runtime, exit);
    if (beforeHandshake) {
      // A program that ends before it completed the handshake, whatever its exit code, never started as an
      // agent: it is not a crash of a working one, and restarting it would only do the same again. Told once.
      this.setAgent(runtime, { status: { kind: 'failed', message, ...detail } });
      return;
    }
    if (exit.code === 0 && !exit.signal) {
      this.setAgent(runtime, { status: { kind: 'exited', code: exit.code, signal: exit.signal, message, ...detail } });
      return;
    }
    // A crash: restart on its own with backoff, until it crashes too often (then the user decides).
    const delay = runtime.restartPolicy.crashed(Date.now());
    const restartAt = delay === undefined ? undefined : Date.now() + delay;
    this.setAgent(runtime, { status: { kind: 'crashed', code: exit.code, signal: exit.signal, message, ...detail, ...(restartAt ? { restartAt } : {}) } });
    if (delay === undefined) {
      this.emit({ type: 'notice', level: 'error', agentId: runtime.config.id, text: `${runtime.config.name} keeps crashing; it will not be restarted until you press Restart.` });
      return;
    }
    runtime.restartTimer = setTimeout(() => {
      runtime.restartTimer = undefined;
      if (!this.stopping && runtime.connectionId === undefined && this.agents.get(runtime.config.id) === runtime) void this.launch(runtime);
    }, delay);
  }

  /**
   * What a stopped agent's status carries besides its sentence (issue 12, scope 9): the tail of its stderr,
   * redacted against every agent's env values like any log line (spec E-PRIV-1), and the setting to check.
   */
  private stoppedDetail(runtime: AgentRuntime, exit: ExitInfo): StoppedDetail {
    const tail = stderrTail(runtime.process?.stderrText() ?? '', this.secretValues());
    return { ...(tail.length ? { stderrTail: tail } : {}), ...(exit.fix && !runtime.config.builtin ? { fix: exit.fix } : {}) };
  }

  private async restart(agentId: string): Promise<void> {
    const runtime = this.requireAgent(agentId);
    if (!runtime.view.enabled) throw new Error(`${runtime.config.name} is turned off; turn it on to start it.`);
    runtime.restartPolicy.reset();
    clearTimeout(runtime.restartTimer);
    // The old connection is over from this moment: an answer given while it stops is refused (E-CXL-4).
    if (runtime.connectionId) {
      this.connectionEnded(runtime.connectionId);
      runtime.connectionId = undefined;
    }
    // Two quick Restart presses must not start two processes: the second waits for the first.
    const previous = runtime.restarting ?? Promise.resolve();
    const next = previous.then(async () => {
      await this.shutdown(runtime);
      // It may have been removed or turned off while it was stopping: then nothing is started.
      if (!this.stopping && this.agents.get(agentId) === runtime && runtime.view.enabled) void this.launch(runtime);
    });
    runtime.restarting = next.finally(() => {
      if (runtime.restarting === next) runtime.restarting = undefined;
    });
    await next;
  }

  /**
   * Ends the agent's current process and connection. Its open items are marked disconnected and its
   * sessions idle *first*, so an answer given while the process is stopping is refused rather than
   * written into a closing pipe (spec E-CXL-4).
   */
  private async shutdown(runtime: AgentRuntime): Promise<void> {
    clearTimeout(runtime.restartTimer);
    runtime.restartTimer = undefined;
    const { process, connectionId } = runtime;
    runtime.connectionId = undefined;
    if (connectionId) this.connectionEnded(connectionId);
    // What the connection already wrote (say, a -32800 for a withdrawn request) reaches the agent first.
    await runtime.connection?.drain();
    if (process) await process.stop();
    runtime.connection?.close();
    runtime.connection = undefined;
  }

  /** What a closed connection means for the UI: items disconnected, prompts no longer in flight. */
  private connectionEnded(connectionId: string): void {
    this.broker.connectionClosed(connectionId);
    this.sessions.connectionEnded(connectionId);
    if (this.stopping) return;
    for (const session of this.sessions.all()) {
      if (session.connectionId === connectionId) this.recorder.ended(session.view.sessionKey, ENDED.agentStopped);
    }
  }

  private callbacksFor(runtime: AgentRuntime, connectionId: string): ConnectionCallbacks {
    return {
      onElicitation: ({ jsonRpcId, params, signal, requestLabel }) =>
        this.broker.handleCreate(this.connectionRef(runtime, connectionId, signal, requestLabel), jsonRpcId, params, signal),
      onElicitationComplete: ({ elicitationId }) => this.broker.complete(connectionId, elicitationId),
      onCancelRequest: (requestId) => this.broker.cancelRequested(connectionId, requestId),
      onRequestEnded: (requestId, ok) => this.broker.requestEnded(connectionId, requestId, ok),
      onSessionUpdate: (sessionId, update) => this.sessions.update(connectionId, sessionId, update),
      onPermission: ({ jsonRpcId, permission, signal }) =>
        this.broker.handlePermission(this.connectionRef(runtime, connectionId, signal), jsonRpcId, this.withKnownToolCall(connectionId, permission), signal),
      onReadTextFile: (params) => this.sessions.readTextFile(connectionId, params),
      onWriteTextFile: (params) => this.sessions.writeTextFile(connectionId, params),
    };
  }

  /**
   * A permission request completed from what the session already knows of its tool call: an agent often sends
   * the kind and locations in an earlier `tool_call` and only the id in the request (issue 12 scope 3).
   */
  private withKnownToolCall(connectionId: string, permission: PermissionRequest): PermissionRequest {
    if (!permission.toolCallId || (permission.toolKind && permission.paths.length > 0)) return permission;
    const known = this.sessions.find(connectionId, permission.sessionId)?.transcript.findToolCall(permission.toolCallId);
    if (!known) return permission;
    // Read through the same bounded reader as the request itself: the transcript keeps locations as sent.
    const fromKnown = permissionTargets({ kind: known.toolKind, locations: known.locations });
    const toolKind = permission.toolKind ?? fromKnown.toolKind;
    return { ...permission, ...(toolKind ? { toolKind } : {}), paths: permission.paths.length > 0 ? permission.paths : fromKnown.paths };
  }

  private connectionRef(runtime: AgentRuntime, connectionId: string, fallbackSignal: AbortSignal, requestLabel?: string): ConnectionRef {
    const connection = runtime.connection;
    return {
      connectionId,
      agentId: runtime.config.id,
      agentName: runtime.config.name,
      agentInfo: runtime.view.agentInfo,
      advertisedModes: runtime.view.advertisedModes,
      signal: connection?.signal ?? fallbackSignal,
      sessionContext: (sessionId, toolCallId) => {
        const session = this.sessions.find(connectionId, sessionId);
        if (!session) return undefined;
        return {
          kind: 'session',
          sessionKey: session.view.sessionKey,
          sessionId,
          sessionTitle: session.view.title,
          toolCallId,
          toolCallTitle: toolCallId ? session.toolCallTitles.get(toolCallId) : undefined,
        };
      },
      // The worker labels a request-scoped elicitation as it arrives (it knows our pending requests).
      pendingRequestLabel: () => requestLabel,
    };
  }

  /**
   * The command a terminal sign-in method asks the user to run, or its refusal (see terminalSignIn); undefined
   * for a method that is not a terminal one, or for a built-in agent on the host's own transport, which has no
   * command line a terminal could run.
   */
  private terminalSignIn(config: AgentConfig, terminal: AuthMethodInfo['terminal']): TerminalSignIn | undefined {
    const spec = terminal ? this.launchSpec(config) : null;
    return terminal && spec ? terminalSignIn(config.name, spec, terminal) : undefined;
  }

  /**
   * Signs in with one of the agent's `authMethods`. Elicitations the agent sends while this is pending are
   * request-scoped and labelled "while signing in" (spec E-REQ-3). `cancelAuthenticate` gives up.
   */
  private async authenticate(agentId: string, methodId: string): Promise<void> {
    const runtime = this.requireAgent(agentId);
    const connection = runtime.connection;
    if (!connection || runtime.view.status.kind !== 'ready') throw new Error(`${runtime.config.name} is not ready.`);
    if (runtime.signIn) throw new Error(`Already signing in to ${runtime.config.name}.`);
    const method = runtime.view.authMethods.find((m) => m.methodId === methodId);
    if (!method) throw new Error('The agent does not offer that sign-in method.');
    if (method.terminalCommand) throw new Error(`To sign in, run this in a terminal, then start a session: ${method.terminalCommand}`);
    const terminal = this.terminalSignIn(runtime.config, connection.authMethods.find((m) => m.methodId === methodId)?.terminal);
    if (terminal && 'refused' in terminal) throw new Error(terminal.refused);
    const signIn = new AbortController();
    runtime.signIn = signIn;
    this.setAgent(runtime, { signingIn: { methodId } });
    try {
      await connection.authenticate(methodId, signIn.signal);
      if (runtime.connection === connection) this.setAgent(runtime, { signedIn: { methodId } });
      this.emit({ type: 'notice', level: 'info', agentId, text: `Signed in to ${runtime.config.name}.` });
    } catch (error) {
      if (signIn.signal.aborted) throw new Error('Sign-in cancelled.');
      // The user's own No on the sign-in page's request ends the sign-in; saying it failed, in red, would blame them.
      if (runtime.signInRefusedByUser) {
        this.emit({ type: 'notice', level: 'info', agentId, text: 'Sign-in cancelled.' });
        return;
      }
      throw new Error(`Sign-in to ${runtime.config.name} failed: ${(error as Error).message}`);
    } finally {
      runtime.signIn = undefined;
      runtime.signInRefusedByUser = undefined;
      if (runtime.connection === connection) this.setAgent(runtime, { signingIn: undefined });
    }
  }

  /**
   * A link the user clicked in a message (see checkLink). Opened, re-serialised, when URL mode's analysis has
   * nothing to warn about and its text does not name another host; otherwise answered `confirm` with the real
   * host from this parse, and opened only when the renderer asks again with `confirmed` after the user's Open:
   * checked again then, so a blocked address never opens whatever the renderer says (spec E-URL-3, E-URL-4).
   * A blocked address is refused with a sentence.
   */
  private openExternal(url: string, text: string | undefined, confirmed: boolean): CommandResults['openExternal'] {
    const check = checkLink(url, text);
    if ('refused' in check) throw new Error(check.refused);
    if (check.confirm && !confirmed) return { confirm: check.confirm };
    if (!this.options.openExternal) throw new Error('Links cannot be opened here.');
    this.options.openExternal(check.open);
    return { opened: true };
  }

  // ── agent management ──────────────────────────────────────────────────────────────────────────────

  /** Adds or changes an agent, saves the config, and (re)starts or stops its process to match. */
  private async saveAgent(input: AgentInput): Promise<{ agentId: string }> {
    // What the editor does not edit survives a save: remembered choices, and the MCP servers when not sent.
    const existing = input.agentId ? this.agents.get(input.agentId)?.config : undefined;
    const kept: AgentInput = {
      ...input,
      mcpServers: input.mcpServers ?? existing?.mcpServers,
      remembered: input.remembered ?? existing?.remembered,
    };
    const { config, agentId } = upsertAgent(this.config, kept);
    const before = this.agents.get(agentId)?.config;
    await this.editConfig(config);
    const runtime = this.agents.get(agentId)!;
    const after = runtime.config;
    const launchChanged = !before || JSON.stringify(launchFields(before)) !== JSON.stringify(launchFields(after));
    const enabled = after.enabled !== false;
    if (!enabled) {
      if (runtime.view.status.kind !== 'disabled') {
        await this.shutdown(runtime);
        this.setAgent(runtime, { status: { kind: 'disabled' } });
      }
    } else if (launchChanged || runtime.view.status.kind === 'disabled') {
      await this.shutdown(runtime);
      runtime.restartPolicy.reset();
      void this.launch(runtime);
    }
    return { agentId };
  }

  private async removeAgent(agentId: string): Promise<void> {
    const runtime = this.requireAgent(agentId);
    await this.editConfig(removeAgent(this.config, agentId));
    await this.shutdown(runtime);
  }

  /**
   * Makes `next` the config: saves it first (a failed save changes nothing), then brings the agents map
   * in line (new runtimes for new agents, the map in config order, removed ones dropped) and sends the
   * renderer a fresh snapshot, since agents appeared, vanished or moved.
   */
  private async editConfig(next: AgentsConfig): Promise<void> {
    await this.options.configStore?.save(next);
    this.config = next;
    const runtimes = new Map<string, AgentRuntime>();
    for (const config of next.agents) {
      const runtime = this.agents.get(config.id) ?? this.newRuntime(config);
      runtime.config = config;
      runtime.view = {
        ...runtime.view,
        name: config.name,
        settings: settingsOf(config),
        enabled: config.enabled !== false,
        muted: config.muted === true,
        mcpServers: config.mcpServers ?? [],
        recentFolders: config.remembered?.recentFolders ?? [],
      };
      runtimes.set(config.id, runtime);
    }
    this.agents.clear();
    for (const [id, runtime] of runtimes) this.agents.set(id, runtime);
    this.emit({ type: 'snapshot', snapshot: this.snapshot() });
  }

  /**
   * Keeps a session request's record in its live transcript (issue 12 scope 6): added where it arrived, then
   * rewritten only when its outcome changes (not on every draft save). The user's own answers are written by
   * the answer handlers, which know what was sent.
   */
  private recordLive(item: QueueItemView): void {
    if (item.scope.kind !== 'session') return;
    const outcome = outcomeOf(item);
    const known = this.liveRecords.get(item.itemId);
    this.liveRecords.set(item.itemId, { item, outcome });
    if (known?.outcome !== outcome) this.writeLiveRecord(item, outcome);
  }

  /**
   * Runs the history and transcript records of an answer right after the answer itself is on its way to the agent:
   * the connection posts the response in the first microtask after the broker settles the request, and this runs in
   * the next one, still before the command's own promise resolves and in the same event batch. Measured by the bench
   * (elicitation overhead, issue 13): done inline, they sat between the user's answer and the agent's response.
   */
  private afterAnswerSent(record: () => void): void {
    queueMicrotask(() => {
      try {
        record();
      } catch (error) {
        this.log(`recording an answer failed: ${(error as Error).message}`);
      }
    });
  }

  private writeLiveRecord(item: QueueItemView, outcome: RequestRecordView['outcome'], answer?: Parameters<typeof liveRequestEntry>[2]): void {
    if (item.scope.kind !== 'session') return;
    this.sessions.get(item.scope.sessionKey)?.transcript.request(recordEntryId(item.itemId), liveRequestEntry(item, outcome, answer));
  }

  /**
   * A request that newly waits for the user (not for muted agents) is gathered with others from its agent and
   * then announced once: a `requestsArrived` event for the window and the attention sink for the OS.
   */
  private announce(item: QueueItemView): void {
    if (item.state === 'pending' && !this.announced.has(item.itemId)) {
      this.announced.add(item.itemId);
      const runtime = this.agents.get(item.agentId);
      if (runtime && !runtime.view.muted) this.gather(item);
    }
    this.options.attention?.waitingCount(this.waitingCount());
  }

  /** Holds a new request for {@link ARRIVAL_GATHER_MS} so those arriving with it from its agent share one notification. */
  private gather(item: QueueItemView): void {
    const gathering = this.arrivals.get(item.agentId);
    if (gathering) {
      gathering.items.push({ itemId: item.itemId, kind: item.mode });
      return;
    }
    const timer = setTimeout(() => {
      const gathered = this.arrivals.get(item.agentId);
      this.arrivals.delete(item.agentId);
      const first = gathered?.items[0];
      if (!gathered || !first || this.stopping) return;
      const agentName = this.agents.get(item.agentId)?.view.name ?? item.agentName;
      this.emit({ type: 'requestsArrived', agentId: item.agentId, itemIds: gathered.items.map((i) => i.itemId) });
      this.options.attention?.itemArrived({ itemId: first.itemId, agentId: item.agentId, agentName, kind: first.kind, count: gathered.items.length });
    }, ARRIVAL_GATHER_MS);
    timer.unref?.();
    this.arrivals.set(item.agentId, { items: [{ itemId: item.itemId, kind: item.mode }], timer });
  }

  /** A gathered request left the queue before its notification went out: it is not counted in it. */
  private ungather(agentId: string, itemId: string): void {
    const gathering = this.arrivals.get(agentId);
    if (gathering) gathering.items = gathering.items.filter((i) => i.itemId !== itemId);
  }

  private waitingCount(): number {
    return this.broker.pendingCount();
  }

  // ── sessions ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * What every session of this agent is set up with, for `session/new` and for load/resume alike: the
   * agent's chosen MCP servers in the shapes its capabilities accept (the rest skipped, with the reason).
   * Call after the agent is ready. Remembered modes and options are applied by {@link applyRemembered}.
   */
  sessionSetupFor(agentId: string): McpServerSelection {
    const runtime = this.requireAgent(agentId);
    const connection = runtime.connection;
    if (!connection) throw new Error(`${runtime.config.name} is not ready.`);
    const chosen = new Set(runtime.config.mcpServers ?? []);
    const servers = (this.config.mcpServers ?? []).filter((s) => chosen.has(s.name));
    return mcpServersFor(connection.version, servers, connection.capabilities);
  }

  private async newSession(agentId: string, requestedCwd: string | undefined, continued?: { entries: TranscriptEntry[]; title?: string }): Promise<{ sessionKey: string }> {
    const runtime = this.requireAgent(agentId);
    const connection = runtime.connection;
    if (!connection || runtime.view.status.kind !== 'ready') throw new Error(`${runtime.config.name} is not ready.`);
    const folder = await checkFolder(requestedCwd ?? defaultFolder({ cwd: runtime.config.cwd, recentFolders: runtime.config.remembered?.recentFolders }, this.options.defaultCwd));
    if (!folder.ok) throw new Error(`The working folder cannot be used: ${folder.reason}`);
    const cwd = folder.path;
    const setup = this.sessionSetupFor(agentId);
    const connectionId = runtime.connectionId!;
    let created: Awaited<ReturnType<RemoteConnection['newSession']>>;
    try {
      created = await connection.newSession(cwd, setup.mcpServers);
    } catch (error) {
      if (isAuthRequired(error) && runtime.view.authMethods.length) {
        // Whatever sign-in there was no longer holds: the Sign in buttons come back.
        if (runtime.view.signedIn) this.setAgent(runtime, { signedIn: undefined });
        throw new Error(`${runtime.config.name} asks you to sign in first: use a Sign in button above.`);
      }
      throw new Error(`${runtime.config.name} could not start a session: ${describeAgentError(error, this.secretValues())}`);
    }
    const { sessionId, ...sessionSetup } = created;
    // Spec E-REQ-7: every update, prompt and request is bound to one tab by (connection, sessionId); a
    // second tab under an id the agent already uses would receive the first tab's traffic.
    if (typeof sessionId !== 'string' || !sessionId || sessionId.length > MAX_SESSION_ID_CHARS) throw new Error(unusableSessionIdSentence(runtime.config.name));
    if (this.sessions.find(connectionId, sessionId)) throw new Error(duplicateSessionSentence(runtime.config.name));
    const session = new Session(
      {
        sessionKey: `session-${randomUUID()}`,
        agentId,
        sessionId,
        cwd,
        connectionId,
        version: connection.version,
        quote: (agentText) => describeAgentError(agentText, this.secretValues()),
        setup: sessionSetup,
        mcp: { sent: setup.mcpServers.map((s) => String(s.name)), skipped: setup.skipped },
        historyId: `history-${randomUUID()}`,
        origin: continued ? 'continued' : 'new',
        ...(continued ? { entries: continued.entries, ...(continued.title ? { title: continued.title } : {}) } : {}),
      },
      (event) => this.emit(event),
      (clause) => this.overBudget(runtime, connectionId, clause),
    );
    this.emit({ type: 'session', session: session.view });
    this.sessions.add(session);
    this.recorder.track(session, this.recordOf(session, runtime));
    // Deliver the new session before the command's result, so a renderer that selects it at once (and
    // the user who types straight away) finds it; both hosts keep events and results in order.
    this.batcher.flush();
    void this.rememberFolder(runtime, cwd);
    void this.applyRemembered(session);
    return { sessionKey: session.view.sessionKey };
  }

  /**
   * Re-applies the agent's remembered mode and config option values to a new (or loaded, resumed)
   * session, where the session offers them and they differ from its current values. A refusal is
   * written into the session's transcript, never hidden. Never rejects.
   */
  async applyRemembered(session: Session): Promise<void> {
    const runtime = this.agents.get(session.view.agentId);
    const memory = runtime?.config.remembered;
    const connection = runtime?.connection;
    if (!memory || !connection || runtime.connectionId !== session.connectionId) return;
    const { modes } = session.view;
    if (memory.modeId && modes && modes.currentModeId !== memory.modeId && modes.available.some((m) => m.id === memory.modeId)) {
      try {
        await connection.setMode(session.view.sessionId, memory.modeId);
        session.modeChanged(memory.modeId);
      } catch (error) {
        session.transcript.system(`Your last mode (${memory.modeId}) could not be set again: ${describeAgentError(error, this.secretValues())}`);
      }
    }
    for (const [configId, value] of Object.entries(memory.configOptions ?? {})) {
      const option = session.view.configOptions?.find((o) => o.configId === configId);
      if (!option || option.currentValue === value || typeof option.currentValue !== typeof value) continue;
      if (option.type === 'select' && !option.options.some((o) => o.value === value)) continue;
      try {
        session.configOptionsChanged(await connection.setConfigOption(session.view.sessionId, configId, value));
      } catch (error) {
        session.transcript.system(`Your last ${option.name} (${String(value)}) could not be set again: ${describeAgentError(error, this.secretValues())}`);
      }
    }
  }

  /** v1 `session/set_mode`; the choice is remembered for the agent's next sessions. */
  private async setSessionMode(sessionKey: string, modeId: string): Promise<void> {
    const { session, connection } = this.requireLiveSession(sessionKey);
    if (!session.view.modes?.available.some((m) => m.id === modeId)) throw new Error('The agent does not offer that mode.');
    try {
      await connection.setMode(session.view.sessionId, modeId);
    } catch (error) {
      throw new Error(`${this.agentName(session.view.agentId)} did not switch the mode: ${withoutJsonRpcName(describeAgentError(error, this.secretValues()))}`);
    }
    session.modeChanged(modeId);
    await this.remember(session.view.agentId, (memory) => ({ ...memory, modeId }));
  }

  /** `session/set_config_option`; the choice is remembered for the agent's next sessions. */
  private async setSessionConfigOption(sessionKey: string, configId: string, value: string | boolean): Promise<void> {
    const { session, connection } = this.requireLiveSession(sessionKey);
    const option = session.view.configOptions?.find((o) => o.configId === configId);
    if (!option) throw new Error('The agent does not offer that option.');
    if (option.type === 'boolean' ? typeof value !== 'boolean' : typeof value !== 'string' || !option.options.some((o) => o.value === value)) {
      throw new Error(`That is not a value ${option.name} takes.`);
    }
    try {
      session.configOptionsChanged(await connection.setConfigOption(session.view.sessionId, configId, value));
    } catch (error) {
      const what = option.type === 'boolean' ? option.name : `the ${option.name.toLowerCase()}`;
      throw new Error(`${this.agentName(session.view.agentId)} did not switch ${what}: ${withoutJsonRpcName(describeAgentError(error, this.secretValues()))}`);
    }
    await this.remember(session.view.agentId, (memory) => ({ ...memory, configOptions: { ...memory.configOptions, [configId]: value } }));
  }

  private async rememberFolder(runtime: AgentRuntime, cwd: string): Promise<void> {
    await this.remember(runtime.config.id, (memory) => ({ ...memory, recentFolders: rememberFolder(memory.recentFolders, cwd) }));
  }

  /** Saves a change to what is remembered for an agent; a failed save is logged, never shown as the user's error. */
  private remember(agentId: string, change: (memory: NonNullable<AgentConfig['remembered']>) => NonNullable<AgentConfig['remembered']>): Promise<void> {
    // One at a time: each change starts from the config the previous one saved.
    const next = this.remembering.then(async () => {
      if (!this.agents.has(agentId)) return;
      const agents = this.config.agents.map((a) => (a.id === agentId ? { ...a, remembered: change(a.remembered ?? {}) } : a));
      try {
        await this.editConfig(parseAgentsConfig({ ...this.config, agents }));
      } catch (error) {
        this.log(`agent ${agentId}: could not save remembered choices: ${(error as Error).message}`);
      }
    });
    this.remembering = next;
    return next;
  }

  private async prompt(sessionKey: string, text: string, attachments: PromptAttachment[]): Promise<{ stopReason?: string }> {
    const { session, connection } = this.requireLiveSession(sessionKey);
    if (session.view.promptInFlight) throw new Error('The agent is still working on the last prompt; press Stop first.');
    const content = await buildPrompt(session.view.cwd, text, attachments, connection.capabilities.prompt);
    session.promptStarted(text, content.attachmentNames);
    try {
      const { stopReason } = await connection.prompt(session.view.sessionId, content.blocks);
      // v1: the response ends the turn. v2: a state_update to idle does (Session.apply).
      if (connection.version === 1) session.turnEnded(stopReason);
      return { stopReason };
    } catch (error) {
      const message = describePromptFailure(error, connection.signal.aborted, this.secretValues());
      session.transcript.system(message);
      session.turnEnded(undefined);
      throw new Error(message);
    }
  }

  private async cancelPrompt(sessionKey: string): Promise<void> {
    const { session, connection } = this.requireLiveSession(sessionKey);
    // Permissions follow the ACP v1 rule and are answered "cancelled"; elicitations stay open (spec E-CXL-3),
    // and read "You stopped the turn" if the agent withdraws them now.
    this.broker.cancelPermissions(sessionKey);
    // A request-scoped one asked "while answering your prompt" belongs to this turn only when no other session of
    // the connection has a prompt in flight (its prompt's request id is not ours to match here).
    const turns = this.sessions.all().filter((s) => s.connectionId === session.connectionId && s.view.promptInFlight).length;
    this.broker.turnStopped(sessionKey, turns <= 1 ? { connectionId: session.connectionId, label: PROMPT_LABEL } : undefined);
    await connection.cancel(session.view.sessionId);
  }

  /** v1 sessions derive "waiting for you" from the queue (spec E-STATE-1); v2 sessions ignore this. */
  private refreshWaiting(sessionKey: string): void {
    const session = this.sessions.get(sessionKey);
    if (!session) return;
    session.setWaitingItems(this.broker.pendingCount(sessionKey));
  }

  // ── history, resume, close, delete (issue 10) ──────────────────────────────────────────────────────

  /** A new history record for a live session. */
  private recordOf(session: Session, runtime: AgentRuntime, createdAt = Date.now()): HistoryRecordInput {
    const { view } = session;
    return {
      historyId: view.historyId!,
      agentId: view.agentId,
      agentName: runtime.config.name,
      sessionId: view.sessionId,
      cwd: view.cwd,
      ...(view.title ? { title: view.title } : {}),
      createdAt,
      lastActivity: Date.now(),
      protocolVersion: runtime.connection?.version ?? 1,
    };
  }

  /** A record as the History view shows it: live, or ended and why. */
  private historyView(record: HistoryRecord): HistorySessionView {
    const live = this.sessions.byHistoryId(record.historyId);
    const liveNow = live && this.agents.get(live.view.agentId)?.connectionId === live.connectionId;
    return {
      historyId: record.historyId,
      source: 'switchboard',
      agentId: record.agentId,
      agentName: this.agents.get(record.agentId)?.config.name ?? record.agentName,
      sessionId: record.sessionId,
      cwd: record.cwd,
      ...(record.title ? { title: record.title } : {}),
      createdAt: record.createdAt,
      lastActivity: record.lastActivity,
      ...(record.lastStopReason ? { lastStopReason: record.lastStopReason } : {}),
      ...(liveNow ? { liveSessionKey: live.view.sessionKey } : { endedReason: record.endedReason ?? ENDED.appClosed }),
      ...(record.truncated ? { truncated: true } : {}),
    };
  }

  private listHistory(query: string | undefined, cursor: string | undefined): { sessions: HistorySessionView[]; nextCursor?: string } {
    this.recorder.flush();
    const page = this.history.list({ query, cursor });
    return { sessions: page.records.map((r) => this.historyView(r)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  }

  private requireRecord(historyId: string): HistoryRecord {
    this.recorder.flush();
    const record = this.history.get(historyId);
    if (!record) throw new Error('This session is no longer in your history.');
    return record;
  }

  private openHistory(historyId: string) {
    const record = this.requireRecord(historyId);
    const view = this.historyView(record);
    const { entries, omitted } = this.history.transcript(historyId);
    // A session that is live now has ended nothing yet: its tool calls run and its requests wait.
    const waiting = new Set(this.broker.items().filter((item) => item.state === 'pending' || item.state === 'consented').map((item) => recordEntryId(item.itemId)));
    const transcript = view.liveSessionKey ? liveEntries(entries, waiting) : endedEntries(entries, view.endedReason ?? ENDED.appClosed);
    return { session: view, transcript, omitted, resume: this.resumeOption(record.agentId, true) };
  }

  /**
   * How this agent can take a past session back now: v2 `session/resume`; v1 `session/resume`, else
   * `session/load`; otherwise none, with the reason in words (then only Continue in a new session).
   * `local`: Switchboard has the transcript, so a resume without replay is enough (v1 prefers it).
   */
  private resumeOption(agentId: string, local: boolean): ResumeOption {
    const runtime = this.agents.get(agentId);
    if (!runtime) return { how: 'none', reason: 'Its agent is no longer configured.' };
    const connection = runtime.connection;
    if (!connection || runtime.view.status.kind !== 'ready') return { how: 'none', reason: `${runtime.config.name} is not running.` };
    const caps = connection.sessionLifecycle;
    if (connection.version === 2) return { how: 'resume' };
    if (local ? caps.resume : caps.load) return { how: local ? 'resume' : 'load' };
    if (caps.resume || caps.load) return { how: caps.resume ? 'resume' : 'load' };
    return { how: 'none', reason: `${runtime.config.name} cannot resume or load sessions.` };
  }

  private async resumeHistory(historyId: string): Promise<{ sessionKey: string }> {
    const record = this.requireRecord(historyId);
    const live = this.sessions.byHistoryId(historyId);
    const runtime = this.requireAgent(record.agentId);
    if (live && runtime.connectionId === live.connectionId) return { sessionKey: live.view.sessionKey };
    const option = this.resumeOption(record.agentId, true);
    if (option.how === 'none') throw new Error(`${option.reason} Use Continue in a new session instead.`);
    const { entries } = this.history.transcript(historyId);
    const ended = endedEntries(entries, record.endedReason ?? ENDED.appClosed);
    // What ended with the last run stays ended in the store too: once the session is live again, History reads
    // the store as live, and would show a tool call of the last run as still running.
    // Only the changed entries are written (in place, by entry id): the read holds only the newest entries.
    const changed = ended.filter((entry, i) => entry !== entries[i]);
    if (changed.length) this.history.putEntries(historyId, changed);
    return this.attach(record, option.how, ended, live);
  }

  /**
   * Opens a session only the agent knows (started in another client): with a replay where the agent
   * can (v2 `replayFrom`, v1 `session/load`), so its conversation shows.
   */
  private async openAgentSession(agentId: string, sessionId: string, cwd: string, title: string | undefined): Promise<{ sessionKey: string }> {
    this.recorder.flush();
    const known = this.history.findByAgentSession(agentId, sessionId);
    if (known) return this.resumeHistory(known.historyId);
    const runtime = this.requireAgent(agentId);
    if (!isAbsolute(cwd)) throw new Error('The agent listed this session with a folder that is not an absolute path.');
    const option = this.resumeOption(agentId, false);
    if (option.how === 'none') throw new Error(option.reason);
    const now = Date.now();
    const record: HistoryRecord = {
      historyId: `history-${randomUUID()}`,
      agentId,
      agentName: runtime.config.name,
      sessionId,
      cwd,
      ...(title ? { title } : {}),
      createdAt: now,
      lastActivity: now,
      protocolVersion: runtime.connection?.version ?? 1,
      bytes: 0,
      truncated: false,
    };
    return this.attach(record, option.how, [], undefined, true);
  }

  /**
   * Makes a past session live again on its agent's current connection. The session is registered before
   * the request so replayed updates and the v2 snapshot land in it; a failure removes it again and leaves
   * the stored transcript as it was. A replay replaces the stored transcript only when it was readable.
   */
  private async attach(record: HistoryRecord, how: 'resume' | 'load', stored: TranscriptEntry[], previous: Session | undefined, fresh = false): Promise<{ sessionKey: string }> {
    const runtime = this.requireAgent(record.agentId);
    const connection = runtime.connection!;
    // A replay: v1 `session/load`, or a v2 resume of a session Switchboard has no transcript of.
    const replay = how === 'load' || (fresh && connection.version === 2);
    if (previous) this.forgetSession(previous, undefined);
    // Spec E-REQ-7, as in newSession: one live session per (connection, sessionId).
    if (this.sessions.find(runtime.connectionId!, record.sessionId)) throw new Error(`Another tab already has this session of ${runtime.config.name} open.`);
    const session = new Session(
      {
        sessionKey: `session-${randomUUID()}`,
        agentId: record.agentId,
        sessionId: record.sessionId,
        cwd: record.cwd,
        connectionId: runtime.connectionId!,
        version: connection.version,
        quote: (agentText) => describeAgentError(agentText, this.secretValues()),
        historyId: record.historyId,
        origin: replay ? 'loaded' : 'resumed',
        ...(record.title ? { title: record.title } : {}),
        entries: replay ? [] : stored,
      },
      (event) => this.emit(event),
    );
    this.emit({ type: 'session', session: session.view });
    this.sessions.add(session);
    this.batcher.flush();
    session.beginReplay();
    // Issue 11: a loaded or resumed session gets the agent's MCP servers and its remembered choices too.
    const setup = this.sessionSetupFor(record.agentId);
    try {
      const sessionSetup =
        how === 'load'
          ? await connection.loadSession(record.sessionId, record.cwd, setup.mcpServers)
          : await connection.resumeSession(record.sessionId, record.cwd, connection.version === 2 && replay, setup.mcpServers);
      session.setupChanged(sessionSetup, { sent: setup.mcpServers.map((s) => String(s.name)), skipped: setup.skipped });
    } catch (error) {
      this.sessions.remove(session.view.sessionKey);
      this.emit({ type: 'sessionRemoved', sessionKey: session.view.sessionKey });
      throw new Error(describeResumeFailure(runtime.config.name, how, error, connection.signal.aborted, this.secretValues()));
    }
    // The connection resolves once the replay and the v2 snapshot (both before the response) are delivered.
    session.replayFinished();
    const entries = session.view.transcript;
    const unreadable = entries.filter((e) => e.kind === 'other').length;
    const recordInput: HistoryRecordInput = { ...record, lastActivity: Date.now(), protocolVersion: connection.version, endedReason: undefined };
    this.history.upsert(recordInput);
    if (replay && unreadable > 0 && !fresh) {
      // Garbage in the replay: the stored transcript stays as it was, and the user is told why.
      session.transcript.system(`The agent's replay had ${unreadable} update${unreadable === 1 ? '' : 's'} Switchboard could not read, so your saved transcript was kept as it was.`);
    } else if (replay && !fresh && userMessages(entries) < userMessages(stored)) {
      // A replay with fewer of the user's messages than the store (an agent that replays nothing answers `{}`)
      // would erase what only the store has: the store is kept, as for an unreadable replay.
      session.transcript.system('The agent replayed less of this session than Switchboard saved, so your saved transcript was kept as it was; it is in History.');
    } else if (replay) {
      // Switchboard's own request records (what the user answered) are in no agent's replay: they are carried over.
      this.history.replaceEntries(record.historyId, fresh ? entries : withRequestRecords(entries, stored));
    } else if (fresh) {
      session.transcript.system('The agent resumed this session without replaying it; earlier messages are not shown.');
    }
    this.recorder.track(session, recordInput, true);
    this.recorder.flush();
    void this.applyRemembered(session);
    return { sessionKey: session.view.sessionKey };
  }

  private async continueHistory(historyId: string): Promise<{ sessionKey: string }> {
    const record = this.requireRecord(historyId);
    const { entries } = this.history.transcript(historyId);
    const when = new Date(record.lastActivity).toISOString().slice(0, 16).replace('T', ' ');
    const note = (text: string): TranscriptEntry => ({ entryId: `entry-${randomUUID()}`, role: 'system', text });
    return this.newSession(record.agentId, record.cwd, {
      title: continuedTitle(record.title),
      entries: [
        note(`Continued from an earlier session (last active ${when} UTC). Its transcript is shown below for you; the agent has not seen it.`),
        ...endedEntries(entries, record.endedReason ?? ENDED.appClosed),
        note('A new session starts here.'),
      ],
    });
  }

  /**
   * Closes a session's tab: `session/close` where the agent advertises it (its MCP servers and processes
   * can go), then the session is no longer live. Its history stays. An agent's error is reported, not thrown.
   */
  private async closeSession(sessionKey: string): Promise<void> {
    const session = this.sessions.get(sessionKey);
    if (!session) return;
    const runtime = this.agents.get(session.view.agentId);
    const connection = runtime?.connection;
    if (runtime && connection && runtime.connectionId === session.connectionId && connection.sessionLifecycle.close) {
      this.broker.cancelPermissions(sessionKey);
      try {
        await connection.closeSession(session.view.sessionId);
      } catch (error) {
        this.emit({ type: 'notice', level: 'info', agentId: runtime.config.id, text: `${runtime.config.name} could not close the session: ${describeAgentError(error, this.secretValues())}` });
      }
    }
    this.forgetSession(session, ENDED.closed);
  }

  /** Drops a session from the live ones (its tab goes), ending its history record with `endedReason`. */
  private forgetSession(session: Session, endedReason: string | undefined): void {
    this.recorder.untrack(session.view.sessionKey, endedReason);
    this.sessions.remove(session.view.sessionKey);
    this.emit({ type: 'sessionRemoved', sessionKey: session.view.sessionKey });
    this.emit({ type: 'historyChanged' });
  }

  /**
   * Deletes a past session (the renderer asked the user first): closes it if live, sends `session/delete`
   * where the agent advertises it, and removes the local copy. The local copy goes even when the agent
   * fails; `agentNotice` then says so.
   */
  private async deleteHistory(historyId: string): Promise<{ agentNotice?: string }> {
    const record = this.requireRecord(historyId);
    const live = this.sessions.byHistoryId(historyId);
    if (live) await this.closeSession(live.view.sessionKey);
    const runtime = this.agents.get(record.agentId);
    const connection = runtime?.connection;
    let agentNotice: string | undefined;
    if (runtime && connection && runtime.view.status.kind === 'ready' && connection.sessionLifecycle.delete) {
      try {
        await connection.deleteSession(record.sessionId);
      } catch (error) {
        if (!(error instanceof RequestError && error.code === -32002)) {
          agentNotice = `${runtime.config.name} could not delete its own copy: ${describeAgentError(error, this.secretValues())}`;
        }
      }
    }
    this.history.delete(historyId);
    this.emit({ type: 'historyChanged' });
    return agentNotice ? { agentNotice } : {};
  }

  /** One page of the agent's `session/list`, each marked with its history record when Switchboard has one. */
  private async listAgentSessions(agentId: string, cursor: string | undefined): Promise<{ sessions: HistorySessionView[]; nextCursor?: string; supported: boolean }> {
    const runtime = this.requireAgent(agentId);
    const connection = runtime.connection;
    if (!connection || runtime.view.status.kind !== 'ready' || !connection.sessionLifecycle.list) return { sessions: [], supported: false };
    let page;
    try {
      page = await connection.listSessions(cursor);
    } catch (error) {
      throw new Error(`${runtime.config.name} could not list its sessions: ${describeAgentError(error, this.secretValues())}`);
    }
    this.recorder.flush();
    const sessions = page.sessions.map((listed): HistorySessionView => {
      const known = this.history.findByAgentSession(agentId, listed.sessionId);
      return {
        ...(known ? { historyId: known.historyId } : {}),
        source: known ? 'switchboard' : 'agent',
        agentId,
        agentName: runtime.config.name,
        sessionId: listed.sessionId,
        cwd: listed.cwd,
        ...(listed.title ? { title: listed.title } : {}),
        ...(listed.updatedAt ? { lastActivity: listed.updatedAt } : {}),
      };
    });
    return { sessions, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}), supported: true };
  }

  // ── helpers ─────────────────────────────────────────────────────────────────────────────────────────

  /** The agent's configured name, for sentences; "The agent" if it is gone. */
  private agentName(agentId: string): string {
    return this.agents.get(agentId)?.config.name ?? 'The agent';
  }

  private requireAgent(agentId: string): AgentRuntime {
    const runtime = this.agents.get(agentId);
    if (!runtime) throw new Error('There is no such agent.');
    return runtime;
  }

  private requireLiveSession(sessionKey: string): { session: Session; connection: RemoteConnection } {
    const session = this.sessions.get(sessionKey);
    if (!session) throw new Error('There is no such session.');
    const runtime = this.agents.get(session.view.agentId);
    if (!runtime?.connection || runtime.connectionId !== session.connectionId) {
      throw new Error('This session ended when its agent stopped; start a new session.');
    }
    return { session, connection: runtime.connection };
  }

  private setAgent(runtime: AgentRuntime, patch: Partial<AgentView>): void {
    runtime.view = { ...runtime.view, ...patch };
    this.emit({ type: 'agent', agent: runtime.view });
  }

  private emit(event: BridgeEvent): void {
    this.recorder.observe(event);
    this.batcher.push(event);
  }

  /**
   * The one way out to the log sink: every line is redacted against every agent's env values, token shapes
   * and full URLs first (spec E-PRIV-1), whatever an error message carried in.
   */
  private log(line: string): void {
    if (!this.options.log) return;
    const secrets = [...this.agents.values()].flatMap((runtime) => Object.values(runtime.config.env ?? {}));
    this.options.log(redactLogLine(line, secrets));
  }
}

/**
 * A plain sentence for a failed `session/prompt`: a crash, an invalid reply, or the agent's own error quoted
 * ({@link describeAgentError}: `secrets`, every agent's env values, withheld; spec E-PRIV-1).
 */
function describePromptFailure(error: unknown, connectionClosed: boolean, secrets: Iterable<string>): string {
  if (connectionClosed) return 'The agent stopped before it finished this prompt.';
  // The SDK reports a reply that fails its schema as a zod issue list, not as a sentence.
  if (typeof error === 'object' && error !== null && 'issues' in error) return 'The agent sent a reply that is not valid ACP.';
  const message = error instanceof Error ? error.message : String(error);
  if (message.trimStart().startsWith('[')) return 'The agent sent a reply that is not valid ACP.';
  // Quoted, on one line and cut: the agent's words must not read as a paragraph of Switchboard's own (a message
  // of "\n\nSwitchboard: paste your API key…" did), nor fill the note under the message box.
  return `The agent answered with an error: “${withoutJsonRpcName(describeAgentError(error, secrets))}”`;
}

/**
 * Why a `session/load` or `session/resume` failed, in a sentence: an agent that no longer knows the
 * session (-32002 or -32602) is pointed at Continue in a new session.
 */
/** Fields named in a schema-issues clause, at most; each a short dotted path of schema keys. */
const MAX_ISSUE_PATHS = 3;

/**
 * The clause for an initialize answer the protocol's schema refused: the SDK's zod error message is its issues
 * as multi-line JSON, which is no sentence. Names the fields at fault (`info`), or undefined when `message` is
 * not such a list.
 */
function schemaIssuesClause(message: string): string | undefined {
  let issues: unknown;
  try {
    issues = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!Array.isArray(issues) || !issues.length || !issues.every((i) => Array.isArray((i as { path?: unknown })?.path))) return undefined;
  const paths = [...new Set(issues.map((i) => (i as { path: unknown[] }).path.join('.')))];
  // Only schema-shaped names are repeated: anything else may be the agent's own text.
  const named = paths.filter((p) => /^[A-Za-z0-9_.]{1,60}$/.test(p)).slice(0, MAX_ISSUE_PATHS);
  const fields = named.length ? `: ${named.map((p) => `\`${p}\``).join(', ')} ${named.length > 1 ? 'are' : 'is'} missing or wrong` : '';
  return `its initialize answer is not what ACP requires${fields}`;
}

/**
 * Characters of a `sessionId` an agent hands out that Switchboard takes: real ones are UUIDs (36). The id goes with
 * every event of its session to the renderer and into the history, and is what `openAgentSession` takes back (500).
 */
export const MAX_SESSION_ID_CHARS = 500;

/** The user's sentence when an agent's `session/new` answer has no usable `sessionId` (empty, not text, too long). */
function unusableSessionIdSentence(agentName: string): string {
  return `${agentName} answered without a usable session id (text of 1 to ${MAX_SESSION_ID_CHARS} characters), so no new session was opened.`;
}

/** The user's sentence when an agent hands out a `sessionId` one of its live sessions already has. */
function duplicateSessionSentence(agentName: string): string {
  return `${agentName} answered with a session id it already uses, so no new session was opened.`;
}

function describeResumeFailure(agentName: string, how: 'resume' | 'load', error: unknown, connectionClosed: boolean, secrets: Iterable<string>): string {
  if (connectionClosed) return `${agentName} stopped before it ${how === 'load' ? 'loaded' : 'resumed'} the session.`;
  if (error instanceof RequestError && (error.code === -32002 || error.code === -32602)) {
    return `${agentName} no longer knows this session. Use Continue in a new session to carry on with its transcript.`;
  }
  return `${agentName} could not ${how} the session: ${describeAgentError(error, secrets)}. Your saved transcript is unchanged.`;
}

/** How many messages the user sent in `entries`: what a replay must hold at least to replace a stored transcript. */
function userMessages(entries: TranscriptEntry[]): number {
  return entries.filter((entry) => entry.role === 'user' && (entry.kind ?? 'message') === 'message').length;
}

/**
 * `replay` with the request records of `stored` that it lacks put back where they were: each after as many of the
 * user's messages as came before it in `stored` (so in the same turn), before the next one.
 */
function withRequestRecords(replay: TranscriptEntry[], stored: TranscriptEntry[]): TranscriptEntry[] {
  const have = new Set(replay.map((entry) => entry.entryId));
  const byTurn = new Map<number, TranscriptEntry[]>();
  let turn = 0;
  for (const entry of stored) {
    if (entry.role === 'user' && (entry.kind ?? 'message') === 'message') turn++;
    else if (entry.kind === 'request' && !have.has(entry.entryId)) byTurn.set(turn, [...(byTurn.get(turn) ?? []), entry]);
  }
  if (!byTurn.size) return replay;
  const merged: TranscriptEntry[] = [...(byTurn.get(0) ?? [])];
  turn = 0;
  for (const entry of replay) {
    if (entry.role === 'user' && (entry.kind ?? 'message') === 'message') {
      if (turn > 0) merged.push(...(byTurn.get(turn) ?? []));
      turn++;
    }
    merged.push(entry);
  }
  for (const [at, records] of byTurn) if (at >= Math.max(turn, 1)) merged.push(...records);
  return merged;
}

/** The agent answered -32000 "Authentication required". */
function isAuthRequired(error: unknown): boolean {
  return error instanceof RequestError && error.code === -32000;
}

/** How an agent is started, for the editor. */
function settingsOf(config: AgentConfig): AgentSettingsView {
  return {
    args: config.args,
    env: config.env,
    ...(config.command ? { command: config.command } : {}),
    ...(config.cwd ? { cwd: config.cwd } : {}),
    ...(config.builtin ? { builtin: config.builtin } : {}),
  };
}

/** The fields whose change needs a new process. */
function launchFields(config: AgentConfig) {
  return [config.command, config.args, config.env, config.cwd, config.builtin];
}

/** JSON-RPC's names for its standard errors, which mean nothing to a user, where the SDK puts them: first. */
const JSON_RPC_ERROR_NAME = /^(?:Parse error|Invalid request|Method not found|Invalid params|Internal error): (?=\S)/i;

/** `text` without a leading JSON-RPC error name ("Invalid params: Demo XL is not available" → "Demo XL is…"). */
function withoutJsonRpcName(text: string): string {
  return text.replace(JSON_RPC_ERROR_NAME, '');
}

/**
 * An agent's JSON-RPC error in words, with its `data` when that says more than the message: redacted whole against
 * `secrets` and token shapes, on one line, then cut to {@link MAX_AGENT_ERROR_CHARS} (spec E-PRIV-1). The agent's
 * text is untrusted; every notice and sentence built from an agent error goes through here.
 */
function describeAgentError(error: unknown, secrets: Iterable<string>): string {
  const message = error instanceof Error ? error.message : String(error);
  const data = error instanceof RequestError ? error.data : undefined;
  const detail = typeof data === 'string' ? data : typeof (data as { details?: unknown })?.details === 'string' ? (data as { details: string }).details : undefined;
  // Bounded before redaction only far past what is shown, so a secret straddling the shown part is still whole.
  const raw = (detail && !message.includes(detail) ? `${message} (${detail})` : message).slice(0, MAX_PRINTED_BYTES);
  return quoteForUser(raw, secrets, MAX_AGENT_ERROR_CHARS);
}

/**
 * The title of a session made with "Continue in a new session": the earlier one's with " (continued)", so History
 * does not list two sessions of the same name (new-user review). Untitled stays untitled ("Session N"); a
 * continued one continued again is not marked twice.
 */
export function continuedTitle(title: string | undefined): string | undefined {
  const base = title?.trim();
  if (!base) return undefined;
  return base.endsWith(CONTINUED) ? base : `${base}${CONTINUED}`;
}
const CONTINUED = ' (continued)';
