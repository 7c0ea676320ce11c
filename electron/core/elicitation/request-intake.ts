/**
 * Intake of the agent's requests: the checks each `elicitation/create` and `session/request_permission` passes
 * before it is queued (spec E-CAP-3, E-REQ-3, E-REQ-8, E-FORM-10, E-URL-4), and the queue entry it becomes.
 * What fails a check is answered at once with a RequestError; an invalid form or a refused URL becomes a
 * `refused` item that tells the user why.
 */
import { randomUUID } from 'node:crypto';
import { RequestError, type JsonRpcId } from '@agentclientprotocol/sdk';
import type { FormItemView, ItemScope, PermissionItemView, UrlItemView } from '../../../shared/views/requests';
import type { PermissionRequest } from '../acp/agent-connection';
import { analyzeUrl, MAX_URL_CHARS, urlTooLongSentence } from '../../../shared/url-analysis';
import { cutText } from '../../../shared/cut-text';
import { TOO_MANY_REQUESTS } from '../budgets';
import { describeRequestedForm, textWithin } from './form-descriptions';
import { describeUrl } from './url-descriptions';
import type { FloodGuard } from './flood-guard';
import type { ItemQueue } from './item-queue';
import { NO_FORM, type BaseView, type ConnectionRef, type QueueEntry } from './queue-entry';
import { MAX_ENDED_MESSAGE_CHARS, MAX_ENDED_SCHEMA_CHARS, SHOWN_REFUSED_URL_CHARS } from './queue-limits';

/** What intake reads and counts with: the queue it checks against and the receipt order it numbers items in. */
export interface IntakeContext {
  readonly queue: ItemQueue;
  /** The next `arrivalSeq` of an item (receipt order); taken once the request's checks on its id and scope pass. */
  nextArrival(): number;
}

/**
 * Refuses a request beyond the agent's flood limits with JSON-RPC error {@link TOO_MANY_REQUESTS}, and tells the
 * user once per flood through `notice`.
 * @throws RequestError TOO_MANY_REQUESTS when a limit is passed.
 */
export function admit(queue: ItemQueue, floodGuard: FloodGuard, connection: ConnectionRef, notice: (agentId: string, text: string) => void): void {
  const refused = floodGuard.check(connection.connectionId, queue.pendingOfConnection(connection.connectionId));
  if (!refused) return;
  if (refused.tellUser) {
    notice(connection.agentId, `${connection.agentName} is sending too many requests (${refused.reason}); Switchboard is refusing the extra ones.`);
  }
  throw new RequestError(TOO_MANY_REQUESTS, `Too many requests: ${refused.reason}; try again later`);
}

/**
 * The entry for one `elicitation/create`, not yet queued. A refused one carries its message cut to
 * MAX_ENDED_MESSAGE_CHARS, and `refusal` when the agent is to get an error rather than `decline`.
 * @throws RequestError -32602 for a mode that was not advertised (E-CAP-3), an unknown session or neither a
 *   session nor a request (E-REQ-3), a URL request without string `elicitationId` and `url`, or an `elicitationId`
 *   already outstanding (E-REQ-8); -32600 for a JSON-RPC id already pending on this connection.
 */
export function elicitationEntry(intake: IntakeContext, connection: ConnectionRef, jsonRpcId: JsonRpcId, params: Record<string, unknown>): QueueEntry {
  const mode = params.mode;
  if (typeof mode !== 'string' || !connection.advertisedModes.includes(mode as 'form' | 'url')) {
    throw RequestError.invalidParams({ mode }, `elicitation mode ${JSON.stringify(mode)} was not advertised by this client`);
  }
  const scope = resolveScope(connection, params);
  const { queue } = intake;
  if (queue.findByRpcId(connection.connectionId, jsonRpcId, ['pending'])) {
    throw RequestError.invalidRequest({ id: jsonRpcId }, 'an elicitation with this request id is already pending');
  }
  // An answered request's id may be reused by the agent; the old item no longer owns it.
  const previous = queue.findByRpcId(connection.connectionId, jsonRpcId, ['consented', 'completed', 'refused']);
  if (previous) queue.releaseRpcId(previous);

  const base: BaseView = {
    itemId: `item-${randomUUID()}`,
    agentId: connection.agentId,
    agentName: connection.agentName,
    agentInfo: connection.agentInfo,
    scope,
    message: typeof params.message === 'string' ? params.message : '',
    state: 'pending' as const,
    arrivedAt: Date.now(),
    arrivalSeq: intake.nextArrival(),
  };
  const entry = mode === 'url' ? urlEntry(queue, connection, jsonRpcId, params, base) : formEntry(connection, jsonRpcId, params, base);
  // A refused item is answered at once and costs the agent nothing: like an ended one it keeps only its message's start.
  if (entry.view.state === 'refused') entry.view.message = cutText(entry.view.message, MAX_ENDED_MESSAGE_CHARS);
  if (scope.kind === 'request') entry.scopeRequestId = params.requestId;
  return entry;
}

/**
 * The entry for one `session/request_permission`, not yet queued: an item in the session's context.
 * @throws RequestError -32602 for an unknown session; -32600 for a JSON-RPC id already pending on this connection.
 */
export function permissionEntry(intake: IntakeContext, connection: ConnectionRef, jsonRpcId: JsonRpcId, permission: PermissionRequest): QueueEntry {
  const scope = connection.sessionContext(permission.sessionId, permission.toolCallId);
  if (!scope) throw RequestError.invalidParams({ sessionId: permission.sessionId }, 'unknown session');
  // Two pending requests under one id would get two responses to it, and the user's answers could not be told
  // apart (spec E-RES-1); the second is refused, as a second elicitation under a pending id is.
  if (intake.queue.findByRpcId(connection.connectionId, jsonRpcId, ['pending', 'consented'])) {
    throw RequestError.invalidRequest({ id: jsonRpcId }, 'a request with this id is already pending');
  }
  const view: PermissionItemView = {
    itemId: `item-${randomUUID()}`,
    agentId: connection.agentId,
    agentName: connection.agentName,
    agentInfo: connection.agentInfo,
    scope,
    message: permission.description ?? '',
    state: 'pending',
    arrivedAt: Date.now(),
    arrivalSeq: intake.nextArrival(),
    mode: 'permission',
    title: permission.title,
    ...(permission.command ? { command: permission.command } : {}),
    ...(permission.toolKind ? { toolKind: permission.toolKind } : {}),
    ...(permission.paths.length > 0 ? { paths: permission.paths } : {}),
    options: permission.options,
  };
  return { view, connection, jsonRpcId, fields: [] };
}

/** The item's context: a session this connection created, or one of our requests to the agent (spec E-REQ-2, E-REQ-3). */
function resolveScope(connection: ConnectionRef, params: Record<string, unknown>): ItemScope {
  const { sessionId, toolCallId, requestId } = params;
  if (typeof sessionId === 'string') {
    const context = connection.sessionContext(sessionId, typeof toolCallId === 'string' ? toolCallId : undefined);
    if (!context) throw RequestError.invalidParams({ sessionId }, 'unknown session');
    return context;
  }
  if (requestId !== undefined && requestId !== null) {
    return { kind: 'request', label: connection.pendingRequestLabel(requestId) };
  }
  throw RequestError.invalidParams(undefined, 'an elicitation needs a sessionId or a requestId');
}

/**
 * A form's entry. An invalid schema (spec E-FORM-10, or beyond the size limits) becomes a `refused` item that
 * tells the user what was refused and why, without the schema itself, and carries the -32602 for the agent.
 */
function formEntry(connection: ConnectionRef, jsonRpcId: JsonRpcId, params: Record<string, unknown>, base: BaseView): QueueEntry {
  const described = describeRequestedForm(params.requestedSchema, base.message);
  if (described.refusal !== undefined) {
    const contradiction = described.refusal;
    const view: FormItemView = { ...base, mode: 'form', form: NO_FORM, state: 'refused', refusedReason: contradiction };
    return { view, connection, jsonRpcId: undefined, fields: [], refusal: RequestError.invalidParams({ requestedSchema: contradiction }, contradiction) };
  }
  const { title, description, fields, secretByMessage } = described;
  const view: FormItemView = {
    ...base,
    mode: 'form',
    form: { ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}), fields },
    ...(secretByMessage ? { secretByMessage: true } : {}),
  };
  return { view, connection, jsonRpcId, fields, largeSchema: !textWithin(params.requestedSchema, MAX_ENDED_SCHEMA_CHARS) };
}

/**
 * A URL request's entry (spec E-URL-1..4). An address past MAX_URL_CHARS is refused with -32602; one the analysis
 * will not open is a `refused` item the agent hears `decline` for.
 */
function urlEntry(queue: ItemQueue, connection: ConnectionRef, jsonRpcId: JsonRpcId, params: Record<string, unknown>, base: BaseView): QueueEntry {
  const { elicitationId, url } = params;
  if (typeof elicitationId !== 'string' || typeof url !== 'string') {
    throw RequestError.invalidParams(undefined, 'a url elicitation needs a string elicitationId and url');
  }
  if (queue.findByElicitationId(connection.connectionId, elicitationId)) {
    throw RequestError.invalidParams({ elicitationId }, 'elicitationId already outstanding');
  }
  if (url.length > MAX_URL_CHARS) {
    // Past the bound it is not the user's no but a request Switchboard does not take: -32602, and main keeps,
    // and the renderer draws, only the address's start; nothing parses the rest.
    const reason = urlTooLongSentence(url.length);
    const view: UrlItemView = { ...base, mode: 'url', url: cutText(url, SHOWN_REFUSED_URL_CHARS), urlLength: url.length, state: 'refused', refusedReason: reason };
    const data = { url: `${url.length} characters; Switchboard takes at most ${MAX_URL_CHARS}` };
    return { view, connection, jsonRpcId: undefined, fields: [], refusal: RequestError.invalidParams(data, `url is too long: ${data.url}`) };
  }
  const analysis = analyzeUrl(url);
  const blocked = analysis.findings.find((f) => f.severity === 'blocked');
  const described = describeUrl(analysis);
  const view: UrlItemView = analysis.openable
    ? { ...base, mode: 'url', url, analysis: described }
    : { ...base, mode: 'url', url, analysis: described, state: 'refused', refusedReason: blocked?.message ?? 'This address cannot be opened.' };
  return { view, connection, jsonRpcId, fields: [], elicitationId, openableUrl: analysis.normalized };
}
