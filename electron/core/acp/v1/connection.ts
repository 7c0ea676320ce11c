/**
 * ACP v1 on one connection: how v1 spells our requests, and the v1 SDK client with our handlers. The
 * version-neutral facade (../agent-connection.ts) picks this module when the agent answers `initialize` with v1.
 */
import { client as clientV1, methods as methodsV1, type AnyMessage } from '@agentclientprotocol/sdk';
import { cutText } from '../../../../shared/cut-text';
import { elicitationRequest, type ConnectOptions } from '../connection-callbacks';
import { permissionTargets } from '../permission-targets';
import { permissionOptions, permissionResponse, type PermissionRequest } from '../permission-request';
import type { AgentSide, ProtocolRules, VersionSide } from '../protocol-module';
import { MAX_TITLE_CHARS, normalizeSessionUpdate } from '../session-updates';
import { parseV1ElicitationParams } from './elicitation-params';

const has = (value: unknown) => value !== undefined && value !== null && value !== false;

/** How v1 spells the requests the facade sends (see {@link ProtocolRules}). */
export const v1Rules: ProtocolRules = {
  version: 1,
  methods: {
    setConfigOption: methodsV1.agent.session.setConfigOption,
    list: methodsV1.agent.session.list,
    load: methodsV1.agent.session.load,
    resume: methodsV1.agent.session.resume,
    close: methodsV1.agent.session.close,
    delete: methodsV1.agent.session.delete,
    authenticate: 'authenticate',
  },
  setModeMethod: methodsV1.agent.session.setMode,
  agentInfoOf: (result) => result.agentInfo,
  sessionLifecycle(result) {
    const caps = (result.agentCapabilities ?? {}) as { loadSession?: unknown; sessionCapabilities?: Record<string, unknown> | null };
    const session = caps.sessionCapabilities ?? {};
    return { list: has(session.list), load: caps.loadSession === true, resume: has(session.resume), close: has(session.close), delete: has(session.delete) };
  },
  configValue: (value) => ({ value }),
  promptResult: (response) => ({ stopReason: response.stopReason }),
  resumeParams: (sessionId, cwd, mcpServers) => ({ sessionId, cwd, mcpServers }),
};

/** The v1 side of one connection: takes `session/update` off the stream, attaches the v1 SDK client. */
export function v1Side({ callbacks }: ConnectOptions): VersionSide {
  return {
    take(message: AnyMessage) {
      // v1 `session/update` is taken here, not by the SDK: the v1 SDK validates every update against a
      // closed list of kinds and drops any other, while ACP says to keep and show unknown kinds. The
      // envelope is checked here and each update field by session-updates.ts.
      if (!('method' in message) || 'id' in message || message.method !== 'session/update') return false;
      const envelope = sessionUpdateEnvelope(message.params);
      if (envelope) callbacks.onSessionUpdate(envelope.sessionId, normalizeSessionUpdate(envelope.update));
      return true;
    },
    attach(negotiated, labelOf) {
      const app = clientV1({ name: 'switchboard' })
        .onRequest(methodsV1.client.elicitation.create, parseV1ElicitationParams, (cx) =>
          callbacks.onElicitation(elicitationRequest(cx.requestId, cx.params as Record<string, unknown>, cx.signal, labelOf)),
        )
        .onRequest(methodsV1.client.session.requestPermission, async (cx) => {
          const { toolCall } = cx.params;
          const targets = permissionTargets(toolCall);
          const permission: PermissionRequest = {
            sessionId: cx.params.sessionId,
            toolCallId: toolCall.toolCallId,
            title: cutText(toolCall.title ?? 'Run a tool', MAX_TITLE_CHARS),
            ...targets,
            options: permissionOptions(cx.params.options),
          };
          return permissionResponse(await callbacks.onPermission({ jsonRpcId: cx.requestId, permission, signal: cx.signal }));
        })
        .onRequest(methodsV1.client.fs.readTextFile, (cx) => callbacks.onReadTextFile(cx.params))
        .onRequest(methodsV1.client.fs.writeTextFile, async (cx) => {
          await callbacks.onWriteTextFile(cx.params);
          return {};
        })
        .onNotification(methodsV1.client.elicitation.complete, (cx) => callbacks.onElicitationComplete(cx.params));
      // session/update never reaches this app: take() has it from the stream (see there).
      const connection = app.connect(negotiated.stream as { readable: ReadableStream<AnyMessage>; writable: WritableStream<AnyMessage> });
      return { agent: connection.agent as unknown as AgentSide, signal: connection.signal, close: (error) => connection.close(error) };
    },
  };
}

/** A `session/update`'s envelope when it is sound (a sessionId and an update object), else undefined. */
function sessionUpdateEnvelope(params: unknown): { sessionId: string; update: Record<string, unknown> } | undefined {
  const p = params as { sessionId?: unknown; update?: unknown } | null;
  if (!p || typeof p.sessionId !== 'string' || typeof p.update !== 'object' || p.update === null || Array.isArray(p.update)) return undefined;
  return { sessionId: p.sessionId, update: p.update as Record<string, unknown> };
}
