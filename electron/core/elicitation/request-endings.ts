/**
 * How a queued request ends other than by the user's answer (spec E-CXL-1..4, E-URL-7, E-URL-8): the agent
 * withdraws it (`$/cancel_request`, -32800), completes it (`elicitation/complete`), the connection closes, one of
 * our own requests it belongs to ends, or the user stops what it belongs to. None of these answers for the user
 * (E-RES-3).
 */
import { RequestError, type JsonRpcId } from '@agentclientprotocol/sdk';
import type { UrlOpener } from '../url-opener';
import type { ItemQueue } from './item-queue';
import { OUTSTANDING, type ElicitationAnswer, type QueueEntry } from './queue-entry';

/** Ends queued requests for the broker; it shares the broker's queue and URL opener. */
export class RequestEndings {
  constructor(
    private readonly queue: ItemQueue,
    private readonly urlOpener: UrlOpener | undefined,
    private readonly notice: (agentId: string, text: string) => void,
  ) {}

  /**
   * Waits for the answer `entry.settle` will be given. When `signal` aborts first (the agent's `$/cancel_request`;
   * the SDK answers -32800) the item reads withdrawn, stopped or disconnected, and the promise rejects with the
   * signal's reason (spec E-CXL-1).
   */
  awaitAnswer<T>(entry: QueueEntry, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        entry.settle = undefined;
        // The SDK aborts every handler when the connection closes; that is a disconnect, not a withdrawal.
        this.queue.markEnded(entry, entry.connection.signal.aborted ? 'disconnected' : entry.endedByUser ? 'stopped' : 'withdrawn');
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

  /** Marks every open item of a closed connection "agent disconnected", keeping drafts (spec E-CXL-4). */
  connectionClosed(connectionId: string): void {
    for (const entry of this.queue.ofConnection(connectionId)) {
      if (!OUTSTANDING.includes(entry.view.state)) continue;
      entry.settle = undefined;
      if (entry.view.mode === 'url') this.urlOpener?.close(entry.view.itemId);
      this.queue.markEnded(entry, 'disconnected');
    }
  }

  /**
   * The user pressed Stop: pending permission requests of that session are answered "cancelled" (the ACP
   * v1 rule for permissions). Elicitations are left alone (spec E-CXL-3).
   */
  cancelPermissions(sessionKey: string): void {
    for (const entry of [...this.queue.ofSession(sessionKey)]) {
      const { view } = entry;
      if (view.mode !== 'permission' || view.state !== 'pending') continue;
      (entry.settle as ((answer: string | undefined) => void) | undefined)?.(undefined);
      // Said once before it goes, so the session's record of it reads "you stopped", not "waiting" for ever.
      this.queue.update(entry, { state: 'stopped' });
      this.queue.remove(entry);
    }
  }

  /**
   * The user pressed Stop on a session's turn. Its open elicitations stay open (spec E-CXL-3), but if the agent
   * now withdraws them they read "You stopped the turn" (`stopped`) rather than "Withdrawn by the agent".
   * @param turnScope also the request-scoped ones of that turn: those of `connectionId` labelled `label`.
   */
  turnStopped(sessionKey: string, turnScope?: { connectionId: string | undefined; label: string }): void {
    const stop = (entry: QueueEntry) => {
      if (entry.view.mode !== 'permission' && entry.view.state === 'pending') entry.endedByUser = true;
    };
    this.queue.ofSession(sessionKey).forEach(stop);
    if (turnScope?.connectionId === undefined) return;
    for (const entry of this.queue.ofConnection(turnScope.connectionId)) {
      if (entry.view.scope.kind === 'request' && entry.view.scope.label === turnScope.label) stop(entry);
    }
  }

  /**
   * The user cancelled one of our requests to the agent (a sign-in), whose elicitations carry `label`
   * (spec E-REQ-3). A consented page of it has nothing left to do: its window closes and it reads `stopped`
   * ("You cancelled the sign-in"), never "completed" whatever the agent answers next. A pending one stays open
   * for the agent to withdraw (the user's own answer is still theirs to give) and then reads `stopped` too.
   */
  requestCancelledByUser(connectionId: string, label: string): void {
    for (const entry of this.queue.ofConnection(connectionId)) {
      const { view } = entry;
      if (view.scope.kind !== 'request' || view.scope.label !== label) continue;
      if (view.state === 'pending') entry.endedByUser = true;
      if (view.state === 'consented') {
        this.urlOpener?.close(view.itemId);
        this.queue.update(entry, { state: 'stopped', windowOpen: false });
      }
    }
  }

  /**
   * `elicitation/complete` from a connection (spec E-URL-7, E-URL-8). Unknown or already completed ids are
   * ignored silently. Before consent: the consent view closes, nothing opens, the request is answered
   * `cancel`. After consent: the item is marked completed and its window closed.
   */
  complete(connectionId: string, elicitationId: string): void {
    const entry = this.queue.findByElicitationId(connectionId, elicitationId);
    if (!entry) return;
    if (entry.view.state === 'pending') {
      (entry.settle as ((answer: ElicitationAnswer) => void) | undefined)?.({ action: 'cancel' });
      this.notice(entry.view.agentId, `${entry.view.agentName} finished the request before you opened the page; nothing was opened.`);
      // As for Stop: the session's record of it reads "completed by the agent", not "waiting" for ever.
      this.queue.update(entry, { state: 'completed' });
      return this.queue.remove(entry);
    }
    this.urlOpener?.close(entry.view.itemId);
    this.queue.update(entry, { state: 'completed', windowOpen: false });
  }

  /**
   * `$/cancel_request` seen on a connection, for any id. A pending request is ended by the SDK aborting
   * its handler (see {@link awaitAnswer}); a URL request already answered with consent has nothing left
   * to answer, so only its window closes (the page's own flow may go on; the card says so).
   */
  cancelRequested(connectionId: string, jsonRpcId: JsonRpcId): void {
    const entry = this.queue.findByRpcId(connectionId, jsonRpcId, ['consented']);
    if (!entry) return;
    this.urlOpener?.close(entry.view.itemId);
    this.queue.update(entry, { state: 'withdrawn', windowOpen: false });
  }

  /**
   * One of our requests to the agent ended (e.g. a sign-in). A consented URL item that belonged to it has
   * nothing left to wait for: its window closes and it shows completed (the request succeeded) or
   * withdrawn (it failed or was given up). The agent cannot withdraw a request it already had an answer to.
   */
  requestEnded(connectionId: string, requestId: unknown, ok: boolean): void {
    for (const entry of this.queue.ofConnection(connectionId)) {
      if (entry.scopeRequestId !== requestId || entry.view.state !== 'consented') continue;
      this.urlOpener?.close(entry.view.itemId);
      this.queue.update(entry, { state: ok ? 'completed' : 'withdrawn', windowOpen: false });
    }
  }
}
