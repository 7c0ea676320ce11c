/**
 * The elicitation broker: checks each `elicitation/create`, queues it per agent under an opaque item id,
 * and routes the user's answer back to the one connection that asked (spec E-CAP-3, E-REQ-*, E-FORM-10,
 * E-RES-*, E-CXL-1..4).
 *
 * It never answers for the user (E-RES-3): a request ends only by the user's answer, the agent's
 * `$/cancel_request` (the SDK aborts the handler's signal and answers -32800), or the connection closing.
 */
import { randomUUID } from 'node:crypto';
import { RequestError, type JsonRpcId } from '@agentclientprotocol/sdk';
import type { AgentInfoView, ItemScope, QueueItemView } from '../../../shared/bridge';
import { describeForm, findSchemaContradiction, type FieldSpec, type FormCheck, type FormValues } from '../../../shared/form-schema';
import { checkValues } from '../../../shared/form-validation';

/** Wire response to `elicitation/create` (spec E-RES-1, E-RES-2). */
export type ElicitationAnswer =
  | { action: 'accept'; content: FormCheck['content'] }
  | { action: 'decline' }
  | { action: 'cancel' };

/** What the broker needs to know about the connection a request arrived on (spec E-REQ-4). */
export interface ConnectionRef {
  /** Identity of this connection; a restarted agent gets a new one. */
  readonly connectionId: string;
  readonly agentId: string;
  readonly agentName: string;
  readonly agentInfo?: AgentInfoView;
  /** Modes advertised to this agent at `initialize` (spec E-CAP-1). */
  readonly advertisedModes: ReadonlyArray<'form' | 'url'>;
  /** Aborts when the connection closes. */
  readonly signal: AbortSignal;
  /** The session context for a `sessionId` this connection created, or undefined (spec E-REQ-3). */
  sessionContext(sessionId: string, toolCallId?: string): Extract<ItemScope, { kind: 'session' }> | undefined;
  /** A label for one of our pending requests to this agent, e.g. "while signing in" (spec E-REQ-3). */
  pendingRequestLabel(requestId: unknown): string | undefined;
}

interface Entry {
  view: QueueItemView;
  connection: ConnectionRef;
  jsonRpcId: JsonRpcId;
  /** Described once, so main's validator is compiled once per item, not per keystroke. */
  fields: FieldSpec[];
  settle?: (answer: ElicitationAnswer) => void;
}

/** Events the broker reports to the hub. */
export interface BrokerListener {
  itemChanged(item: QueueItemView): void;
  itemRemoved(itemId: string): void;
}

export class ElicitationBroker {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly listener: BrokerListener) {}

  /**
   * Handles one `elicitation/create` from `connection`. Resolves with the user's answer; rejects with
   * RequestError -32602 for a mode that was not advertised (E-CAP-3), an unknown session (E-REQ-3) or a
   * contradictory schema (E-FORM-10), -32600 for a JSON-RPC id already pending on this connection, and with
   * the signal's reason (-32800) when the agent withdraws it (E-CXL-1).
   */
  handleCreate(
    connection: ConnectionRef,
    jsonRpcId: JsonRpcId,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer> {
    const mode = params.mode;
    if (typeof mode !== 'string' || !connection.advertisedModes.includes(mode as 'form' | 'url')) {
      throw RequestError.invalidParams({ mode }, `elicitation mode ${JSON.stringify(mode)} was not advertised by this client`);
    }
    if (mode !== 'form') {
      throw RequestError.invalidParams({ mode }, `elicitation mode "${mode}" is not supported yet`);
    }
    const scope = this.resolveScope(connection, params);
    const contradiction = findSchemaContradiction(params.requestedSchema);
    if (contradiction) throw RequestError.invalidParams({ requestedSchema: contradiction }, contradiction);
    if (this.findPending(connection.connectionId, jsonRpcId)) {
      throw RequestError.invalidRequest({ id: jsonRpcId }, 'an elicitation with this request id is already pending');
    }

    const view: QueueItemView = {
      itemId: `item-${randomUUID()}`,
      agentId: connection.agentId,
      agentName: connection.agentName,
      agentInfo: connection.agentInfo,
      scope,
      mode: 'form',
      message: typeof params.message === 'string' ? params.message : '',
      requestedSchema: params.requestedSchema as Record<string, unknown>,
      state: 'pending',
      arrivedAt: Date.now(),
    };
    const entry: Entry = { view, connection, jsonRpcId, fields: describeForm(view.requestedSchema).fields };
    this.entries.set(view.itemId, entry);
    this.listener.itemChanged(view);

    return new Promise<ElicitationAnswer>((resolve, reject) => {
      const onAbort = () => {
        entry.settle = undefined;
        // The SDK aborts every handler when the connection closes; that is a disconnect, not a withdrawal.
        this.markEnded(entry, connection.signal.aborted ? 'disconnected' : 'withdrawn');
        reject(signal.reason ?? RequestError.requestCancelled({ requestId: jsonRpcId }));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      entry.settle = (answer) => {
        signal.removeEventListener('abort', onAbort);
        entry.settle = undefined;
        resolve(answer);
      };
    });
  }

  /**
   * The user's answer to an item (spec E-RES-1, E-RES-2, E-CXL-2).
   * @throws Error (plain sentence) when the item is unknown, belongs to another agent, is no longer pending,
   *   or an accept's values do not pass the schema (E-FORM-5).
   */
  answer(itemId: string, agentId: string, action: 'accept' | 'decline' | 'cancel', values?: FormValues): void {
    const entry = this.requireEntry(itemId, agentId);
    if (entry.view.state !== 'pending' || !entry.settle) {
      throw new Error('This request is no longer waiting for an answer; nothing was sent.');
    }
    if (action === 'accept') {
      const check = this.check(entry, values ?? entry.view.draft ?? {});
      const problems = [...check.formErrors, ...Object.values(check.errors)];
      if (problems.length) throw new Error(`The form cannot be sent yet: ${problems[0]}`);
      entry.settle({ action: 'accept', content: check.content });
    } else {
      entry.settle({ action });
    }
    this.entries.delete(itemId);
    this.listener.itemRemoved(itemId);
  }

  /** Keeps the user's typed values in main (architecture rule 7) and returns main's verdict on them. */
  saveDraft(itemId: string, values: FormValues): FormCheck {
    const entry = this.requireEntry(itemId);
    const check = this.check(entry, values);
    if (entry.view.state === 'pending') {
      entry.view = { ...entry.view, draft: values };
      this.listener.itemChanged(entry.view);
    }
    return check;
  }

  /** Removes a withdrawn or disconnected item once the user has read it (spec E-CXL-1, E-CXL-4). */
  dismiss(itemId: string): void {
    const entry = this.requireEntry(itemId);
    if (entry.view.state === 'pending') throw new Error('A pending request is answered with Decline or Cancel, not dismissed.');
    this.entries.delete(itemId);
    this.listener.itemRemoved(itemId);
  }

  /** Marks every pending item of a closed connection "agent disconnected", keeping drafts (spec E-CXL-4). */
  connectionClosed(connectionId: string): void {
    for (const entry of this.entries.values()) {
      if (entry.connection.connectionId !== connectionId || entry.view.state !== 'pending') continue;
      entry.settle = undefined;
      this.markEnded(entry, 'disconnected');
    }
  }

  /**
   * Refreshes the session context of a session's items when its title or a tool call's title becomes
   * known (the SDK may dispatch a request before a notification sent just ahead of it; spec E-REQ-7).
   */
  sessionContextChanged(sessionKey: string, context: { sessionTitle?: string; toolCallTitles: ReadonlyMap<string, string> }): void {
    for (const entry of this.entries.values()) {
      const scope = entry.view.scope;
      if (scope.kind !== 'session' || scope.sessionKey !== sessionKey) continue;
      const toolCallTitle = scope.toolCallId ? context.toolCallTitles.get(scope.toolCallId) : undefined;
      if (scope.sessionTitle === context.sessionTitle && scope.toolCallTitle === toolCallTitle) continue;
      entry.view = { ...entry.view, scope: { ...scope, sessionTitle: context.sessionTitle, toolCallTitle } };
      this.listener.itemChanged(entry.view);
    }
  }

  /** All items, oldest first. */
  items(): QueueItemView[] {
    return [...this.entries.values()].map((e) => e.view).sort((a, b) => a.arrivedAt - b.arrivedAt);
  }

  private resolveScope(connection: ConnectionRef, params: Record<string, unknown>): ItemScope {
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

  private check(entry: Entry, values: FormValues): FormCheck {
    return checkValues(entry.fields, values);
  }

  private findPending(connectionId: string, jsonRpcId: JsonRpcId): Entry | undefined {
    for (const entry of this.entries.values()) {
      if (entry.connection.connectionId === connectionId && entry.jsonRpcId === jsonRpcId && entry.view.state === 'pending') {
        return entry;
      }
    }
    return undefined;
  }

  private requireEntry(itemId: string, agentId?: string): Entry {
    const entry = this.entries.get(itemId);
    if (!entry || (agentId !== undefined && entry.view.agentId !== agentId)) {
      throw new Error('There is no such request for this agent; nothing was sent.');
    }
    return entry;
  }

  private markEnded(entry: Entry, state: 'withdrawn' | 'disconnected'): void {
    if (entry.view.state !== 'pending') return;
    entry.view = { ...entry.view, state };
    this.listener.itemChanged(entry.view);
  }
}
