/**
 * The elicitation broker: checks each `elicitation/create`, queues it per agent under an opaque item id,
 * and routes the user's answer back to the one connection that asked (spec E-CAP-3, E-REQ-*, E-FORM-10,
 * E-URL-*, E-RES-*, E-CXL-1..4).
 *
 * It never answers for the user (E-RES-3): a request ends only by the user's answer, the agent's
 * `$/cancel_request` (the SDK aborts the handler's signal and answers -32800), the connection closing, or
 * — URL mode only — the agent's own `elicitation/complete` before consent (E-URL-7) and a URL refused
 * outright for its scheme (E-URL-4).
 */
import { randomUUID } from 'node:crypto';
import { RequestError, type JsonRpcId } from '@agentclientprotocol/sdk';
import type { AgentInfoView } from '../../../shared/views/agents';
import type { FormItemView, ItemScope, PermissionItemView, QueueItemView, UrlItemView, UrlOpenMode } from '../../../shared/views/requests';
import type { PermissionRequest } from '../acp/agent-connection';
import type { FieldSpec, FormCheck, FormValues } from '../../../shared/form-schema/types';
import { checkValues } from '../../../shared/form-validation';
import { analyzeUrl, MAX_URL_CHARS, urlTooLongSentence } from '../../../shared/url-analysis';
import type { UrlOpener } from '../url-opener';
import { describeRequestedForm, textWithin } from './form-descriptions';
import { describeUrl } from './url-descriptions';
import { FloodGuard, type FloodLimits } from './flood-guard';
import { TOO_MANY_REQUESTS } from '../budgets';
import { cutText } from '../../../shared/cut-text';

/** Wire response to `elicitation/create` (spec E-RES-1, E-RES-2, E-URL-6: a URL accept has no content). */
export type ElicitationAnswer =
  | { action: 'accept'; content: FormCheck['content'] }
  | { action: 'accept' }
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
  /** The agent's JSON-RPC id; cleared once the agent reuses it for a newer request. */
  jsonRpcId: JsonRpcId | undefined;
  /** Form mode: described once per schema (form-descriptions.ts), so its checks are compiled once, not per item or keystroke. */
  fields: FieldSpec[];
  /**
   * Form mode: the agent's schema has more text than {@link MAX_ENDED_SCHEMA_CHARS}, so an ended form the user typed
   * nothing into drops its description. Decided once on arrival; the raw schema itself is not kept.
   */
  largeSchema?: boolean;
  /** URL mode: the agent's opaque `elicitationId` (never parsed, spec E-URL-1). */
  elicitationId?: string;
  /** URL mode: the re-serialised URL, the only form ever opened. */
  openableUrl?: string;
  /** Request scope: the id of our request this elicitation belongs to (spec E-REQ-2). */
  scopeRequestId?: unknown;
  /** Ends the agent's request with this answer (an ElicitationAnswer, or a permission's option id). */
  settle?: (answer: never) => void;
  /** A request refused on arrival: the error the agent gets (the item only tells the user). */
  refusal?: RequestError;
  /**
   * The user ended what this request belongs to (Stop on its turn, Cancel on its sign-in) while it was open, so
   * its end reads `stopped`, not `withdrawn`: the agent only did what the user asked.
   */
  endedByUser?: boolean;
}

/** Events the broker reports to the hub. */
export interface BrokerListener {
  itemChanged(item: QueueItemView): void;
  itemRemoved(itemId: string, item: QueueItemView): void;
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

/**
 * How many refused items (invalid forms, refused URLs) each agent keeps in the queue for the user to read; older
 * ones are dropped. A refused request costs the agent nothing (it is answered at once), so without a cap an
 * agent could fill the queue with them.
 */
export const MAX_REFUSED_PER_AGENT = 20;

/**
 * Characters of a refused, over-long URL kept to show the user (the rest is cut with an ellipsis): enough to see
 * the scheme, the host and where the path goes, while {@link MAX_REFUSED_PER_AGENT} addresses of a whole line's
 * size (8 MiB) would otherwise stay on main and be drawn by the renderer.
 */
export const SHOWN_REFUSED_URL_CHARS = 2_000;

/**
 * How many ended items (withdrawn, completed, stopped) each agent keeps in the queue until the
 * user clears them; older ones are dropped. Ending costs the agent nothing and releases its pending-bytes budget,
 * so an agent that asked and withdrew 16 times a second held 300 MB on main within a minute.
 */
export const MAX_ENDED_PER_AGENT = 50;

/**
 * Characters of its message an ended item keeps (the rest is cut with an ellipsis): enough to recognise the
 * request in its ended card, while 50 withdrawn 4 MiB messages would otherwise stay on main.
 */
export const MAX_ENDED_MESSAGE_CHARS = 2_000;

/**
 * Characters of a form's schema (keys and strings, as form-descriptions.ts's `textWithin` counts them) up to which an
 * ended form the user typed nothing into keeps its description; past it the description is dropped, and its card says
 * it ended without its fields. An agent
 * that asked a 2 MB form and withdrew it in a loop left 50 × 2 MB in the queue, 100 MB on main, sent to every window
 * and serialised whole by each snapshot (248 ms; hostile review, session 27). Real forms are a few KB.
 */
export const MAX_ENDED_SCHEMA_CHARS = 64 * 1024;

/** States an item reaches without an answer from the user: its message is shortened to {@link MAX_ENDED_MESSAGE_CHARS}. */
const ENDED: ReadonlyArray<QueueItemView['state']> = ['withdrawn', 'completed', 'stopped', 'disconnected'];

/**
 * Ended states counted against {@link MAX_ENDED_PER_AGENT}. Not `disconnected`: those keep what the user typed
 * (spec E-CXL-4) and come only when the agent's connection ends, which supervision already limits.
 */
const CAPPED_ENDED: ReadonlyArray<QueueItemView['state']> = ['withdrawn', 'completed', 'stopped'];

/** States in which a URL item's `elicitationId` is outstanding (spec E-REQ-8, E-URL-7). */
const OUTSTANDING: ReadonlyArray<QueueItemView['state']> = ['pending', 'consented'];

export class ElicitationBroker {
  private readonly entries = new Map<string, Entry>();
  private readonly floodGuard: FloodGuard;
  /** Receipt order of requests, for {@link QueueItemView.arrivalSeq}. */
  private arrivals = 0;

  constructor(
    private readonly listener: BrokerListener,
    private readonly options: BrokerOptions = {},
  ) {
    options.urlOpener?.onClosedByUser?.((itemId) => this.windowClosedByUser(itemId));
    this.floodGuard = new FloodGuard(options.floodLimits);
  }

  /**
   * Refuses a request beyond the agent's flood limits with JSON-RPC error {@link TOO_MANY_REQUESTS}, and
   * tells the user once per flood.
   */
  private admit(connection: ConnectionRef): void {
    const pending = this.countPending((entry) => entry.connection.connectionId === connection.connectionId);
    const refused = this.floodGuard.check(connection.connectionId, pending);
    if (!refused) return;
    if (refused.tellUser) {
      this.listener.notice(connection.agentId, `${connection.agentName} is sending too many requests (${refused.reason}); Switchboard is refusing the extra ones.`);
    }
    throw new RequestError(TOO_MANY_REQUESTS, `Too many requests: ${refused.reason}; try again later`);
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
    const mode = params.mode;
    if (typeof mode !== 'string' || !connection.advertisedModes.includes(mode as 'form' | 'url')) {
      throw RequestError.invalidParams({ mode }, `elicitation mode ${JSON.stringify(mode)} was not advertised by this client`);
    }
    const scope = this.resolveScope(connection, params);
    if (this.findByRpcId(connection.connectionId, jsonRpcId, ['pending'])) {
      throw RequestError.invalidRequest({ id: jsonRpcId }, 'an elicitation with this request id is already pending');
    }
    // An answered request's id may be reused by the agent; the old item no longer owns it.
    const previous = this.findByRpcId(connection.connectionId, jsonRpcId, ['consented', 'completed', 'refused']);
    if (previous) previous.jsonRpcId = undefined;

    const base = {
      itemId: `item-${randomUUID()}`,
      agentId: connection.agentId,
      agentName: connection.agentName,
      agentInfo: connection.agentInfo,
      scope,
      message: typeof params.message === 'string' ? params.message : '',
      state: 'pending' as const,
      arrivedAt: Date.now(),
      arrivalSeq: ++this.arrivals,
    };
    const entry = mode === 'url' ? this.urlEntry(connection, jsonRpcId, params, base) : this.formEntry(connection, jsonRpcId, params, base);
    // A refused item is answered at once and costs the agent nothing: like an ended one it keeps only its message's start.
    if (entry.view.state === 'refused') entry.view.message = cutText(entry.view.message, MAX_ENDED_MESSAGE_CHARS);
    if (scope.kind === 'request') entry.scopeRequestId = params.requestId;
    this.add(entry);
    if (entry.refusal) throw entry.refusal;

    if (entry.view.state === 'refused') {
      // spec E-URL-4: refused outright; the agent hears "decline", the user sees why.
      return Promise.resolve({ action: 'decline' });
    }
    return this.awaitAnswer<ElicitationAnswer>(entry, signal);
  }

  /**
   * Handles one `session/request_permission`: queued like an elicitation, in the session's context.
   * Resolves with the chosen option id, or undefined for "cancelled" (the user dismissed it, or pressed
   * Stop: the v1 rule for permissions). Rejects -32602 for an unknown session, and with the signal's reason
   * (-32800) when the agent withdraws it.
   */
  handlePermission(connection: ConnectionRef, jsonRpcId: JsonRpcId, permission: PermissionRequest, signal: AbortSignal): Promise<string | undefined> {
    this.admit(connection);
    const scope = connection.sessionContext(permission.sessionId, permission.toolCallId);
    if (!scope) throw RequestError.invalidParams({ sessionId: permission.sessionId }, 'unknown session');
    // Two pending requests under one id would get two responses to it, and the user's answers could not be told
    // apart (spec E-RES-1); the second is refused, as a second elicitation under a pending id is.
    if (this.findByRpcId(connection.connectionId, jsonRpcId, ['pending', 'consented'])) {
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
      arrivalSeq: ++this.arrivals,
      mode: 'permission',
      title: permission.title,
      ...(permission.command ? { command: permission.command } : {}),
      ...(permission.toolKind ? { toolKind: permission.toolKind } : {}),
      ...(permission.paths.length > 0 ? { paths: permission.paths } : {}),
      options: permission.options,
    };
    const entry: Entry = { view, connection, jsonRpcId, fields: [] };
    this.add(entry);
    return this.awaitAnswer<string | undefined>(entry, signal);
  }

  /**
   * The user's answer to a permission request: one of its options, or none for "cancelled".
   * @throws Error (plain sentence) when the item is unknown, not a pending permission, or the option is not one offered.
   */
  answerPermission(itemId: string, agentId: string, optionId: string | undefined): void {
    const entry = this.requireEntry(itemId, agentId);
    if (entry.view.mode !== 'permission' || entry.view.state !== 'pending' || !entry.settle) {
      throw new Error('This request is no longer waiting for an answer; nothing was sent.');
    }
    if (optionId !== undefined && !entry.view.options.some((o) => o.optionId === optionId)) {
      throw new Error('That is not one of the choices the agent offered.');
    }
    (entry.settle as (answer: string | undefined) => void)(optionId);
    this.remove(entry);
  }

  /**
   * The user pressed Stop: pending permission requests of that session are answered "cancelled" (the ACP
   * v1 rule for permissions). Elicitations are left alone (spec E-CXL-3).
   */
  cancelPermissions(sessionKey: string): void {
    for (const entry of [...this.entries.values()]) {
      const { view } = entry;
      if (view.mode !== 'permission' || view.state !== 'pending' || view.scope.kind !== 'session' || view.scope.sessionKey !== sessionKey) continue;
      (entry.settle as ((answer: string | undefined) => void) | undefined)?.(undefined);
      // Said once before it goes, so the session's record of it reads "you stopped", not "waiting" for ever.
      this.update(entry, { state: 'stopped' });
      this.remove(entry);
    }
  }

  /**
   * The user pressed Stop on a session's turn. Its open elicitations stay open (spec E-CXL-3), but if the agent
   * now withdraws them they read "You stopped the turn" (`stopped`) rather than "Withdrawn by the agent".
   * @param turnScope also the request-scoped ones of that turn: those of `connectionId` labelled `label`.
   */
  turnStopped(sessionKey: string, turnScope?: { connectionId: string | undefined; label: string }): void {
    for (const entry of this.entries.values()) {
      const { view } = entry;
      if (view.mode === 'permission' || view.state !== 'pending') continue;
      const ofSession = view.scope.kind === 'session' && view.scope.sessionKey === sessionKey;
      const ofTurn =
        turnScope !== undefined &&
        view.scope.kind === 'request' &&
        view.scope.label === turnScope.label &&
        entry.connection.connectionId === turnScope.connectionId;
      if (ofSession || ofTurn) entry.endedByUser = true;
    }
  }

  /**
   * The user cancelled one of our requests to the agent (a sign-in), whose elicitations carry `label`
   * (spec E-REQ-3). A consented page of it has nothing left to do: its window closes and it reads `stopped`
   * ("You cancelled the sign-in"), never "completed" whatever the agent answers next. A pending one stays open
   * for the agent to withdraw (the user's own answer is still theirs to give) and then reads `stopped` too.
   */
  requestCancelledByUser(connectionId: string, label: string): void {
    for (const entry of this.entries.values()) {
      const { view } = entry;
      if (entry.connection.connectionId !== connectionId || view.scope.kind !== 'request' || view.scope.label !== label) continue;
      if (view.state === 'pending') entry.endedByUser = true;
      if (view.state === 'consented') {
        this.options.urlOpener?.close(view.itemId);
        this.update(entry, { state: 'stopped', windowOpen: false });
      }
    }
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
    const entry = this.requireEntry(itemId, agentId);
    if (entry.view.state !== 'pending' || !entry.settle) {
      throw new Error('This request is no longer waiting for an answer; nothing was sent.');
    }
    if (entry.view.mode === 'permission') throw new Error('A permission request is answered with one of its options.');
    const settle = entry.settle as (answer: ElicitationAnswer) => void;
    if (action !== 'accept') {
      settle({ action });
      const typed = entry.view.mode === 'form' && Object.keys(entry.view.draft ?? {}).length > 0;
      if (action === 'cancel' && keepDraft && typed) this.update(entry, { state: 'cancelled' });
      else this.remove(entry);
      return undefined;
    }
    if (entry.view.mode === 'form') {
      const check = this.check(entry, values ?? entry.view.draft ?? {});
      const problems = [...check.formErrors, ...Object.values(check.errors)];
      if (problems.length) throw new Error(`The form cannot be sent yet: ${problems[0]}`);
      settle({ action: 'accept', content: check.content });
      this.remove(entry);
      return check.content;
    }
    this.consent(entry, openIn ?? this.options.defaultUrlOpenMode ?? 'app-window');
    return undefined;
  }

  /** URL mode: opens a consented page again (spec E-URL-6). */
  reopen(itemId: string, agentId: string): void {
    const entry = this.requireEntry(itemId, agentId);
    if (entry.view.mode !== 'url' || entry.view.state !== 'consented' || !entry.openableUrl) {
      throw new Error('This page can no longer be opened from here.');
    }
    const mode = entry.view.openedIn ?? 'app-window';
    this.options.urlOpener?.open(itemId, entry.openableUrl, mode);
    this.update(entry, { windowOpen: mode === 'app-window' });
  }

  /**
   * `elicitation/complete` from a connection (spec E-URL-7, E-URL-8). Unknown or already completed ids are
   * ignored silently. Before consent: the consent view closes, nothing opens, the request is answered
   * `cancel`. After consent: the item is marked completed and its window closed.
   */
  complete(connectionId: string, elicitationId: string): void {
    const entry = this.findByElicitationId(connectionId, elicitationId);
    if (!entry) return;
    if (entry.view.state === 'pending') {
      (entry.settle as ((answer: ElicitationAnswer) => void) | undefined)?.({ action: 'cancel' });
      this.listener.notice(entry.view.agentId, `${entry.view.agentName} finished the request before you opened the page; nothing was opened.`);
      // As for Stop: the session's record of it reads "completed by the agent", not "waiting" for ever.
      this.update(entry, { state: 'completed' });
      return this.remove(entry);
    }
    this.options.urlOpener?.close(entry.view.itemId);
    this.update(entry, { state: 'completed', windowOpen: false });
  }

  /**
   * `$/cancel_request` seen on a connection, for any id. A pending request is ended by the SDK aborting
   * its handler (see {@link awaitAnswer}); a URL request already answered with consent has nothing left
   * to answer, so only its window closes (the page's own flow may go on; the card says so).
   */
  cancelRequested(connectionId: string, jsonRpcId: JsonRpcId): void {
    const entry = this.findByRpcId(connectionId, jsonRpcId, ['consented']);
    if (!entry) return;
    this.options.urlOpener?.close(entry.view.itemId);
    this.update(entry, { state: 'withdrawn', windowOpen: false });
  }

  /**
   * One of our requests to the agent ended (e.g. a sign-in). A consented URL item that belonged to it has
   * nothing left to wait for: its window closes and it shows completed (the request succeeded) or
   * withdrawn (it failed or was given up). The agent cannot withdraw a request it already had an answer to.
   */
  requestEnded(connectionId: string, requestId: unknown, ok: boolean): void {
    for (const entry of this.entries.values()) {
      if (entry.connection.connectionId !== connectionId || entry.scopeRequestId !== requestId) continue;
      if (entry.view.state !== 'consented') continue;
      this.options.urlOpener?.close(entry.view.itemId);
      this.update(entry, { state: ok ? 'completed' : 'withdrawn', windowOpen: false });
    }
  }

  /** Keeps the user's typed values in main (architecture rule 7) and returns main's verdict on them. */
  saveDraft(itemId: string, values: FormValues): FormCheck {
    const check = this.checkFormValues(itemId, values);
    const entry = this.requireEntry(itemId);
    if (entry.view.state === 'pending') this.update(entry, { draft: values });
    return check;
  }

  /**
   * Main's verdict on a form's values without keeping them (spec E-FORM-5): a card's check of the values it starts
   * with, which are not a draft (nothing was typed), so nothing is stored or broadcast for it.
   * @throws Error when the item is unknown or is not a form.
   */
  checkFormValues(itemId: string, values: FormValues): FormCheck {
    const entry = this.requireEntry(itemId);
    if (entry.view.mode !== 'form') throw new Error('Only a form has values to check.');
    return this.check(entry, values);
  }

  /**
   * Removes an item that needs no answer any more: withdrawn, disconnected, completed or refused ones once
   * read, and a consented URL item the user cancels (its window closes; spec E-URL-6).
   */
  dismiss(itemId: string): void {
    const entry = this.requireEntry(itemId);
    if (entry.view.state === 'pending') throw new Error('A pending request is answered with Decline or Cancel, not dismissed.');
    if (entry.view.mode === 'url') this.options.urlOpener?.close(itemId);
    this.remove(entry);
  }

  /** Marks every open item of a closed connection "agent disconnected", keeping drafts (spec E-CXL-4). */
  connectionClosed(connectionId: string): void {
    this.floodGuard.forget(connectionId);
    for (const entry of this.entries.values()) {
      if (entry.connection.connectionId !== connectionId || !OUTSTANDING.includes(entry.view.state)) continue;
      entry.settle = undefined;
      if (entry.view.mode === 'url') this.options.urlOpener?.close(entry.view.itemId);
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
      this.update(entry, { scope: { ...scope, sessionTitle: context.sessionTitle, toolCallTitle } });
    }
  }

  /**
   * How many items wait for the user, optionally only those of one session. Counts without sorting or
   * copying: the hub asks on every queue change.
   */
  pendingCount(sessionKey?: string): number {
    return this.countPending(
      (entry) => sessionKey === undefined || (entry.view.scope.kind === 'session' && entry.view.scope.sessionKey === sessionKey),
    );
  }

  private countPending(include: (entry: Entry) => boolean): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.view.state === 'pending' && include(entry)) count++;
    return count;
  }

  /** All items, oldest first; requests that arrived in the same millisecond in the order they were received. */
  items(): QueueItemView[] {
    return [...this.entries.values()].map((e) => e.view).sort((a, b) => a.arrivedAt - b.arrivedAt || (a.arrivalSeq ?? 0) - (b.arrivalSeq ?? 0));
  }

  // ── creation ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * A form's entry. An invalid schema (spec E-FORM-10, or beyond the size limits) becomes a `refused` item that
   * tells the user what was refused and why, without the schema itself, and carries the -32602 for the agent.
   */
  private formEntry(connection: ConnectionRef, jsonRpcId: JsonRpcId, params: Record<string, unknown>, base: BaseView): Entry {
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

  private urlEntry(connection: ConnectionRef, jsonRpcId: JsonRpcId, params: Record<string, unknown>, base: BaseView): Entry {
    const { elicitationId, url } = params;
    if (typeof elicitationId !== 'string' || typeof url !== 'string') {
      throw RequestError.invalidParams(undefined, 'a url elicitation needs a string elicitationId and url');
    }
    if (this.findByElicitationId(connection.connectionId, elicitationId)) {
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

  private awaitAnswer<T>(entry: Entry, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        entry.settle = undefined;
        // The SDK aborts every handler when the connection closes; that is a disconnect, not a withdrawal.
        this.markEnded(entry, entry.connection.signal.aborted ? 'disconnected' : entry.endedByUser ? 'stopped' : 'withdrawn');
        reject(signal.reason ?? RequestError.requestCancelled({ requestId: entry.jsonRpcId }));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const settle = (answer: T) => {
        signal.removeEventListener('abort', onAbort);
        entry.settle = undefined;
        resolve(answer);
      };
      entry.settle = settle as (answer: never) => void;
    });
  }

  // ── URL lifecycle ───────────────────────────────────────────────────────────────────────────────────

  /** spec E-URL-7: the item is registered as consented *before* `accept` goes out, then the page opens. */
  private consent(entry: Entry, openIn: UrlOpenMode): void {
    const opener = this.options.urlOpener;
    if (!opener || !entry.openableUrl) throw new Error('This page cannot be opened here.');
    this.update(entry, { state: 'consented', openedIn: openIn, windowOpen: openIn === 'app-window' });
    (entry.settle as ((answer: ElicitationAnswer) => void) | undefined)?.({ action: 'accept' });
    opener.open(entry.view.itemId, entry.openableUrl, openIn);
  }

  private windowClosedByUser(itemId: string): void {
    const entry = this.entries.get(itemId);
    if (entry?.view.mode === 'url' && entry.view.windowOpen) this.update(entry, { windowOpen: false });
  }

  // ── helpers ─────────────────────────────────────────────────────────────────────────────────────────

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

  private findByRpcId(connectionId: string, jsonRpcId: JsonRpcId, states: ReadonlyArray<QueueItemView['state']>): Entry | undefined {
    for (const entry of this.entries.values()) {
      if (entry.connection.connectionId === connectionId && entry.jsonRpcId === jsonRpcId && states.includes(entry.view.state)) {
        return entry;
      }
    }
    return undefined;
  }

  private findByElicitationId(connectionId: string, elicitationId: string): Entry | undefined {
    for (const entry of this.entries.values()) {
      if (
        entry.connection.connectionId === connectionId &&
        entry.elicitationId === elicitationId &&
        OUTSTANDING.includes(entry.view.state)
      ) {
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

  private update(entry: Entry, patch: Partial<FormItemView> | Partial<UrlItemView> | Partial<PermissionItemView>): void {
    const ending = patch.state !== undefined && ENDED.includes(patch.state);
    const message = ending && entry.view.message.length > MAX_ENDED_MESSAGE_CHARS ? { message: cutText(entry.view.message, MAX_ENDED_MESSAGE_CHARS) } : {};
    const schema = ending && this.dropsSchemaOnEnd(entry) ? { form: NO_FORM } : {};
    if ('form' in schema) {
      entry.fields = [];
      entry.largeSchema = false;
    }
    entry.view = { ...entry.view, ...patch, ...message, ...schema } as QueueItemView;
    this.listener.itemChanged(entry.view);
    if (ending) this.dropOldest(entry.view.agentId, CAPPED_ENDED, MAX_ENDED_PER_AGENT);
  }

  /** Whether an ending form keeps too large a schema for nothing: the user typed nothing ({@link MAX_ENDED_SCHEMA_CHARS}). */
  private dropsSchemaOnEnd(entry: Entry): boolean {
    const view = entry.view;
    return view.mode === 'form' && view.draft === undefined && entry.largeSchema === true;
  }

  /** Queues a new entry; past {@link MAX_REFUSED_PER_AGENT} refused items of its agent, the oldest goes. */
  private add(entry: Entry): void {
    this.entries.set(entry.view.itemId, entry);
    this.listener.itemChanged(entry.view);
    if (entry.view.state === 'refused') this.dropOldest(entry.view.agentId, ['refused'], MAX_REFUSED_PER_AGENT);
  }

  /** Removes the oldest items of `agentId` in `states` past the first `keep` (the map keeps arrival order). */
  private dropOldest(agentId: string, states: ReadonlyArray<QueueItemView['state']>, keep: number): void {
    const matching = [...this.entries.values()].filter((e) => states.includes(e.view.state) && e.view.agentId === agentId);
    for (const old of matching.slice(0, Math.max(0, matching.length - keep))) this.remove(old);
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.view.itemId);
    this.listener.itemRemoved(entry.view.itemId, entry.view);
  }

  private markEnded(entry: Entry, state: 'withdrawn' | 'stopped' | 'disconnected'): void {
    if (!OUTSTANDING.includes(entry.view.state)) return;
    this.update(entry, { state, ...(entry.view.mode === 'url' ? { windowOpen: false } : {}) });
  }
}

type BaseView = Omit<FormItemView, 'mode' | 'form' | 'draft'>;

/** The form of a refused request, or of an ended one whose description was dropped: nothing to draw. */
const NO_FORM: FormItemView['form'] = { fields: [] };
