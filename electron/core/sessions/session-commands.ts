/**
 * The session commands: open a new session on a ready agent, prompt it, stop a turn, switch its mode or config
 * options (remembered for the agent's next sessions), and close it. Each session is bound to one connection
 * (spec E-REQ-7); once that connection ends, the session stays readable but takes no command.
 */
import { randomUUID } from 'node:crypto';
import { RequestError } from '@agentclientprotocol/sdk';
import type { PromptAttachment } from '../../../shared/bridge';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import { mcpServersFor, type McpServerSelection } from '../acp/capabilities';
import { PROMPT_LABEL } from '../acp/request-labels';
import type { RemoteConnection } from '../acp/worker/connection-proxy';
import { describeAgentError, withoutJsonRpcName } from '../agents/agent-error';
import type { AgentMemory } from '../agents/agent-management';
import type { AgentRuntime } from '../agents/agent-runtimes';
import type { CoreContext } from '../core-context';
import { findFiles } from './file-finder';
import { buildPrompt } from './prompt-content';
import { Session } from './session';
import { checkFolder, defaultFolder, rememberFolder } from './working-folder';

/**
 * Characters of a `sessionId` an agent hands out that Switchboard takes: real ones are UUIDs (36). The id goes with
 * every event of its session to the renderer and into the history, and is what `openAgentSession` takes back (500).
 */
export const MAX_SESSION_ID_CHARS = 500;

/** What the session commands need from the agents' side, handed in at construction. */
export interface SessionCommandsDeps {
  /** Saves a change to what is remembered for an agent (agent-management.ts); never rejects. */
  remember(agentId: string, change: (memory: AgentMemory) => AgentMemory): Promise<void>;
  /** Main's side of a budget: the agent is stopped with a sentence (agent-supervisor.ts). */
  overBudget(runtime: AgentRuntime, connectionId: string, clause: string): void;
}

/** A transcript and title to start a new session with ("Continue in a new session"). */
export interface ContinuedFrom {
  entries: TranscriptEntry[];
  title?: string;
}

/** The live sessions' commands over the registry in the context. */
export class SessionCommands {
  constructor(
    private readonly ctx: CoreContext,
    private readonly deps: SessionCommandsDeps,
  ) {}

  /**
   * What every session of this agent is set up with, for `session/new` and for load/resume alike: the
   * agent's chosen MCP servers in the shapes its capabilities accept (the rest skipped, with the reason).
   * Call after the agent is ready. Remembered modes and options are applied by {@link applyRemembered}.
   * @throws Error when the agent is unknown or not connected.
   */
  sessionSetupFor(agentId: string): McpServerSelection {
    const runtime = this.ctx.agents.require(agentId);
    const connection = runtime.connection;
    if (!connection) throw new Error(`${runtime.config.name} is not ready.`);
    const chosen = new Set(runtime.config.mcpServers ?? []);
    const servers = (this.ctx.agents.config.mcpServers ?? []).filter((s) => chosen.has(s.name));
    return mcpServersFor(connection.version, servers, connection.capabilities);
  }

  /**
   * `session/new` in `requestedCwd` (default: the agent's folder, else its last one, else the user's home), or a
   * continuation of an earlier transcript. @throws Error, a plain sentence, when the agent or folder cannot.
   */
  async newSession(agentId: string, requestedCwd: string | undefined, continued?: ContinuedFrom): Promise<{ sessionKey: string }> {
    const { agents, options } = this.ctx;
    const runtime = agents.require(agentId);
    const connection = runtime.connection;
    if (!connection || runtime.view.status.kind !== 'ready') throw new Error(`${runtime.config.name} is not ready.`);
    const folder = await checkFolder(requestedCwd ?? defaultFolder({ cwd: runtime.config.cwd, recentFolders: runtime.config.remembered?.recentFolders }, options.defaultCwd));
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
        if (runtime.view.signedIn) agents.setView(runtime, { signedIn: undefined });
        throw new Error(`${runtime.config.name} asks you to sign in first: use a Sign in button above.`);
      }
      throw new Error(`${runtime.config.name} could not start a session: ${describeAgentError(error, agents.secretValues())}`);
    }
    const { sessionId, ...sessionSetup } = created;
    // Spec E-REQ-7: every update, prompt and request is bound to one tab by (connection, sessionId); a
    // second tab under an id the agent already uses would receive the first tab's traffic.
    if (typeof sessionId !== 'string' || !sessionId || sessionId.length > MAX_SESSION_ID_CHARS) throw new Error(unusableSessionIdSentence(runtime.config.name));
    if (this.ctx.sessions.find(connectionId, sessionId)) throw new Error(duplicateSessionSentence(runtime.config.name));
    const session = new Session(
      {
        sessionKey: `session-${randomUUID()}`,
        agentId,
        sessionId,
        cwd,
        connectionId,
        version: connection.version,
        quote: (agentText) => describeAgentError(agentText, agents.secretValues()),
        setup: sessionSetup,
        mcp: { sent: setup.mcpServers.map((s) => String(s.name)), skipped: setup.skipped },
        historyId: `history-${randomUUID()}`,
        origin: continued ? 'continued' : 'new',
        ...(continued ? { entries: continued.entries, ...(continued.title ? { title: continued.title } : {}) } : {}),
      },
      (event) => this.ctx.emit(event),
      (clause) => this.deps.overBudget(runtime, connectionId, clause),
      this.ctx.domain,
    );
    this.ctx.emit({ type: 'session', session: session.view });
    this.ctx.sessions.add(session);
    this.ctx.domain.publish({ type: 'session-started', session });
    // Deliver the new session before the command's result, so a renderer that selects it at once (and
    // the user who types straight away) finds it; both hosts keep events and results in order.
    this.ctx.flush();
    void this.deps.remember(agentId, (memory) => ({ ...memory, recentFolders: rememberFolder(memory.recentFolders, cwd) }));
    void this.applyRemembered(session);
    return { sessionKey: session.view.sessionKey };
  }

  /**
   * Re-applies the agent's remembered mode and config option values to a new (or loaded, resumed)
   * session, where the session offers them and they differ from its current values. A refusal is
   * written into the session's transcript, never hidden. Never rejects.
   */
  async applyRemembered(session: Session): Promise<void> {
    const runtime = this.ctx.agents.get(session.view.agentId);
    const memory = runtime?.config.remembered;
    const connection = runtime?.connection;
    if (!memory || !connection || runtime.connectionId !== session.connectionId) return;
    const secrets = () => this.ctx.agents.secretValues();
    const { modes } = session.view;
    if (memory.modeId && modes && modes.currentModeId !== memory.modeId && modes.available.some((m) => m.id === memory.modeId)) {
      try {
        await connection.setMode(session.view.sessionId, memory.modeId);
        session.modeChanged(memory.modeId);
      } catch (error) {
        session.transcript.system(`Your last mode (${memory.modeId}) could not be set again: ${describeAgentError(error, secrets())}`);
      }
    }
    for (const [configId, value] of Object.entries(memory.configOptions ?? {})) {
      const option = session.view.configOptions?.find((o) => o.configId === configId);
      if (!option || option.currentValue === value || typeof option.currentValue !== typeof value) continue;
      if (option.type === 'select' && !option.options.some((o) => o.value === value)) continue;
      try {
        session.configOptionsChanged(await connection.setConfigOption(session.view.sessionId, configId, value));
      } catch (error) {
        session.transcript.system(`Your last ${option.name} (${String(value)}) could not be set again: ${describeAgentError(error, secrets())}`);
      }
    }
  }

  /** v1 `session/set_mode`; the choice is remembered for the agent's next sessions. @throws Error, a sentence. */
  async setMode(sessionKey: string, modeId: string): Promise<void> {
    const { session, connection } = this.requireLiveSession(sessionKey);
    if (!session.view.modes?.available.some((m) => m.id === modeId)) throw new Error('The agent does not offer that mode.');
    try {
      await connection.setMode(session.view.sessionId, modeId);
    } catch (error) {
      throw new Error(`${this.ctx.agents.name(session.view.agentId)} did not switch the mode: ${withoutJsonRpcName(describeAgentError(error, this.ctx.agents.secretValues()))}`);
    }
    session.modeChanged(modeId);
    await this.deps.remember(session.view.agentId, (memory) => ({ ...memory, modeId }));
  }

  /** `session/set_config_option`; the choice is remembered for the agent's next sessions. @throws Error, a sentence. */
  async setConfigOption(sessionKey: string, configId: string, value: string | boolean): Promise<void> {
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
      throw new Error(`${this.ctx.agents.name(session.view.agentId)} did not switch ${what}: ${withoutJsonRpcName(describeAgentError(error, this.ctx.agents.secretValues()))}`);
    }
    await this.deps.remember(session.view.agentId, (memory) => ({ ...memory, configOptions: { ...memory.configOptions, [configId]: value } }));
  }

  /** `session/prompt` with the text and attachments; resolves when the turn ends. @throws Error, a sentence. */
  async prompt(sessionKey: string, text: string, attachments: PromptAttachment[]): Promise<{ stopReason?: string }> {
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
      const message = describePromptFailure(error, connection.signal.aborted, this.ctx.agents.secretValues());
      session.transcript.system(message);
      session.turnEnded(undefined);
      throw new Error(message);
    }
  }

  /** `session/cancel`: the user pressed Stop. */
  async cancelPrompt(sessionKey: string): Promise<void> {
    const { session, connection } = this.requireLiveSession(sessionKey);
    const { broker } = this.ctx;
    // Permissions follow the ACP v1 rule and are answered "cancelled"; elicitations stay open (spec E-CXL-3),
    // and read "You stopped the turn" if the agent withdraws them now.
    broker.cancelPermissions(sessionKey);
    // A request-scoped one asked "while answering your prompt" belongs to this turn only when no other session of
    // the connection has a prompt in flight (its prompt's request id is not ours to match here).
    const turns = this.ctx.sessions.all().filter((s) => s.connectionId === session.connectionId && s.view.promptInFlight).length;
    broker.turnStopped(sessionKey, turns <= 1 ? { connectionId: session.connectionId, label: PROMPT_LABEL } : undefined);
    await connection.cancel(session.view.sessionId);
  }

  /** Files under the session's folder matching `query`, for the prompt's @-mentions. @throws Error for no session. */
  findFiles(sessionKey: string, query: string): ReturnType<typeof findFiles> {
    const session = this.ctx.sessions.get(sessionKey);
    if (!session) throw new Error('There is no such session.');
    return findFiles(session.view.cwd, query);
  }

  /**
   * Closes a session's tab: `session/close` where the agent advertises it (its MCP servers and processes
   * can go), then the session is no longer live. Its history stays. An agent's error is reported, not thrown.
   */
  async close(sessionKey: string): Promise<void> {
    const session = this.ctx.sessions.get(sessionKey);
    if (!session) return;
    const runtime = this.ctx.agents.get(session.view.agentId);
    const connection = runtime?.connection;
    if (runtime && connection && runtime.connectionId === session.connectionId && connection.sessionLifecycle.close) {
      this.ctx.broker.cancelPermissions(sessionKey);
      try {
        await connection.closeSession(session.view.sessionId);
      } catch (error) {
        this.ctx.emit({ type: 'notice', level: 'info', agentId: runtime.config.id, text: `${runtime.config.name} could not close the session: ${describeAgentError(error, this.ctx.agents.secretValues())}` });
      }
    }
    this.ctx.domain.publish({ type: 'session-ended', sessionKey, why: 'closed' });
    this.drop(session);
  }

  /** Drops a session from the live ones: its tab goes, and History redraws. Its record is the caller's to end. */
  drop(session: Session): void {
    this.ctx.sessions.remove(session.view.sessionKey);
    this.ctx.emit({ type: 'sessionRemoved', sessionKey: session.view.sessionKey });
    this.ctx.emit({ type: 'historyChanged' });
  }

  /** What a closed connection means for the UI: items disconnected, prompts no longer in flight, records ended. */
  connectionEnded(connectionId: string): void {
    this.ctx.broker.connectionClosed(connectionId);
    this.ctx.sessions.connectionEnded(connectionId);
    if (this.ctx.isStopping()) return;
    for (const session of this.ctx.sessions.all()) {
      if (session.connectionId === connectionId) this.ctx.domain.publish({ type: 'session-ended', sessionKey: session.view.sessionKey, why: 'agent-stopped' });
    }
  }

  private requireLiveSession(sessionKey: string): { session: Session; connection: RemoteConnection } {
    const session = this.ctx.sessions.get(sessionKey);
    if (!session) throw new Error('There is no such session.');
    const runtime = this.ctx.agents.get(session.view.agentId);
    if (!runtime?.connection || runtime.connectionId !== session.connectionId) {
      throw new Error('This session ended when its agent stopped; start a new session.');
    }
    return { session, connection: runtime.connection };
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

/** The user's sentence when an agent's `session/new` answer has no usable `sessionId` (empty, not text, too long). */
function unusableSessionIdSentence(agentName: string): string {
  return `${agentName} answered without a usable session id (text of 1 to ${MAX_SESSION_ID_CHARS} characters), so no new session was opened.`;
}

/** The user's sentence when an agent hands out a `sessionId` one of its live sessions already has. */
function duplicateSessionSentence(agentName: string): string {
  return `${agentName} answered with a session id it already uses, so no new session was opened.`;
}

/** The agent answered -32000 "Authentication required". */
function isAuthRequired(error: unknown): boolean {
  return error instanceof RequestError && error.code === -32000;
}
