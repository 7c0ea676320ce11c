/**
 * What an agent's connection calls back into the core with: its elicitations and permissions go to the broker,
 * its session updates and file requests to the live sessions, each bound to the connection it came on.
 */
import type { ConnectionCallbacks, PermissionRequest } from '../acp/agent-connection';
import { permissionTargets } from '../acp/permission-targets';
import type { CoreContext } from '../core-context';
import type { ConnectionRef } from '../elicitation/broker';
import type { AgentRuntime } from './agent-runtimes';

/** The callbacks of `runtime`'s connection `connectionId` (one per launch). */
export function connectionCallbacks(ctx: CoreContext, runtime: AgentRuntime, connectionId: string): ConnectionCallbacks {
  const { broker, sessions } = ctx;
  return {
    onElicitation: ({ jsonRpcId, params, signal, requestLabel }) =>
      broker.handleCreate(connectionRef(ctx, runtime, connectionId, signal, requestLabel), jsonRpcId, params, signal),
    onElicitationComplete: ({ elicitationId }) => broker.complete(connectionId, elicitationId),
    onCancelRequest: (requestId) => broker.cancelRequested(connectionId, requestId),
    onRequestEnded: (requestId, ok) => broker.requestEnded(connectionId, requestId, ok),
    onSessionUpdate: (sessionId, update) => sessions.update(connectionId, sessionId, update),
    onPermission: ({ jsonRpcId, permission, signal }) =>
      broker.handlePermission(connectionRef(ctx, runtime, connectionId, signal), jsonRpcId, withKnownToolCall(ctx, connectionId, permission), signal),
    onReadTextFile: (params) => sessions.readTextFile(connectionId, params),
    onWriteTextFile: (params) => sessions.writeTextFile(connectionId, params),
  };
}

/**
 * A permission request completed from what the session already knows of its tool call: an agent often sends
 * the kind and locations in an earlier `tool_call` and only the id in the request.
 */
function withKnownToolCall(ctx: CoreContext, connectionId: string, permission: PermissionRequest): PermissionRequest {
  if (!permission.toolCallId || (permission.toolKind && permission.paths.length > 0)) return permission;
  const known = ctx.sessions.find(connectionId, permission.sessionId)?.transcript.findToolCall(permission.toolCallId);
  if (!known) return permission;
  // Read through the same bounded reader as the request itself: the transcript keeps locations as sent.
  const fromKnown = permissionTargets({ kind: known.toolKind, locations: known.locations });
  const toolKind = permission.toolKind ?? fromKnown.toolKind;
  return { ...permission, ...(toolKind ? { toolKind } : {}), paths: permission.paths.length > 0 ? permission.paths : fromKnown.paths };
}

function connectionRef(ctx: CoreContext, runtime: AgentRuntime, connectionId: string, fallbackSignal: AbortSignal, requestLabel?: string): ConnectionRef {
  const connection = runtime.connection;
  return {
    connectionId,
    agentId: runtime.config.id,
    agentName: runtime.config.name,
    agentInfo: runtime.view.agentInfo,
    advertisedModes: runtime.view.advertisedModes,
    signal: connection?.signal ?? fallbackSignal,
    sessionContext: (sessionId, toolCallId) => {
      const session = ctx.sessions.find(connectionId, sessionId);
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
