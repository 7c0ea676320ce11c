/**
 * The hub: the one object the UI talks to (architecture rule 3). Commands in, event batches out.
 *
 * It builds the feature services over one shared {@link CoreContext} and maps each bridge command to one method
 * of the service that owns that state: agents (agents/), sessions (sessions/), history (history/), requests
 * (requests/), links (links/). It runs the same in Electron and in the test harness; neither host adds behaviour
 * of its own. All state lives in main (architecture rule 7): a reloaded renderer asks `getSnapshot` and loses nothing.
 */
import {
  commandParamSchemas,
  isCommandName,
  type BridgeEvent,
  type CommandInput,
  type CommandName,
  type CommandResults,
  type MenuCommand,
  type Snapshot,
} from '../../shared/bridge';
import type { ElicitationMode } from './acp/agent-connection';
import type { McpServerSelection } from './acp/capabilities';
import { AgentManagement } from './agents/agent-management';
import { AgentRuntimes } from './agents/agent-runtimes';
import { AgentSignIn } from './agents/agent-sign-in';
import { AgentSupervisor } from './agents/agent-supervisor';
import { redactLogLine } from './agents/redact';
import { memoryAppSettings, type AppSettingsHost } from './app-settings';
import type { CoreContext } from './core-context';
import { DomainEvents } from './domain-events';
import { ElicitationBroker } from './elicitation/broker';
import { FORM_WARM_UP_DELAY_MS, warmFormPath } from './elicitation/form-warm-up';
import { EventBatcher } from './event-batcher';
import { HistoryCommands } from './history/history-commands';
import { SessionHistory } from './history/session-history';
import type { HubOptions } from './hub-options';
import { openLink } from './links/open-link';
import { RequestService } from './requests/request-service';
import type { Session } from './sessions/session';
import { SessionCommands } from './sessions/session-commands';
import { SessionRegistry } from './sessions/session-registry';
import { checkFolder } from './sessions/working-folder';
import { importZedSettings } from './config/zed-import';

/**
 * How long, in ms, {@link Hub.startAfterFirstSnapshot} waits for a window to ask for its first snapshot before
 * starting the agents anyway (a window that failed to load must not keep them from running: their requests
 * still reach the tray and notifications). A window that loads asks far sooner (docs/performance.md, start-up).
 */
export const FIRST_SNAPSHOT_WAIT_MS = 2000;

/** A bridge command's handler: params as parsed by its schema, the command's result (or a promise of it). */
type CommandHandler<K extends CommandName> = (params: CommandInput<K>) => CommandResults[K] | Promise<CommandResults[K]>;
type CommandHandlers = { [K in CommandName]: CommandHandler<K> };

export class Hub {
  private readonly ctx: CoreContext;
  private readonly listeners = new Set<(events: BridgeEvent[]) => void>();
  private readonly batcher: EventBatcher;
  private readonly appSettings: AppSettingsHost;
  private readonly history: SessionHistory;
  private readonly supervisor: AgentSupervisor;
  private readonly signIn: AgentSignIn;
  private readonly management: AgentManagement;
  private readonly sessions: SessionCommands;
  private readonly historyCommands: HistoryCommands;
  private readonly requests: RequestService;
  /** The one-off warm-up of main's form path, pending until it runs ({@link start}). */
  private formWarmUp: ReturnType<typeof setTimeout> | undefined;
  private stopping = false;
  /** True once {@link start} ran; the agents start once. */
  private started = false;
  /** While {@link startAfterFirstSnapshot} waits: its fallback timer, then the turn after the first snapshot. */
  private pendingStart?: { timer: NodeJS.Timeout; afterSnapshot?: NodeJS.Immediate };

  constructor(private readonly options: HubOptions) {
    this.appSettings = options.appSettings ?? memoryAppSettings();
    this.batcher = new EventBatcher((events) => this.listeners.forEach((l) => l(events)), options.batchIntervalMs);
    const urlMode = options.config.urlMode;
    const modes: ElicitationMode[] = options.urlOpener && urlMode !== 'off' ? ['form', 'url'] : ['form'];
    const emit = (event: BridgeEvent) => this.batcher.push(event);
    const broker = new ElicitationBroker(
      {
        itemChanged: (item) => this.requests.itemChanged(item),
        itemRemoved: (itemId, item) => this.requests.itemRemoved(itemId, item),
        notice: (agentId, text) => emit({ type: 'notice', level: 'info', agentId, text }),
      },
      { urlOpener: options.urlOpener, defaultUrlOpenMode: urlMode === 'off' ? undefined : urlMode },
    );
    const agents = new AgentRuntimes(options.config, modes, emit);
    this.ctx = {
      options,
      agents,
      broker,
      modes,
      sessions: new SessionRegistry((session) =>
        broker.sessionContextChanged(session.view.sessionKey, { sessionTitle: session.view.title, toolCallTitles: session.toolCallTitles }),
      ),
      emit,
      domain: new DomainEvents(),
      flush: () => this.batcher.flush(),
      // Every line is redacted against every agent's env values, token shapes and full URLs first (spec E-PRIV-1).
      log: (line) => options.log?.(redactLogLine(line, agents.secretValues())),
      isStopping: () => this.stopping,
    };
    this.history = new SessionHistory(this.ctx);
    this.supervisor = new AgentSupervisor(this.ctx, (connectionId) => this.sessions.connectionEnded(connectionId));
    this.signIn = new AgentSignIn(this.ctx);
    this.management = new AgentManagement(this.ctx, this.supervisor, () => this.snapshot());
    this.sessions = new SessionCommands(this.ctx, {
      remember: (agentId, change) => this.management.remember(agentId, change),
      overBudget: (runtime, connectionId, clause) => this.supervisor.overBudget(runtime, connectionId, clause),
    });
    this.historyCommands = new HistoryCommands(this.ctx, this.history, this.sessions);
    this.requests = new RequestService(this.ctx, {
      signInRefused: (agentId) => this.signIn.refusedByUser(agentId),
    });
  }

  /** Spawns every enabled agent not started yet (by a Restart or an edit); once. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.clearPendingStart();
    this.supervisor.startAll();
    // The first form of the process would otherwise be described and checked on cold code (form-warm-up.ts).
    this.formWarmUp = setTimeout(() => {
      try {
        warmFormPath();
      } catch (error) {
        this.ctx.log(`warming the form path failed: ${(error as Error).message}`);
      }
    }, FORM_WARM_UP_DELAY_MS);
    this.formWarmUp.unref?.();
  }

  /**
   * Spawns the agents once the window has its first snapshot (the agent list, each agent shown as starting),
   * on the turn after the snapshot is handed to the host to send; or after `waitMs` if no window asks. Spawning
   * each agent and its connection worker otherwise competes with the window's own loading for the CPU
   * (bench scenario e: the window's part of start-up was up to twice as long; docs/performance.md, start-up).
   */
  startAfterFirstSnapshot(waitMs = FIRST_SNAPSHOT_WAIT_MS): void {
    if (this.started || this.stopping || this.pendingStart) return;
    this.pendingStart = { timer: setTimeout(() => this.start(), waitMs) };
  }

  /** Asks the renderer to bring an item into view (the user clicked its notification). */
  focusItem(itemId: string): void {
    this.ctx.emit({ type: 'focusItem', itemId });
  }

  /** Passes a native-menu command to the renderer (see {@link MenuCommand}). */
  menuCommand(command: MenuCommand): void {
    this.ctx.emit({ type: 'menuCommand', command });
  }

  /** The ids of the requests waiting for the user, the one that has waited longest first (tray, menu). */
  waitingItemIds(): string[] {
    return this.requests.waitingItemIds();
  }

  /** True while a form holds an unsent draft (see RequestService.hasOpenDraft); the host then never restarts the app. */
  hasOpenDraft(): boolean {
    return this.requests.hasOpenDraft();
  }

  /** The MCP servers every session of this agent is set up with (see SessionCommands.sessionSetupFor). */
  sessionSetupFor(agentId: string): McpServerSelection {
    return this.sessions.sessionSetupFor(agentId);
  }

  /** Re-applies the agent's remembered mode and options to `session` (see SessionCommands.applyRemembered). */
  applyRemembered(session: Session): Promise<void> {
    return this.sessions.applyRemembered(session);
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
    const { agents, sessions, broker, modes, options } = this.ctx;
    const config = agents.config;
    return {
      agents: agents.all().map((a) => a.view),
      sessions: sessions.all().map((s) => s.view),
      queue: broker.items(),
      defaultCwd: options.defaultCwd,
      mcpServers: config.mcpServers ?? [],
      canPickFolder: options.pickFolder !== undefined,
      ...(options.urlOpener?.recordsOnly ? { urlPagesRecordedOnly: true } : {}),
      urlMode: modes.includes('url') ? (config.urlMode as 'app-window' | 'system-browser') : 'off',
      ...(this.history.notice ? { historyNotice: this.history.notice } : {}),
    };
  }

  /** Ends every agent process (stdin end, then SIGTERM, then SIGKILL) and resolves when all are gone. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.formWarmUp);
    this.clearPendingStart();
    this.requests.stop();
    // History first: what waits now is kept as "ended when Switchboard closed", not "agent disconnected".
    this.history.appClosing();
    await Promise.all(this.ctx.agents.all().map((runtime) => this.supervisor.shutdown(runtime)));
    this.batcher.flush();
    this.batcher.dispose();
    this.history.close();
  }

  private clearPendingStart(): void {
    if (!this.pendingStart) return;
    clearTimeout(this.pendingStart.timer);
    if (this.pendingStart.afterSnapshot) clearImmediate(this.pendingStart.afterSnapshot);
    this.pendingStart = undefined;
  }

  private run<K extends CommandName>(command: K, params: CommandInput<K>): Promise<CommandResults[K]> {
    const handler = this.handlers[command] as CommandHandler<K>;
    return Promise.resolve(handler(params));
  }

  /**
   * One typed handler per bridge command, each one call to the service that owns that state. Each receives its
   * params already parsed by `commandParamSchemas[command]`, so it never casts; adding a command is one schema in
   * the contract and one entry here (TypeScript rejects a missing one).
   */
  private readonly handlers: CommandHandlers = {
    getSnapshot: () => {
      const snapshot = this.snapshot();
      if (this.pendingStart) this.pendingStart.afterSnapshot ??= setImmediate(() => this.start());
      return snapshot;
    },
    // agents
    restartAgent: (p) => done(this.supervisor.restart(p.agentId)),
    authenticate: (p) => done(this.signIn.authenticate(p.agentId, p.methodId)),
    cancelAuthenticate: (p) => done(this.signIn.cancel(p.agentId)),
    getAgentLog: (p) => this.supervisor.agentLog(p.agentId),
    saveAgent: (p) => this.management.saveAgent(p),
    removeAgent: (p) => done(this.management.removeAgent(p.agentId)),
    moveAgent: (p) => done(this.management.moveAgent(p.agentId, p.toIndex)),
    setAgentFlags: (p) => done(this.management.setAgentFlags(p.agentId, p)),
    saveMcpServers: (p) => done(this.management.saveMcpServers(p.servers)),
    importZedSettings: (p) => importZedSettings(p.text),
    // sessions
    newSession: (p) => this.sessions.newSession(p.agentId, p.cwd),
    prompt: (p) => this.sessions.prompt(p.sessionKey, p.text, p.attachments ?? []),
    cancelPrompt: (p) => done(this.sessions.cancelPrompt(p.sessionKey)),
    setSessionMode: (p) => done(this.sessions.setMode(p.sessionKey, p.modeId)),
    setSessionConfigOption: (p) => done(this.sessions.setConfigOption(p.sessionKey, p.configId, p.value)),
    closeSession: (p) => done(this.sessions.close(p.sessionKey)),
    findFiles: (p) => this.sessions.findFiles(p.sessionKey, p.query),
    checkFolder: (p) => checkFolder(p.path),
    pickFolder: (p) => this.pickFolder(p.defaultPath),
    // requests
    answerElicitation: (p) => this.requests.answerElicitation(p),
    answerPermission: (p) => this.requests.answerPermission(p),
    reopenUrl: (p) => done(this.ctx.broker.reopen(p.itemId, p.agentId)),
    saveDraft: (p) => this.ctx.broker.saveDraft(p.itemId, p.values),
    checkFormValues: (p) => this.ctx.broker.checkFormValues(p.itemId, p.values),
    dismissItem: (p) => done(this.ctx.broker.dismiss(p.itemId)),
    // history
    listHistory: (p) => this.historyCommands.list(p.query, p.cursor),
    openHistory: (p) => this.historyCommands.open(p.historyId),
    resumeHistory: (p) => this.historyCommands.resume(p.historyId),
    continueHistory: (p) => this.historyCommands.continue(p.historyId),
    deleteHistory: (p) => this.historyCommands.delete(p.historyId),
    listAgentSessions: (p) => this.historyCommands.listAgentSessions(p.agentId, p.cursor),
    openAgentSession: (p) => this.historyCommands.openAgentSession(p.agentId, p.sessionId, p.cwd, p.title),
    // links and settings
    openExternal: (p) => openLink(this.options.openExternal, p.url, p.text, p.confirmed === true),
    getAppSettings: () => this.appSettings.read(),
    setAppSettings: (p) => this.appSettings.update(p),
  };

  /** Shows the host's folder picker. @throws Error when this host has none. */
  private async pickFolder(defaultPath: string | undefined): Promise<CommandResults['pickFolder']> {
    if (!this.options.pickFolder) throw new Error('There is no folder picker here; type the folder instead.');
    const path = await this.options.pickFolder(defaultPath);
    return path ? { path } : {};
  }
}

/** The empty result of a command that answers nothing, once `work` (sync or async) is done. */
function done(work: void | Promise<void>): Nothing | Promise<Nothing> {
  return work instanceof Promise ? work.then((): Nothing => ({})) : {};
}

/** What a command that answers nothing resolves with. */
type Nothing = Record<string, never>;
