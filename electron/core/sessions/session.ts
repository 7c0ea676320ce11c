/**
 * One ACP session as the UI sees it: its view, its transcript, its foreground state. It applies
 * normalised session updates and reports every change through `emit`; it never talks to the agent.
 */
import type { BridgeEvent } from '../../../shared/bridge';
import type { SessionView } from '../../../shared/views/sessions';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import type { SessionSetup } from '../acp/agent-connection';
import type { NormalizedUpdate } from '../acp/session-updates';
import type { DomainEvents } from '../domain-events';
import { SessionTerminals } from './terminals';
import { derivedForeground, isWorking, reportedForeground } from './foreground';
import { Transcript } from './transcript';
import { MAX_AGENT_ERROR_CHARS } from '../budgets';
import { quoteForUser } from '../agents/redact';

export interface SessionInit {
  sessionKey: string;
  agentId: string;
  sessionId: string;
  cwd: string;
  connectionId: string;
  /** Protocol version of the connection: v2 reports its foreground state, v1's is derived. */
  version: number;
  /** Modes, config options and commands from the `session/new` result. */
  setup?: SessionSetup;
  /** MCP servers sent with `session/new`, and those left out with the reason. */
  mcp?: SessionView['mcp'];
  /** Its record in Switchboard's history. */
  historyId?: string;
  origin?: SessionView['origin'];
  title?: string;
  /** Entries shown before anything the agent sends (a resumed or continued session's stored transcript). */
  entries?: TranscriptEntry[];
  /**
   * The agent's own words made safe to quote in a sentence of Switchboard's: redacted, on one line, cut (the hub
   * passes its describeAgentError, which knows every agent's env values; spec E-PRIV-1). Defaults to the same
   * without known values.
   */
  quote?: (agentText: string) => string;
}

export class Session {
  view: SessionView;
  readonly connectionId: string;
  readonly transcript: Transcript;
  /** Tool call titles by id, for naming the tool call a request belongs to (spec E-REQ-7). */
  readonly toolCallTitles = new Map<string, string>();
  private readonly reportsState: boolean;
  private readonly quote: (agentText: string) => string;
  /** Between `beginReplay` and `replayFinished`: a `session/load` or `session/resume` is replaying. */
  private replaying = false;
  /** v1: pending elicitations and permission requests of this session (for the derived state). */
  private waitingItems = 0;
  private readonly terminals = new SessionTerminals();

  /**
   * @param overBudget told once when the agent's output would take this session's transcript past its
   *   budget (budgets.ts), with the clause for "Switchboard stopped <agent>: …".
   * @param domain where its changes are published for the history (`session-updated`); none in tests that only draw.
   */
  constructor(
    init: SessionInit,
    private readonly emit: (event: BridgeEvent) => void,
    overBudget?: (clause: string) => void,
    private readonly domain?: DomainEvents,
  ) {
    this.connectionId = init.connectionId;
    this.quote = init.quote ?? ((agentText) => quoteForUser(agentText, [], MAX_AGENT_ERROR_CHARS));
    this.reportsState = init.version >= 2;
    this.view = {
      sessionKey: init.sessionKey,
      agentId: init.agentId,
      sessionId: init.sessionId,
      cwd: init.cwd,
      promptInFlight: false,
      transcript: init.entries ? [...init.entries] : [],
      suggestions: init.setup?.commands ?? [],
      ...(init.setup?.modes ? { modes: init.setup.modes } : {}),
      configOptions: init.setup?.configOptions ?? [],
      mcp: init.mcp ?? { sent: [], skipped: [] },
      foreground: this.reportsState ? { state: 'idle', derived: false } : derivedForeground(false, 0, undefined),
      ...(init.historyId ? { historyId: init.historyId } : {}),
      ...(init.origin ? { origin: init.origin } : {}),
      ...(init.title ? { title: init.title } : {}),
    };
    this.transcript = new Transcript(
      this.view.transcript,
      (upserts, appends) => {
        this.emit({ type: 'transcript', sessionKey: init.sessionKey, upserts, ...(appends.length ? { appends } : {}) });
        this.domain?.publish({ type: 'session-updated', sessionKey: init.sessionKey, entryIds: [...upserts, ...appends].map((e) => e.entryId) });
      },
      overBudget,
    );
  }

  /** The user sent a prompt: it shows at once, and the session is working. */
  promptStarted(text: string, attachments: string[] = []): void {
    this.transcript.user(text, attachments);
    this.set({ promptInFlight: true });
    this.derive();
  }

  /** The turn ended (v1: the prompt's response; v2: `state_update` idle; or the connection went away). */
  turnEnded(stopReason: string | undefined): void {
    this.transcript.endStreams();
    this.transcript.endToolCalls(stopReason === 'cancelled' ? 'stopped' : 'ended with the turn');
    this.set({ promptInFlight: false, ...(stopReason ? { lastStopReason: stopReason } : {}) });
    this.derive();
  }

  /**
   * The agent's connection is gone: nothing can be running or waiting in this session any more, whatever
   * the agent last reported (spec E-STATE-1: show the state honestly).
   */
  connectionLost(): void {
    this.transcript.endStreams();
    this.transcript.endToolCalls('agent disconnected');
    this.waitingItems = 0;
    // `derived` stays what the protocol makes it: a v2 session must not read as "does not report its state".
    this.set({ promptInFlight: false, foreground: { state: 'idle', derived: !this.reportsState }, ended: true });
  }

  /**
   * A `session/load` or `session/resume` finished: nothing replayed is still running unless the agent
   * says so (a v2 snapshot); replayed tool calls left unfinished are shown as ended.
   */
  beginReplay(): void {
    this.replaying = true;
  }

  replayFinished(): void {
    this.replaying = false;
    this.transcript.endStreams();
    // v2: the snapshot says whether a turn still runs; v1: nothing runs without a prompt in flight.
    const running = this.reportsState ? this.view.foreground.state !== 'idle' : this.view.promptInFlight;
    if (!running) this.transcript.endToolCalls('not finished when the session was resumed');
  }

  /**
   * A load or resume answered with the session's modes, options and commands (an empty list keeps what
   * updates already said), and the MCP servers it was given.
   */
  setupChanged(setup: SessionSetup, mcp: NonNullable<SessionView['mcp']>): void {
    this.set({
      mcp,
      ...(setup.modes ? { modes: setup.modes } : {}),
      ...(setup.configOptions.length ? { configOptions: setup.configOptions } : {}),
      ...(setup.commands?.length ? { suggestions: setup.commands } : {}),
    });
  }

  /** The agent accepted a mode change (`session/set_mode` answered). */
  modeChanged(currentModeId: string): void {
    if (this.view.modes) this.set({ modes: { ...this.view.modes, currentModeId } });
  }

  /** The agent's full config option list after `session/set_config_option`. */
  configOptionsChanged(configOptions: NonNullable<SessionView['configOptions']>): void {
    this.set({ configOptions });
  }

  /** v1: how many of this session's items wait for the user; feeds the derived state (spec E-STATE-1). */
  setWaitingItems(count: number): void {
    if (count === this.waitingItems) return;
    this.waitingItems = count;
    this.derive();
  }

  /**
   * Applies one update. Returns true when the context a queue item shows may have changed (the session
   * title or a tool call title), so the caller can refresh those items.
   */
  apply(update: NormalizedUpdate): boolean {
    switch (update.kind) {
      case 'agent_text':
        this.transcript.stream('message', update.text, update.messageId);
        return false;
      case 'thought_text':
        this.transcript.stream('thought', update.text, update.messageId);
        return false;
      case 'user_text':
        // Live, it echoes the prompt already shown; during a load or resume it is the conversation.
        if (this.replaying) this.transcript.stream('user', update.text, update.messageId);
        return false;
      case 'tool_call': {
        const toolCall = this.transcript.toolCall(update.toolCallId, update.fields, update.content, update.appendContent);
        if (this.toolCallTitles.get(update.toolCallId) === toolCall.title) return false;
        this.toolCallTitles.set(update.toolCallId, toolCall.title);
        return true;
      }
      case 'plan':
        this.transcript.plan(update.entries, update.notShown);
        return false;
      case 'commands':
        this.set({ suggestions: update.commands });
        return false;
      case 'mode':
        this.modeChanged(update.currentModeId);
        return false;
      case 'config_options':
        this.set({ configOptions: update.configOptions });
        return false;
      case 'usage': {
        const cost = update.cost === undefined ? this.view.usage?.cost : (update.cost ?? undefined);
        this.set({ usage: { used: update.used, size: update.size, ...(cost ? { cost } : {}) } });
        return false;
      }
      case 'terminal': {
        const { kind: _kind, terminalId, ...patch } = update;
        const terminal = this.terminals.update(terminalId, patch);
        if (terminal) this.transcript.terminal(terminal);
        return false;
      }
      case 'terminal_output': {
        const terminal = this.terminals.append(update.terminalId, update.data);
        if (terminal) this.transcript.terminal(terminal);
        return false;
      }
      case 'session_info':
        if (update.title === undefined || update.title === this.view.title) return false;
        this.set({ title: update.title });
        return true;
      case 'state':
        // Quoted on one line: an error of "\n\nSwitchboard: …" must not read as a paragraph of Switchboard's own.
        if (update.error && this.reportsState) this.transcript.system(`The agent stopped with an error: “${this.quote(update.error)}”`);
        this.report(update.state, update.stopReason);
        return false;
      case 'notice':
        this.transcript.notice(update.text);
        return false;
      case 'unknown':
        this.transcript.other(update.sessionUpdate, update.summary);
        return false;
      case 'ignored':
        return false;
    }
  }

  /**
   * v2 `state_update` (spec E-STATE-1, E-STATE-2). Shown as reported; a repeated idle snapshot with an
   * old stop reason changes nothing else (spec E-CXL-5: no elicitation is touched here).
   */
  private report(state: string, stopReason: string | undefined): void {
    if (!this.reportsState) return;
    const foreground = reportedForeground(state, stopReason);
    if (foreground.state === 'idle') {
      this.transcript.endStreams();
      this.transcript.endToolCalls(stopReason === 'cancelled' ? 'stopped' : 'ended with the turn');
    }
    this.set({
      foreground,
      promptInFlight: isWorking(foreground),
      ...(foreground.state === 'idle' && stopReason ? { lastStopReason: stopReason } : {}),
    });
  }

  private derive(): void {
    if (this.reportsState) return;
    this.set({ foreground: derivedForeground(this.view.promptInFlight, this.waitingItems, this.view.lastStopReason) });
  }

  private set(patch: Partial<Omit<SessionView, 'transcript'>>): void {
    const before = this.view;
    this.view = { ...this.view, ...patch };
    const { transcript: _transcript, ...fields } = this.view;
    this.emit({ type: 'session', session: fields });
    const { title, lastStopReason } = this.view;
    if (title !== before.title || lastStopReason !== before.lastStopReason) {
      this.domain?.publish({ type: 'session-updated', sessionKey: this.view.sessionKey, entryIds: [], details: { title, lastStopReason } });
    }
  }
}
