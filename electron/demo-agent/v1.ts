/**
 * The demo agent over ACP v1 (the SDK's default entry point). A v1 prompt turn lasts as long as the
 * `session/prompt` request: the response carries the stop reason.
 */
import { randomUUID } from 'node:crypto';
import * as acp from '@agentclientprotocol/sdk';
import { configOptions, DEMO_CONTEXT_WINDOW, describeAttachments, modeState, setConfigOption, setMode, tokens, type DemoSetup } from './setup';
import { BaseTurnHost, type ElicitationAnswer } from './host';
import { DEMO_AGENT_NAME, demoAgentInfo, log } from './info';
import { runPrompt } from './prompt-turn';
import { scenarioCommands } from './scenarios';
import { DEMO_AUTH_METHOD, runSignIn, type DemoServices } from './signin';
import {
  elicitationModes,
  isUrlQuestion,
  permissionToolCall,
  type ElicitationModes,
  type PermissionQuestion,
  type PlanStep,
  type Question,
  type ToolCallDetails,
  type ToolCallEnd,
} from './turn-host';
import type { PermissionAnswer } from './answer-outcomes';
import type { SessionRegistry } from './session-registry';
import { promptText } from './turn-text';

class V1TurnHost extends BaseTurnHost {
  readonly protocol = 1 as const;

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
    return this.update({ sessionUpdate: 'plan', entries: steps.map((step) => ({ ...step })) });
  }

  protected sendToolCallStart(toolCallId: string, title: string, { kind = 'other', diff }: ToolCallDetails): Promise<void> {
    return this.update({
      sessionUpdate: 'tool_call',
      toolCallId,
      title,
      kind,
      status: 'in_progress',
      ...(diff
        ? {
            content: [{ type: 'diff', path: diff.path, oldText: diff.oldText, newText: diff.newText }],
            locations: [{ path: diff.path }],
          }
        : {}),
    });
  }

  protected sendToolCallEnd(toolCallId: string, status: ToolCallEnd): Promise<void> {
    // v1 has no `cancelled` tool-call status.
    const v1Status = status === 'completed' ? 'completed' : 'failed';
    return this.update({ sessionUpdate: 'tool_call_update', toolCallId, status: v1Status });
  }

  protected async sendElicitation(question: Question, options: acp.SendRequestOptions): Promise<ElicitationAnswer> {
    const params: acp.CreateElicitationRequest = isUrlQuestion(question)
      ? {
          mode: 'url',
          ...question.scope,
          message: question.message,
          elicitationId: question.elicitationId,
          url: question.url,
        }
      : { mode: 'form', ...question.scope, message: question.message, requestedSchema: question.requestedSchema };
    return this.client.request(acp.methods.client.elicitation.create, params, options);
  }

  /**
   * v1 `{sessionId, toolCall, options}`. No cancellation signal: after `session/cancel` a v1 client answers
   * pending permission requests `cancelled` itself, so the agent keeps waiting for that answer.
   */
  protected sendPermission(question: PermissionQuestion): Promise<PermissionAnswer> {
    return this.client.request(acp.methods.client.session.requestPermission, {
      sessionId: this.sessionId,
      toolCall: permissionToolCall(question),
      options: question.options.map((option) => ({ ...option })),
    });
  }

  protected sendComplete(elicitationId: string): Promise<void> {
    return this.client.notify(acp.methods.client.elicitation.complete, { elicitationId });
  }
}

/**
 * Builds the v1 agent app over the shared session registry. `initialize` answers protocol version 1 with
 * `agentInfo`, `agentCapabilities` and the `demo-login` auth method, and remembers the client's
 * `clientCapabilities.elicitation` modes. `authenticate` signs in through a request-scoped URL elicitation.
 */
export function createV1Agent(sessions: SessionRegistry, services: DemoServices): acp.AgentApp {
  let modes: ElicitationModes = { form: false, url: false };
  /** The client advertised `session.configOptions.boolean`: "Fast replies" may be a boolean option. */
  let booleanOptions = false;
  const options = (setup: DemoSetup): acp.SessionConfigOption[] =>
    configOptions(setup, booleanOptions, false).map(({ configId, ...option }) => ({ id: configId, ...option }));

  return acp
    .agent({ name: DEMO_AGENT_NAME })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      modes = elicitationModes(params.clientCapabilities?.elicitation);
      booleanOptions = params.clientCapabilities?.session?.configOptions?.boolean != null;
      log(`initialize: answering v1; client elicitation form=${modes.form} url=${modes.url}`);
      return {
        protocolVersion: 1,
        agentInfo: demoAgentInfo(),
        agentCapabilities: {
          loadSession: true,
          sessionCapabilities: { list: {}, close: {}, resume: {}, delete: {} },
          promptCapabilities: { image: true, embeddedContext: true },
          mcpCapabilities: { http: true, sse: false },
          auth: { logout: {} },
        },
        authMethods: [
          { id: DEMO_AUTH_METHOD.id, name: DEMO_AUTH_METHOD.name, description: DEMO_AUTH_METHOD.description },
        ],
      };
    })
    .onRequest(acp.methods.agent.authenticate, async ({ params, requestId, signal, client }) => {
      log(`authenticate ${JSON.stringify(params.methodId)} (request ${JSON.stringify(requestId)})`);
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
    .onRequest(acp.methods.agent.logout, () => {
      services.account.signOut();
      log('logout');
      return {};
    })
    .onRequest(acp.methods.agent.session.new, ({ params, client }) => {
      const session = sessions.open(params.cwd, (sessionId) =>
        client.notify(acp.methods.client.session.update, {
          sessionId,
          update: { sessionUpdate: 'available_commands_update', availableCommands: scenarioCommands() },
        }),
        params.mcpServers,
      );
      return { sessionId: session.sessionId, modes: modeState(session.setup), configOptions: options(session.setup) };
    })
    .onRequest(acp.methods.agent.session.setMode, ({ params, client }) => {
      const session = sessions.require(params.sessionId);
      setMode(session.setup, params.modeId);
      log(`session/set_mode ${params.modeId}`);
      void client
        .notify(acp.methods.client.session.update, {
          sessionId: session.sessionId,
          update: { sessionUpdate: 'current_mode_update', currentModeId: params.modeId },
        })
        .catch(() => undefined);
      return {};
    })
    .onRequest(acp.methods.agent.session.setConfigOption, ({ params }) => {
      const session = sessions.require(params.sessionId);
      setConfigOption(session.setup, params.configId, params.value);
      log(`session/set_config_option ${params.configId}`);
      return { configOptions: options(session.setup) };
    })
    .onRequest(acp.methods.agent.session.list, ({ params }) => sessions.page(params.cwd, params.cursor))
    .onRequest(acp.methods.agent.session.close, ({ params }) => {
      if (!sessions.close(params.sessionId)) throw acp.RequestError.resourceNotFound(params.sessionId);
      return {};
    })
    .onRequest(acp.methods.agent.session.delete, ({ params }) => {
      sessions.delete(params.sessionId);
      return {};
    })
    // session/load replays the conversation as session/update notifications, then answers.
    .onRequest(acp.methods.agent.session.load, async ({ params, client }) => {
      const session = sessions.get(params.sessionId);
      if (!session) throw acp.RequestError.resourceNotFound(params.sessionId);
      log(`session/load ${params.sessionId} (${session.messages.length} messages)`);
      const notify = (update: acp.SessionUpdate) => client.notify(acp.methods.client.session.update, { sessionId: session.sessionId, update });
      for (const message of session.messages) {
        const content = { type: 'text' as const, text: message.text };
        await notify(message.role === 'user' ? { sessionUpdate: 'user_message_chunk', content } : { sessionUpdate: 'agent_message_chunk', messageId: randomUUID(), content });
      }
      if (session.title) await notify({ sessionUpdate: 'session_info_update', title: session.title });
      await notify({ sessionUpdate: 'available_commands_update', availableCommands: scenarioCommands() });
      return { modes: modeState(session.setup), configOptions: options(session.setup) };
    })
    // session/resume (v1) never replays: the client keeps its own copy.
    .onRequest(acp.methods.agent.session.resume, async ({ params, client }) => {
      const session = sessions.get(params.sessionId);
      if (!session) throw acp.RequestError.resourceNotFound(params.sessionId);
      log(`session/resume ${params.sessionId}`);
      setImmediate(() => {
        client
          .notify(acp.methods.client.session.update, {
            sessionId: session.sessionId,
            update: { sessionUpdate: 'available_commands_update', availableCommands: scenarioCommands() },
          })
          .catch((error: unknown) => log(`available_commands_update failed: ${String(error)}`));
      });
      return { modes: modeState(session.setup), configOptions: options(session.setup) };
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params, requestId, client }) => {
      const session = sessions.require(params.sessionId);
      const slot = await session.beginTurn();
      if (!slot) return { stopReason: 'cancelled' };
      try {
        const host = new V1TurnHost(client, session.sessionId, requestId, modes, slot.signal, services, session.setup);
        const text = promptText(params.prompt);
        host.onSay = (said) => session.remember('agent', said);
        if (session.remember('user', text)) {
          await client.notify(acp.methods.client.session.update, { sessionId: session.sessionId, update: { sessionUpdate: 'session_info_update', title: session.title } });
        }
        const stopReason = await runPrompt(host, text, describeAttachments(params.prompt));
        session.setup.used += tokens(text) + 50;
        await host
          .update({ sessionUpdate: 'usage_update', used: session.setup.used, size: DEMO_CONTEXT_WINDOW, cost: { amount: session.setup.used / 1e6, currency: 'USD' } })
          .catch(() => undefined);
        return { stopReason };
      } finally {
        slot.end();
        sessions.persist();
      }
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      const session = sessions.get(params.sessionId);
      if (!session) return log(`session/cancel for unknown session ${params.sessionId}`);
      log(`session/cancel ${params.sessionId}`);
      session.cancel('session/cancel');
    });
}
