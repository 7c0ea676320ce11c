/**
 * Each agent's process and connection over its life: launch and handshake, a handshake that fails, a connection
 * lost, an exit (told with what it printed), restarts (the user's, and automatic ones with backoff after a crash),
 * and shutdown. One agent's trouble stays with that agent (architecture rule 8).
 */
import { randomUUID } from 'node:crypto';
import type { StoppedDetail } from '../../../shared/views/agents';
import { HandshakeFailed, MAX_QUOTED_OUTPUT_CHARS, exitedClause, handshakeSentence, schemaIssuesClause } from '../acp/handshake-failure';
import { connectAgentInWorker, endedByAgent } from '../acp/worker/connection-proxy';
import { OutputBeforeReady } from '../acp/worker/output-before-ready';
import { BudgetExceeded, stoppedSentence } from '../budgets';
import type { CoreContext } from '../core-context';
import type { ExitInfo } from './agent-process';
import type { AgentRuntime } from './agent-runtimes';
import { connectionCallbacks } from './connection-callbacks';
import { startAgent, terminalSignInFor } from './launch-spec';
import { quoteForUser, redactSecrets } from './redact';
import type { RunningAgent } from './running-agent';
import { stderrTail } from './stderr-tail';

const CLIENT_INFO = { name: 'switchboard', title: 'Switchboard', version: '0.1.0' };

/**
 * How long an agent that closed its output may take to exit before it is stopped, in ms: its exit status
 * says more than "closed", and the status must be honest within a second.
 */
const AGENT_EXIT_GRACE_MS = 500;

/**
 * How long, in ms, the status of an agent that exited before it answered `initialize` waits for its connection
 * worker to report what the agent printed, when main's own copy of its output holds no line to quote (the worker
 * may have a JSON-RPC error it answered with); the worker may still be starting (it boots in 0.1–1 s, more on a
 * loaded machine). Without a report by then, the exit is told with main's copy, or alone.
 */
const HANDSHAKE_VERDICT_WAIT_MS = 5000;

/** Starts, watches, restarts and stops the agents of the registry in the context. */
export class AgentSupervisor {
  /**
   * @param connectionEnded what a closed connection means for the rest of the core (items disconnected, sessions
   * no longer live); called once per connection Switchboard stops or loses.
   */
  constructor(
    private readonly ctx: CoreContext,
    private readonly connectionEnded: (connectionId: string) => void,
  ) {}

  /** Spawns every enabled agent that has no connection yet and that no Restart is already starting. */
  startAll(): void {
    // A runtime that a Restart is stopping or starting is that Restart's to launch (a start in the gap after its
    // old connection was cleared would launch a second copy).
    for (const runtime of this.ctx.agents.all()) {
      if (runtime.view.enabled && runtime.connectionId === undefined && !runtime.restarting) void this.launch(runtime);
    }
  }

  /** Starts the agent and its handshake; never rejects (a failure is the agent's status). */
  async launch(runtime: AgentRuntime): Promise<void> {
    const { config } = runtime;
    const { agents, options } = this.ctx;
    agents.setView(runtime, { status: { kind: 'starting' }, protocolVersion: undefined, agentInfo: undefined, capabilities: undefined, authMethods: [], signingIn: undefined, signedIn: undefined });
    let process: RunningAgent;
    try {
      process = startAgent(config, options.builtinAgents);
    } catch (error) {
      agents.setView(runtime, { status: { kind: 'failed', message: (error as Error).message } });
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
        modes: [...this.ctx.modes],
        clientInfo: CLIENT_INFO,
        initializeTimeoutMs: options.initializeTimeoutMs,
        callbacks: connectionCallbacks(this.ctx, runtime, connectionId),
        log: (line) => this.ctx.log(`agent ${config.id}: ${line}`),
        notice: (text) => this.ctx.emit({ type: 'notice', level: 'error', agentId: config.id, text: `${config.name}: ${text}` }),
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
      agents.setView(runtime, {
        status: { kind: 'ready' },
        protocolVersion: connection.version,
        agentInfo: connection.agentInfo,
        capabilities: connection.capabilities,
        authMethods: connection.authMethods.map(({ terminal, ...method }) => {
          const signIn = terminalSignInFor(config, terminal, options.builtinAgents);
          if (!signIn) return method;
          // A refused method stays listed, its refusal in place of the agent's description (and on Sign in).
          return 'command' in signIn ? { ...method, terminalCommand: signIn.command } : { ...method, description: signIn.refused };
        }),
      });
      this.ctx.log(`agent ${config.id}: ready, ACP v${connection.version}`);
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
   * The user's Restart: the old connection ends at once, and a second press waits for the first.
   * @throws Error when the agent is unknown or turned off.
   */
  async restart(agentId: string): Promise<void> {
    const runtime = this.ctx.agents.require(agentId);
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
      if (!this.ctx.isStopping() && this.ctx.agents.get(agentId) === runtime && runtime.view.enabled) void this.launch(runtime);
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
  async shutdown(runtime: AgentRuntime): Promise<void> {
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

  /** The `getAgentLog` command: the agent's stderr, redacted against every agent's env values (spec E-PRIV-1). */
  agentLog(agentId: string): { text: string } {
    const runtime = this.ctx.agents.require(agentId);
    return { text: redactSecrets(runtime.process?.stderrText() ?? '', Object.values(runtime.config.env)) };
  }

  /** Main's side of a budget (a session's transcript): the agent is stopped with a sentence. */
  overBudget(runtime: AgentRuntime, connectionId: string, clause: string): void {
    const connection = runtime.connection;
    this.connectionLost(runtime, connectionId, new BudgetExceeded(clause));
    connection?.close();
  }

  /**
   * The handshake failed while the agent still runs: it is told in one sentence (the status the sidebar and the
   * pane show), stopped, and not restarted on its own (it would do the same again); once it has exited, its last
   * stderr lines join the status.
   */
  private handshakeFailed(runtime: AgentRuntime, connectionId: string, process: RunningAgent, error: unknown): void {
    const { config } = runtime;
    const { agents } = this.ctx;
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
    agents.setView(runtime, { status: { kind: 'failed', message, ...fix } });
    // The clause only: what the agent printed can hold anything, and stays out of the log (spec E-PRIV-1).
    this.ctx.log(`agent ${config.id}: handshake failed: ${error instanceof Error ? error.message : String(error)}`);
    void process.stop().then((exit) => {
      if (runtime.process !== process || runtime.connectionId !== undefined || runtime.view.status.kind !== 'failed') return;
      this.ctx.log(`agent ${config.id}: ${exit.message}`);
      agents.setView(runtime, { status: { kind: 'failed', message, ...this.stoppedDetail(runtime, { ...exit, fix: undefined }), ...fix } });
    });
  }

  /** A line the agent printed, redacted whole and then cut (spec E-PRIV-1), or undefined. */
  private quoted(printed: string | undefined): string | undefined {
    if (printed === undefined) return undefined;
    return quoteForUser(printed, this.ctx.agents.secretValues(), MAX_QUOTED_OUTPUT_CHARS) || undefined;
  }

  /**
   * The connection ended while the process may still run (the agent shows why within a second, never "Ready").
   * An agent that went over a budget, or whose connection failed, is stopped with a sentence and not restarted on
   * its own (it would do the same again). An agent that closed its output is about to exit: its exit says why; if
   * it is still running shortly after, it is stopped.
   */
  private connectionLost(runtime: AgentRuntime, connectionId: string, reason: unknown): void {
    this.ctx.broker.connectionClosed(connectionId);
    if (runtime.connectionId !== connectionId || this.ctx.isStopping()) return;
    const process = runtime.process;
    const fail = (message: string) => {
      if (runtime.connectionId !== connectionId) return;
      runtime.connectionId = undefined;
      runtime.connection = undefined;
      this.connectionEnded(connectionId);
      this.ctx.agents.setView(runtime, { status: { kind: 'failed', message }, signingIn: undefined });
      this.ctx.log(`agent ${runtime.config.id}: ${message}`);
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
    this.ctx.log(`agent ${runtime.config.id}: ${exit.message}${stderrBytes ? ` (${stderrBytes} bytes of stderr in its log view)` : ''}`);
    if (this.ctx.isStopping()) return;
    const detail = this.stoppedDetail(runtime, exit);
    if (exit.neverStarted) {
      this.ctx.agents.setView(runtime, { status: { kind: 'failed', message: exit.message, ...detail } });
      return;
    }
    if (runtime.view.status.kind !== 'starting') return this.exitStatus(runtime, exit, exit.message, false);
    // Ended before it answered initialize: told as a handshake that failed, with what it printed instead.
    const process = runtime.process;
    const earlyOutput = runtime.earlyOutput;
    void readToItsEnd(runtime).then(() => {
      if (this.ctx.isStopping() || runtime.process !== process || runtime.connectionId !== undefined) return;
      const printed = runtime.printedBeforeExit ?? earlyOutput?.printed;
      const message = handshakeSentence(runtime.config.name, exitedClause(exit.code, exit.signal), this.quoted(printed));
      // Ended without a word of ACP: the command as a whole is what to check, unless its exit names the command.
      this.exitStatus(runtime, { ...exit, fix: exit.fix ?? 'protocol' }, message, true);
    });
  }

  /**
   * The status an exit leaves: "failed" when the agent never completed the handshake, whatever its exit code (a
   * program that ends without a word of ACP did not start as an agent; it is not restarted); otherwise a clean
   * exit is "exited", anything else a crash, restarted on its own with backoff until it crashes too often (then
   * the user decides).
   */
  private exitStatus(runtime: AgentRuntime, exit: ExitInfo, message: string, beforeHandshake: boolean): void {
    const { agents } = this.ctx;
    const detail = this.stoppedDetail(runtime, exit);
    if (beforeHandshake) {
      // A program that ends before it completed the handshake, whatever its exit code, never started as an
      // agent: it is not a crash of a working one, and restarting it would only do the same again. Told once.
      agents.setView(runtime, { status: { kind: 'failed', message, ...detail } });
      return;
    }
    if (exit.code === 0 && !exit.signal) {
      agents.setView(runtime, { status: { kind: 'exited', code: exit.code, signal: exit.signal, message, ...detail } });
      return;
    }
    // A crash: restart on its own with backoff, until it crashes too often (then the user decides).
    const delay = runtime.restartPolicy.crashed(Date.now());
    const restartAt = delay === undefined ? undefined : Date.now() + delay;
    agents.setView(runtime, { status: { kind: 'crashed', code: exit.code, signal: exit.signal, message, ...detail, ...(restartAt ? { restartAt } : {}) } });
    if (delay === undefined) {
      this.ctx.emit({ type: 'notice', level: 'error', agentId: runtime.config.id, text: `${runtime.config.name} keeps crashing; it will not be restarted until you press Restart.` });
      return;
    }
    runtime.restartTimer = setTimeout(() => {
      runtime.restartTimer = undefined;
      if (!this.ctx.isStopping() && runtime.connectionId === undefined && agents.get(runtime.config.id) === runtime) void this.launch(runtime);
    }, delay);
  }

  /**
   * What a stopped agent's status carries besides its sentence: the tail of its stderr, redacted against every
   * agent's env values like any log line (spec E-PRIV-1), and the setting to check.
   */
  private stoppedDetail(runtime: AgentRuntime, exit: ExitInfo): StoppedDetail {
    const tail = stderrTail(runtime.process?.stderrText() ?? '', this.ctx.agents.secretValues());
    return { ...(tail.length ? { stderrTail: tail } : {}), ...(exit.fix && !runtime.config.builtin ? { fix: exit.fix } : {}) };
  }
}

/**
 * Waits until what an agent that exited before the handshake printed has been read: its stdout and stderr
 * closed (bounded by {@link AGENT_EXIT_GRACE_MS}: a descendant may hold them open), and, when main's own copy
 * holds no line to quote, the worker's verdict, which may quote a JSON-RPC error it answered with (bounded by
 * {@link HANDSHAKE_VERDICT_WAIT_MS}: the worker may still be booting). Never rejects.
 */
async function readToItsEnd(runtime: AgentRuntime): Promise<void> {
  await within(runtime.process?.outputClosed ?? Promise.resolve(), AGENT_EXIT_GRACE_MS);
  if (runtime.earlyOutput?.printed === undefined) await within(runtime.handshake ?? Promise.resolve(), HANDSHAKE_VERDICT_WAIT_MS);
}

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
