/**
 * The demo agent over the ACP v2 draft (`@agentclientprotocol/sdk/experimental/v2`). As with the real v2
 * agents, `session/prompt` is answered with the inserted user message's id once the message is echoed, and
 * the turn's end is reported by an `idle` `state_update` carrying the stop reason. Foreground state follows
 * claude-agent-acp: `running` when a prompt starts, `requires_action` while a session-scoped question is
 * pending, `running` again when it settles, `idle` + `stopReason` at the end.
 *
 * The "request" scenario is the exception: its question is scoped to the pending `session/prompt` request,
 * so that request stays pending until the turn ends.
 */
import { randomUUID } from 'node:crypto';
import * as acp from '@agentclientprotocol/sdk/experimental/v2';
import { configOptions, DEMO_CONTEXT_WINDOW, describeAttachments, setConfigOption, tokens, type DemoSetup } from './setup';
import { BaseTurnHost, type ElicitationAnswer } from './host';
import { DEMO_AGENT_NAME, demoAgentInfo, log } from './info';
import { runPrompt } from './prompt-turn';
import { pickScenario, scenarioCommands } from './scenarios';
import { DEMO_AUTH_METHOD, runSignIn, type DemoServices } from './signin';
import {
  elicitationModes,
  isUrlQuestion,
  permissionToolCall,
  type DemoDiff,
  type DemoStopReason,
  type ElicitationModes,
  type PermissionQuestion,
  type PlanStep,
  type Question,
  type ToolCallDetails,
  type ToolCallEnd,
} from './turn-host';
import type { PermissionAnswer } from './answer-outcomes';
import type { SessionRegistry } from './session-registry';
import { pause, promptText } from './turn-text';

/** `state_update` payloads, shaped like claude-agent-acp's (`background: []`: no background work). */
function stateUpdate(state: 'running' | 'requires_action'): acp.SessionUpdate;
function stateUpdate(state: 'idle', stopReason?: DemoStopReason): acp.SessionUpdate;
function stateUpdate(state: 'running' | 'requires_action' | 'idle', stopReason?: DemoStopReason): acp.SessionUpdate {
  if (state === 'idle') {
    // One literal per branch: the SDK's idle type is a union keyed by `stopReason`.
    if (stopReason === 'cancelled') {
      return { sessionUpdate: 'state_update', state: 'idle', stopReason: 'cancelled', background: [] };
    }
    if (stopReason === 'end_turn') {
      return { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn', background: [] };
    }
    return { sessionUpdate: 'state_update', state: 'idle', background: [] };
  }
  return state === 'running'
    ? { sessionUpdate: 'state_update', state: 'running', background: [] }
    : { sessionUpdate: 'state_update', state: 'requires_action', background: [] };
}

/** v2 options: the mode is one of them (v2 has no `session/set_mode`); booleans need no opt-in. */
const options = (setup: DemoSetup): acp.SessionConfigOption[] => configOptions(setup, true, true);

function commands(): acp.AvailableCommand[] {
  return scenarioCommands().map(({ input, ...command }) => ({ type: 'command', ...command, ...(input ? { input: { type: 'text', hint: input.hint } } : {}) }));
}

/** A v2 diff: one `modify` change and a git-style patch with one hunk replacing every old line with the new ones. */
export function v2Diff(diff: DemoDiff): acp.ToolCallContent {
  return {
    type: 'diff',
    changes: [{ operation: 'modify', path: diff.path }],
    patch: { format: 'git_patch', text: wholeFileHunk(diff.oldText, diff.newText) },
  };
}

/** `@@ -1 +1 @@\n-hello\n+hello, world` for one line each; counts other than 1 are written out (`-1,3`). */
function wholeFileHunk(oldText: string, newText: string): string {
  const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  const removed = lines(oldText);
  const added = lines(newText);
  const range = (count: number) => (count === 1 ? '1' : `${count === 0 ? 0 : 1},${count}`);
  return [
    `@@ -${range(removed.length)} +${range(added.length)} @@`,
    ...removed.map((line) => `-${line}`),
    ...added.map((line) => `+${line}`),
  ].join('\n');
}

class V2TurnHost extends BaseTurnHost {
  readonly protocol = 2 as const;
  /** Session-scoped questions now pending; `requires_action` is reported while there is at least one. */
  private blocking = 0;
  /** The id of this turn's plan (v2 plans are named; each update replaces the whole plan). */
  private readonly planId = randomUUID();

  constructor(
    private readonly client: acp.AgentContext,
    sessionId: string,
    promptRequestId: acp.JsonRpcId,
    modes: ElicitationModes,
    cancelled: AbortSignal,
    services: DemoServices,
    setup: DemoSetup,
  ) {
    super(sessionId, promptRequestId, modes, cancelled, services, setup);
  }

  /** A display terminal: the command, its output in chunks (base64 bytes), then its exit status. */
  async showTerminal(terminalId: string, command: string, chunks: string[], exitCode: number): Promise<void> {
    const bytes = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    await this.update({ sessionUpdate: 'terminal_update', terminalId, command, size: { cols: 80, rows: 24 } });
    for (const chunk of chunks) {
      if (this.cancelled.aborted) break;
      await this.update({ sessionUpdate: 'terminal_output_chunk', terminalId, data: bytes(chunk) });
      await pause(150, this.cancelled);
    }
    await this.update({ sessionUpdate: 'terminal_update', terminalId, exitStatus: { exitCode: this.cancelled.aborted ? 130 : exitCode } });
  }

  /** Sends one `session/update` for this session. */
  update(update: acp.SessionUpdate): Promise<void> {
    return this.client.notify(acp.methods.client.session.update, { sessionId: this.sessionId, update });
  }

  protected sendChunk(messageId: string, text: string): Promise<void> {
    return this.update({ sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text } });
  }

  protected sendThoughtChunk(messageId: string, text: string): Promise<void> {
    return this.update({ sessionUpdate: 'agent_thought_chunk', messageId, content: { type: 'text', text } });
  }

  protected sendPlan(steps: PlanStep[]): Promise<void> {
    return this.update({
      sessionUpdate: 'plan_update',
      plan: { type: 'items', planId: this.planId, entries: steps.map((step) => ({ ...step })) },
    });
  }

  protected sendToolCallStart(toolCallId: string, title: string, { kind = 'other', diff }: ToolCallDetails): Promise<void> {
    return this.update({
      sessionUpdate: 'tool_call_update',
      toolCallId,
      title,
      kind,
      status: 'in_progress',
      ...(diff ? { content: [v2Diff(diff)], locations: [{ path: diff.path }] } : {}),
    });
  }

  protected sendToolCallEnd(toolCallId: string, status: ToolCallEnd): Promise<void> {
    return this.update({ sessionUpdate: 'tool_call_update', toolCallId, status });
  }

  protected async sendElicitation(question: Question, options: acp.SendRequestOptions): Promise<ElicitationAnswer> {
    const { scope } = question;
    let target: acp.ElicitationSessionScope | acp.ElicitationRequestScope;
    if ('sessionId' in scope) target = scope;
    else if (scope.requestId !== null) target = { requestId: scope.requestId };
    else throw new Error('a v2 request-scoped elicitation needs a non-null request id');
    const params: acp.CreateElicitationRequest = isUrlQuestion(question)
      ? { mode: 'url', ...target, message: question.message, elicitationId: question.elicitationId, url: question.url }
      : { mode: 'form', ...target, message: question.message, requestedSchema: question.requestedSchema };
    return this.client.request(acp.methods.client.elicitation.create, params, options);
  }

  /**
   * v2 `{sessionId, title, description?, subject: {type: "tool_call", toolCall}, options}`. On `session/cancel`
   * the agent stops waiting (`stopWaitingOnCancel`, as the SDK advises v2 agents; the SDK sends
   * `$/cancel_request`); an answer that arrived first still counts.
   */
  protected sendPermission(question: PermissionQuestion, cancelled: AbortSignal): Promise<PermissionAnswer> {
    return this.client.request(
      acp.methods.client.session.requestPermission,
      {
        sessionId: this.sessionId,
        title: question.title,
        ...(question.description ? { description: question.description } : {}),
        subject: {
          type: 'tool_call',
          toolCall: permissionToolCall(question),
        },
        options: question.options.map((option) => ({ ...option })),
      },
      { cancellationSignal: cancelled, stopWaitingOnCancel: true },
    );
  }

  protected sendComplete(elicitationId: string): Promise<void> {
    return this.client.notify(acp.methods.client.elicitation.complete, { elicitationId });
  }

  // Request-scoped questions do not change session state (v2 schema); session-scoped ones (permission
  // requests included) block the turn.
  protected override async beforeQuestion(sessionScoped: boolean): Promise<void> {
    if (!sessionScoped) return;
    this.blocking += 1;
    if (this.blocking === 1) await this.update(stateUpdate('requires_action'));
  }

  protected override async afterQuestion(sessionScoped: boolean): Promise<void> {
    if (!sessionScoped) return;
    this.blocking -= 1;
    // After session/cancel the turn goes straight to idle/cancelled, as in the transcripts.
    if (this.blocking === 0 && !this.cancelled.aborted) await this.update(stateUpdate('running'));
  }
}

/**
 * Builds the v2 agent app over the shared session registry. `initialize` answers protocol version 2 with
 * `info`, `capabilities` and the `demo-login` auth method, and remembers the client's
 * `capabilities.elicitation` modes. `auth/login` signs in through a request-scoped URL elicitation;
 * `auth/logout` (required once auth methods are advertised) signs out.
 */
export function createV2Agent(sessions: SessionRegistry, services: DemoServices): acp.AgentApp {
  let modes: ElicitationModes = { form: false, url: false };

  /** Runs one turn to its end and reports `idle` with the stop reason. Never rejects. */
  async function finishTurn(host: V2TurnHost, text: string, attachments: string[], end: (stopReason: DemoStopReason) => void): Promise<void> {
    let stopReason: DemoStopReason = 'end_turn';
    try {
      stopReason = await runPrompt(host, text, attachments);
      host.setup.used += tokens(text) + 50;
      await host.update({
        sessionUpdate: 'usage_update',
        used: host.setup.used,
        size: DEMO_CONTEXT_WINDOW,
        cost: { amount: host.setup.used / 1e6, currency: 'USD' },
      });
    } finally {
      // idle first, then free the session: a held prompt's `running` must come after this turn's `idle`.
      await host.update(stateUpdate('idle', stopReason)).catch((error: unknown) => {
        log(`idle state_update failed: ${String(error)}`);
      });
      end(stopReason);
    }
  }

  return acp
    .agent({ name: DEMO_AGENT_NAME })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      modes = elicitationModes(params.capabilities?.elicitation);
      log(`initialize: answering v2; client elicitation form=${modes.form} url=${modes.url}`);
      return {
        protocolVersion: 2,
        info: demoAgentInfo(),
        capabilities: {
          session: { delete: {}, prompt: { image: {}, embeddedContext: {} }, mcp: { stdio: {}, http: {} } },
        },
        authMethods: [
          {
            methodId: DEMO_AUTH_METHOD.id,
            type: 'agent',
            name: DEMO_AUTH_METHOD.name,
            description: DEMO_AUTH_METHOD.description,
          },
        ],
      };
    })
    .onRequest(acp.methods.agent.auth.login, async ({ params, requestId, signal, client }) => {
      log(`auth/login ${JSON.stringify(params.methodId)} (request ${JSON.stringify(requestId)})`);
      await runSignIn({
        methodId: params.methodId,
        requestId,
        signal,
        modes,
        services,
        elicit: (elicitation, options) =>
          client.request(acp.methods.client.elicitation.create, { mode: 'url', ...elicitation }, options),
        complete: (elicitationId) => client.notify(acp.methods.client.elicitation.complete, { elicitationId }),
      });
      return {};
    })
    .onRequest(acp.methods.agent.auth.logout, () => {
      services.account.signOut();
      log('auth/logout');
      return {};
    })
    .onRequest(acp.methods.agent.session.new, ({ params, client }) => {
      const session = sessions.open(params.cwd, (sessionId) =>
        client.notify(acp.methods.client.session.update, {
          sessionId,
          update: { sessionUpdate: 'available_commands_update', availableCommands: commands() },
        }),
        params.mcpServers ?? [],
      );
      return { sessionId: session.sessionId, availableCommands: commands(), configOptions: options(session.setup) };
    })
    .onRequest(acp.methods.agent.session.setConfigOption, ({ params }) => {
      const session = sessions.require(params.sessionId);
      setConfigOption(session.setup, params.configId, params.value);
      log(`session/set_config_option ${params.configId}`);
      return { configOptions: options(session.setup) };
    })
    .onRequest(acp.methods.agent.session.list, ({ params }) => sessions.page(params.cwd, params.cursor))
    .onRequest(acp.methods.agent.session.resume, async ({ params, client }) => {
      const session = sessions.get(params.sessionId);
      if (!session) throw acp.RequestError.resourceNotFound(params.sessionId);
      const replay = params.replayFrom?.type === 'start';
      log(`session/resume ${params.sessionId}${replay ? ` replaying ${session.messages.length} messages` : ''}`);
      const notify = (update: acp.SessionUpdate) => client.notify(acp.methods.client.session.update, { sessionId: session.sessionId, update });
      if (replay) {
        for (const message of session.messages) {
          const content: acp.ContentBlock[] = [{ type: 'text', text: message.text }];
          await notify(message.role === 'user' ? { sessionUpdate: 'user_message', messageId: randomUUID(), content } : { sessionUpdate: 'agent_message', messageId: randomUUID(), content });
        }
      }
      if (session.title) await notify({ sessionUpdate: 'session_info_update', title: session.title });
      // The current-state snapshot comes after the replay and before the response; an idle one still
      // carries how the last turn ended (a resumed "cancelled" is old news, spec E-CXL-5).
      await notify(session.busy ? stateUpdate('running') : stateUpdate('idle', session.lastStopReason));
      return { availableCommands: commands(), configOptions: options(session.setup) };
    })
    .onRequest(acp.methods.agent.session.close, ({ params }) => {
      if (!sessions.close(params.sessionId)) throw acp.RequestError.resourceNotFound(params.sessionId);
      return {};
    })
    .onRequest(acp.methods.agent.session.delete, ({ params }) => {
      sessions.delete(params.sessionId);
      return {};
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params, requestId, client }) => {
      const session = sessions.require(params.sessionId);
      const slot = await session.beginTurn();
      if (!slot) throw acp.RequestError.requestCancelled(undefined, 'cancelled before the prompt started');
      const messageId = randomUUID();
      const host = new V2TurnHost(client, session.sessionId, requestId, modes, slot.signal, services, session.setup);
      const text = promptText(params.prompt);
      host.onSay = (said) => session.remember('agent', said);
      const titled = session.remember('user', text);
      try {
        await host.update({ sessionUpdate: 'user_message', messageId, content: params.prompt });
        if (titled) await host.update({ sessionUpdate: 'session_info_update', title: session.title });
        await host.update(stateUpdate('running'));
      } catch (error) {
        slot.end();
        throw error;
      }
      const turn = finishTurn(host, text, describeAttachments(params.prompt), (stopReason) => {
        session.lastStopReason = stopReason;
        slot.end();
        sessions.persist();
      });
      // The request scenario scopes its question to this request, so the request must stay pending.
      if (pickScenario(text)?.name === 'request') await turn;
      else turn.catch((error: unknown) => log(`turn failed: ${String(error)}`));
      return { messageId };
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      const session = sessions.get(params.sessionId);
      if (!session) return log(`session/cancel for unknown session ${params.sessionId}`);
      log(`session/cancel ${params.sessionId}`);
      session.cancel('session/cancel');
    });
}
