/**
 * ACP v2 on one connection: how v2 spells our requests, and the v2 SDK client with our handlers. The
 * version-neutral facade (../agent-connection.ts) picks this module when the agent answers `initialize` with v2.
 */
import type { AnyMessage, JsonRpcId } from '@agentclientprotocol/sdk';
import { client as clientV2, methods as methodsV2 } from '@agentclientprotocol/sdk/experimental/v2';
import { cutText, cutTextCounted } from '../../../../shared/cut-text';
import { elicitationRequest, type ConnectOptions } from '../connection-callbacks';
import { commandText, permissionTargets } from '../permission-targets';
import { MAX_PERMISSION_DESCRIPTION_CHARS, permissionOptions, permissionResponse, type PermissionRequest } from '../permission-request';
import type { AgentSide, ProtocolRules, VersionSide } from '../protocol-module';
import { MAX_TITLE_CHARS, normalizeSessionUpdate } from '../session-updates';
import { DroppedProtoNotes } from './dropped-proto-notes';
import { checkV2SessionUpdate } from './session-update';

const has = (value: unknown) => value !== undefined && value !== null && value !== false;

/** How v2 spells the requests the facade sends (see {@link ProtocolRules}). v2 has no session modes to set. */
export const v2Rules: ProtocolRules = {
  version: 2,
  methods: {
    setConfigOption: methodsV2.agent.session.setConfigOption,
    list: methodsV2.agent.session.list,
    // v2 has no `session/load` (its lifecycle says so, and callers check it); the name is v1's.
    load: 'session/load',
    resume: methodsV2.agent.session.resume,
    close: methodsV2.agent.session.close,
    delete: methodsV2.agent.session.delete,
    authenticate: 'auth/login',
  },
  agentInfoOf: (result) => result.info,
  sessionLifecycle(result) {
    const session = (result.capabilities as { session?: Record<string, unknown> | null } | undefined)?.session;
    return { list: true, load: false, resume: true, close: true, delete: has(session?.delete) };
  },
  configValue: (value) => ({ type: 'id', value }),
  // The response only acknowledges the prompt (`messageId`); the turn ends with a `state_update` to `idle`.
  promptResult: () => ({}),
  resumeParams: (sessionId, cwd, mcpServers, replay) => ({ sessionId, cwd, mcpServers, ...(replay ? { replayFrom: { type: 'start' } } : {}) }),
};

/**
 * The v2 side of one connection: takes `session/update` off the stream (checked against the SDK's published
 * schema), notes what the SDK's parser will drop of an `elicitation/create`, attaches the v2 SDK client.
 */
export function v2Side({ callbacks, log }: ConnectOptions): VersionSide {
  const droppedProto = new DroppedProtoNotes();
  return {
    take(message: AnyMessage) {
      if (!('method' in message)) return false;
      // The v2 SDK's parser drops a `__proto__` property before any handler runs; the raw request is the only
      // place left to see it, so it is noted here and put back by the handler (DroppedProtoNotes).
      if ('id' in message) {
        if (message.method === 'elicitation/create') droppedProto.note(message.id as JsonRpcId, message.params);
        return false;
      }
      if (message.method !== 'session/update') return false;
      // v2 `session/update`, the stream's hot path, is checked against the SDK's own published JSON Schema by a
      // validator ajv compiled from it (session-update.ts) instead of the SDK's zod parse, which was a third of
      // v2 ingest CPU (docs/performance.md). Invalid ones are dropped, as the SDK drops them (a notification has no reply).
      const checked = checkV2SessionUpdate(message.params);
      if (checked.ok) callbacks.onSessionUpdate(checked.sessionId, normalizeSessionUpdate(checked.update));
      else log?.(`dropped a session/update that does not match the v2 schema (${checked.problem})`);
      return true;
    },
    attach(negotiated, labelOf) {
      const app = clientV2({ name: 'switchboard' })
        .onRequest(methodsV2.client.elicitation.create, (cx) => {
          const params = cx.params as unknown as Record<string, unknown>;
          droppedProto.restore(cx.requestId, params);
          return callbacks.onElicitation(elicitationRequest(cx.requestId, params, cx.signal, labelOf)) as never;
        })
        .onRequest(methodsV2.client.session.requestPermission, async (cx) => {
          const { subject } = cx.params;
          // The v2 schema asks clients to apply the subject's tool call like a tool_call_update first.
          const subjectToolCall = (subject as { toolCall?: Record<string, unknown> } | null | undefined)?.toolCall;
          if (subjectToolCall && typeof subjectToolCall.toolCallId === 'string') {
            callbacks.onSessionUpdate(cx.params.sessionId, normalizeSessionUpdate({ ...subjectToolCall, sessionUpdate: 'tool_call_update' }));
          }
          const permission: PermissionRequest = {
            sessionId: cx.params.sessionId,
            title: cutText(cx.params.title, MAX_TITLE_CHARS),
            ...(cx.params.description ? { description: cutTextCounted(cx.params.description, MAX_PERMISSION_DESCRIPTION_CHARS) } : {}),
            ...(toolCallIdOf(subject) ? { toolCallId: toolCallIdOf(subject) } : {}),
            ...permissionTargets(subjectToolCall),
            // v2's own `subject.command` wins over `rawInput`'s, bounded the same way.
            ...(subject && 'command' in subject && commandText(subject.command) ? { command: commandText(subject.command) } : {}),
            options: permissionOptions(cx.params.options),
          };
          return permissionResponse(await callbacks.onPermission({ jsonRpcId: cx.requestId, permission, signal: cx.signal })) as never;
        })
        .onNotification(methodsV2.client.elicitation.complete, (cx) => callbacks.onElicitationComplete(cx.params));
      // session/update never reaches this app either: take() has it from the stream (see there).
      const connection = app.connect(negotiated.stream);
      return { agent: connection.agent as unknown as AgentSide, signal: connection.signal, close: (error) => connection.close(error) };
    },
  };
}

/** The tool call a v2 permission subject names: `{type:"tool_call", toolCall:{toolCallId}}` or a command's `toolCallId`. */
function toolCallIdOf(subject: unknown): string | undefined {
  if (typeof subject !== 'object' || subject === null) return undefined;
  const s = subject as { toolCallId?: unknown; toolCall?: { toolCallId?: unknown } };
  if (typeof s.toolCall?.toolCallId === 'string') return s.toolCall.toolCallId;
  return typeof s.toolCallId === 'string' ? s.toolCallId : undefined;
}
