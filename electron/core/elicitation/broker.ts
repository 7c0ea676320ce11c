/**
 * The elicitation broker: checks each `elicitation/create`, queues it per agent under an opaque item id,
 * and routes the user's answer back to the one connection that asked (spec E-CAP-3, E-REQ-*, E-FORM-10,
 * E-URL-*, E-RES-*, E-CXL-1..4).
 *
 * It never answers for the user (E-RES-3): a request ends only by the user's answer, the agent's
 * `$/cancel_request` (the SDK aborts the handler's signal and answers -32800), the connection closing, or
 * — URL mode only — the agent's own `elicitation/complete` before consent (E-URL-7) and a URL refused
 * outright for its scheme (E-URL-4).
 *
 * Its parts: request-intake.ts checks a request and makes its entry, item-queue.ts keeps and indexes the
 * entries, request-endings.ts ends them without the user's answer; this class answers for the user's side.
 */
import type { JsonRpcId } from '@agentclientprotocol/sdk';
import type { QueueItemView, UrlOpenMode } from '../../../shared/views/requests';
import type { PermissionRequest } from '../acp/agent-connection';
import type { FormCheck, FormValues } from '../../../shared/form-schema/types';
import { checkValues } from '../../../shared/form-validation';
import type { UrlOpener } from '../url-opener';
import { FloodGuard, type FloodLimits } from './flood-guard';
import { ItemQueue, type QueueListener } from './item-queue';
import { admit, elicitationEntry, permissionEntry, type IntakeContext } from './request-intake';
import { RequestEndings } from './request-endings';
import type { ConnectionRef, ElicitationAnswer, QueueEntry } from './queue-entry';

export type { ConnectionRef, ElicitationAnswer } from './queue-entry';
export { MAX_ENDED_MESSAGE_CHARS, MAX_ENDED_PER_AGENT, MAX_ENDED_SCHEMA_CHARS, MAX_REFUSED_PER_AGENT, SHOWN_REFUSED_URL_CHARS } from './queue-limits';

/** Events the broker reports to the hub. */
export interface BrokerListener extends QueueListener {
  /** A plain sentence about an item that left the queue on its own. */
  notice(agentId: string, text: string): void;
}

export interface BrokerOptions {
  /** Per-agent flood limits (defaults in flood-guard.ts). */
  floodLimits?: FloodLimits;
  /** Opens consented URL-mode pages; required for URL mode to be advertised at all. */
  urlOpener?: UrlOpener;
  /** Where a consented page opens unless the user chooses otherwise per request. */
  defaultUrlOpenMode?: UrlOpenMode;
}

export class ElicitationBroker {
  private readonly queue: ItemQueue;
  private readonly floodGuard: FloodGuard;
  private readonly endings: RequestEndings;
  private readonly intake: IntakeContext;
  /** Receipt order of requests, for {@link QueueItemView.arrivalSeq}. */
  private arrivals = 0;

  constructor(
    private readonly listener: BrokerListener,
    private readonly options: BrokerOptions = {},
  ) {
    options.urlOpener?.onClosedByUser?.((itemId) => this.windowClosedByUser(itemId));
    this.floodGuard = new FloodGuard(options.floodLimits);
    this.queue = new ItemQueue(listener);
    this.endings = new RequestEndings(this.queue, options.urlOpener, (agentId, text) => listener.notice(agentId, text));
    this.intake = { queue: this.queue, nextArrival: () => ++this.arrivals };
  }

  /**
   * Handles one `elicitation/create` from `connection`. Resolves with the user's answer; rejects with
   * RequestError -32602 for a mode that was not advertised (E-CAP-3), an unknown session (E-REQ-3), a
   * contradictory schema (E-FORM-10), a schema beyond the size limits (DECIDED, see shared/form-schema/limits.ts) or an `elicitationId` already outstanding (E-REQ-8), -32600 for a
   * JSON-RPC id already pending on this connection, and with the signal's reason (-32800) when the agent
   * withdraws it (E-CXL-1).
   */
  handleCreate(
    connection: ConnectionRef,
    jsonRpcId: JsonRpcId,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer> {
    this.admit(connection);
    const entry = elicitationEntry(this.intake, connection, jsonRpcId, params);
    this.queue.add(entry);
    if (entry.refusal) throw entry.refusal;

    if (entry.view.state === 'refused') {
      // spec E-URL-4: refused outright; the agent hears "decline", the user sees why.
      return Promise.resolve({ action: 'decline' });
    }
    return this.endings.awaitAnswer<ElicitationAnswer>(entry, signal);
  }

  /**
   * Handles one `session/request_permission`: queued like an elicitation, in the session's context.
   * Resolves with the chosen option id, or undefined for "cancelled" (the user dismissed it, or pressed
   * Stop: the v1 rule for permissions). Rejects -32602 for an unknown session, and with the signal's reason
   * (-32800) when the agent withdraws it.
   */
  handlePermission(connection: ConnectionRef, jsonRpcId: JsonRpcId, permission: PermissionRequest, signal: AbortSignal): Promise<string | undefined> {
    this.admit(connection);
    const entry = permissionEntry(this.intake, connection, jsonRpcId, permission);
    this.queue.add(entry);
    return this.endings.awaitAnswer<string | undefined>(entry, signal);
  }

  /**
   * The user's answer to a permission request: one of its options, or none for "cancelled".
   * @throws Error (plain sentence) when the item is unknown, not a pending permission, or the option is not one offered.
   */
  answerPermission(itemId: string, agentId: string, optionId: string | undefined): void {
    const entry = this.queue.require(itemId, agentId);
    if (entry.view.mode !== 'permission' || entry.view.state !== 'pending' || !entry.settle) {
      throw new Error('This request is no longer waiting for an answer; nothing was sent.');
    }
    if (optionId !== undefined && !entry.view.options.some((o) => o.optionId === optionId)) {
      throw new Error('That is not one of the choices the agent offered.');
    }
    (entry.settle as (answer: string | undefined) => void)(optionId);
    this.queue.remove(entry);
  }

  /**
   * The user pressed Stop: pending permission requests of that session are answered "cancelled" (the ACP
   * v1 rule for permissions). Elicitations are left alone (spec E-CXL-3).
   */
  cancelPermissions(sessionKey: string): void {
    this.endings.cancelPermissions(sessionKey);
  }

  /**
   * The user pressed Stop on a session's turn. Its open elicitations stay open (spec E-CXL-3), but if the agent
   * now withdraws them they read "You stopped the turn" (`stopped`) rather than "Withdrawn by the agent".
   * @param turnScope also the request-scoped ones of that turn: those of `connectionId` labelled `label`.
   */
  turnStopped(sessionKey: string, turnScope?: { connectionId: string | undefined; label: string }): void {
    this.endings.turnStopped(sessionKey, turnScope);
  }

  /**
   * The user cancelled one of our requests to the agent (a sign-in), whose elicitations carry `label`
   * (spec E-REQ-3): a consented page of it closes and reads `stopped`; a pending one reads `stopped` once the
   * agent withdraws it. See {@link RequestEndings.requestCancelledByUser}.
   */
  requestCancelledByUser(connectionId: string, label: string): void {
    this.endings.requestCancelledByUser(connectionId, label);
  }

  /**
   * The user's answer to an item (spec E-RES-1, E-RES-2, E-CXL-2, E-URL-6, E-URL-7).
   * @param openIn URL mode: where to open the page after consent (default from the options).
   * @param keepDraft form mode, `cancel` only: the item stays, ended as `cancelled` with its draft readable until
   *   dismissed (the card's Escape), instead of being removed; the agent hears the same `cancel`.
   * @returns a form accept's `content` exactly as sent (for the transcript's record); otherwise undefined.
   * @throws Error (plain sentence) when the item is unknown, belongs to another agent, is no longer pending,
   *   or an accept's values do not pass the schema (E-FORM-5).
   */
  answer(
    itemId: string,
    agentId: string,
    action: 'accept' | 'decline' | 'cancel',
    values?: FormValues,
    openIn?: UrlOpenMode,
    keepDraft = false,
  ): FormCheck['content'] | undefined {
    const entry = this.queue.require(itemId, agentId);
    if (entry.view.state !== 'pending' || !entry.settle) {
      throw new Error('This request is no longer waiting for an answer; nothing was sent.');
    }
    if (entry.view.mode === 'permission') throw new Error('A permission request is answered with one of its options.');
    const settle = entry.settle as (answer: ElicitationAnswer) => void;
    if (action !== 'accept') {
      settle({ action });
      const typed = entry.view.mode === 'form' && Object.keys(entry.view.draft ?? {}).length > 0;
      if (action === 'cancel' && keepDraft && typed) this.queue.update(entry, { state: 'cancelled' });
      else this.queue.remove(entry);
      return undefined;
    }
    if (entry.view.mode === 'form') {
      const check = checkValues(entry.fields, values ?? entry.view.draft ?? {});
      const problems = [...check.formErrors, ...Object.values(check.errors)];
      if (problems.length) throw new Error(`The form cannot be sent yet: ${problems[0]}`);
      settle({ action: 'accept', content: check.content });
      this.queue.remove(entry);
      return check.content;
    }
    this.consent(entry, openIn ?? this.options.defaultUrlOpenMode ?? 'app-window');
    return undefined;
  }

  /** URL mode: opens a consented page again (spec E-URL-6). */
  reopen(itemId: string, agentId: string): void {
    const entry = this.queue.require(itemId, agentId);
    if (entry.view.mode !== 'url' || entry.view.state !== 'consented' || !entry.openableUrl) {
      throw new Error('This page can no longer be opened from here.');
    }
    const mode = entry.view.openedIn ?? 'app-window';
    this.options.urlOpener?.open(itemId, entry.openableUrl, mode);
    this.queue.update(entry, { windowOpen: mode === 'app-window' });
  }

  /**
   * `elicitation/complete` from a connection (spec E-URL-7, E-URL-8). Unknown or already completed ids are
   * ignored silently. Before consent: the request is answered `cancel` and nothing opens; after consent: the item
   * is marked completed and its window closed.
   */
  complete(connectionId: string, elicitationId: string): void {
    this.endings.complete(connectionId, elicitationId);
  }

  /**
   * `$/cancel_request` seen on a connection, for any id (spec E-CXL-1). A pending request is ended by the SDK
   * aborting its handler; a consented URL request only has its window closed.
   */
  cancelRequested(connectionId: string, jsonRpcId: JsonRpcId): void {
    this.endings.cancelRequested(connectionId, jsonRpcId);
  }

  /**
   * One of our requests to the agent ended (e.g. a sign-in): a consented URL item of it closes its window and shows
   * completed (`ok`) or withdrawn.
   */
  requestEnded(connectionId: string, requestId: unknown, ok: boolean): void {
    this.endings.requestEnded(connectionId, requestId, ok);
  }

  /** Keeps the user's typed values in main (architecture rule 7) and returns main's verdict on them. */
  saveDraft(itemId: string, values: FormValues): FormCheck {
    const check = this.checkFormValues(itemId, values);
    const entry = this.queue.require(itemId);
    if (entry.view.state === 'pending') this.queue.update(entry, { draft: values });
    return check;
  }

  /**
   * Main's verdict on a form's values without keeping them (spec E-FORM-5): a card's check of the values it starts
   * with, which are not a draft (nothing was typed), so nothing is stored or broadcast for it.
   * @throws Error when the item is unknown or is not a form.
   */
  checkFormValues(itemId: string, values: FormValues): FormCheck {
    const entry = this.queue.require(itemId);
    if (entry.view.mode !== 'form') throw new Error('Only a form has values to check.');
    return checkValues(entry.fields, values);
  }

  /**
   * Removes an item that needs no answer any more: withdrawn, disconnected, completed or refused ones once
   * read, and a consented URL item the user cancels (its window closes; spec E-URL-6).
   */
  dismiss(itemId: string): void {
    const entry = this.queue.require(itemId);
    if (entry.view.state === 'pending') throw new Error('A pending request is answered with Decline or Cancel, not dismissed.');
    if (entry.view.mode === 'url') this.options.urlOpener?.close(itemId);
    this.queue.remove(entry);
  }

  /** Marks every open item of a closed connection "agent disconnected", keeping drafts (spec E-CXL-4). */
  connectionClosed(connectionId: string): void {
    this.floodGuard.forget(connectionId);
    this.endings.connectionClosed(connectionId);
  }

  /**
   * Refreshes the session context of a session's items when its title or a tool call's title becomes
   * known (the SDK may dispatch a request before a notification sent just ahead of it; spec E-REQ-7).
   */
  sessionContextChanged(sessionKey: string, context: { sessionTitle?: string; toolCallTitles: ReadonlyMap<string, string> }): void {
    for (const entry of this.queue.ofSession(sessionKey)) {
      const scope = entry.view.scope;
      if (scope.kind !== 'session') continue;
      const toolCallTitle = scope.toolCallId ? context.toolCallTitles.get(scope.toolCallId) : undefined;
      if (scope.sessionTitle === context.sessionTitle && scope.toolCallTitle === toolCallTitle) continue;
      this.queue.update(entry, { scope: { ...scope, sessionTitle: context.sessionTitle, toolCallTitle } });
    }
  }

  /**
   * How many items wait for the user, optionally only those of one session. Counts without sorting or
   * copying: the hub asks on every queue change.
   */
  pendingCount(sessionKey?: string): number {
    return this.queue.pendingCount(sessionKey);
  }

  /** All items, oldest first; requests that arrived in the same millisecond in the order they were received. */
  items(): QueueItemView[] {
    return this.queue.items();
  }

  /**
   * Refuses a request beyond the agent's flood limits with JSON-RPC error TOO_MANY_REQUESTS, and
   * tells the user once per flood.
   */
  private admit(connection: ConnectionRef): void {
    admit(this.queue, this.floodGuard, connection, (agentId, text) => this.listener.notice(agentId, text));
  }

  /** spec E-URL-7: the item is registered as consented *before* `accept` goes out, then the page opens. */
  private consent(entry: QueueEntry, openIn: UrlOpenMode): void {
    const opener = this.options.urlOpener;
    if (!opener || !entry.openableUrl) throw new Error('This page cannot be opened here.');
    this.queue.update(entry, { state: 'consented', openedIn: openIn, windowOpen: openIn === 'app-window' });
    (entry.settle as ((answer: ElicitationAnswer) => void) | undefined)?.({ action: 'accept' });
    opener.open(entry.view.itemId, entry.openableUrl, openIn);
  }

  private windowClosedByUser(itemId: string): void {
    const entry = this.queue.get(itemId);
    if (entry?.view.mode === 'url' && entry.view.windowOpen) this.queue.update(entry, { windowOpen: false });
  }
}
