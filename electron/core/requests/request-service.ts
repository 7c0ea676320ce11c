/**
 * The requests that wait for the user (elicitations and permissions) as the rest of the app sees them: arrivals
 * announced, each session request's record kept in its live transcript, "waiting for you" counts, and the user's
 * answers passed to the broker and recorded.
 */
import type { CommandInput } from '../../../shared/bridge';
import type { QueueItemView, RequestRecordView } from '../../../shared/views/requests';
import { SIGN_IN_LABEL } from '../acp/request-labels';
import type { CoreContext } from '../core-context';
import { outcomeOf, recordEntryId } from '../history/history-recorder';
import { Arrivals } from './arrivals';
import { liveRequestEntry } from './live-record';

/** What the request service tells its neighbours, handed in at construction. */
export interface RequestServiceDeps {
  /** The user declined or cancelled the request of an agent's pending sign-in (the agents supervisor). */
  signInRefused(agentId: string): void;
}

/** Owns the queue's side effects outside the broker: records, counts, notifications, answers. */
export class RequestService {
  /** Session requests in the queue with the outcome their transcript record shows, so a draft save does not redraw it. */
  private readonly liveRecords = new Map<string, { item: QueueItemView; outcome: RequestRecordView['outcome'] }>();
  private readonly arrivals: Arrivals;

  constructor(
    private readonly ctx: CoreContext,
    private readonly deps: RequestServiceDeps,
  ) {
    this.arrivals = new Arrivals({
      emit: (event) => ctx.emit(event),
      attention: ctx.options.attention,
      agent: (agentId) => {
        const view = ctx.agents.get(agentId)?.view;
        return view && { name: view.name, muted: view.muted };
      },
      waitingCount: () => ctx.broker.pendingCount(),
      isStopping: () => ctx.isStopping(),
    });
  }

  /** The broker's `itemChanged`: the item is drawn, published (`request-asked`), counted, recorded and (once) announced. */
  itemChanged(item: QueueItemView): void {
    this.ctx.emit({ type: 'item', item });
    this.ctx.domain.publish({ type: 'request-asked', item });
    if (item.scope.kind === 'session') this.refreshWaiting(item.scope.sessionKey);
    this.recordLive(item);
    this.arrivals.itemChanged(item);
  }

  /** The broker's `itemRemoved`: the item goes from the window, the counts and any notification not yet sent. */
  itemRemoved(itemId: string, item: QueueItemView): void {
    this.liveRecords.delete(itemId);
    this.ctx.emit({ type: 'itemRemoved', itemId });
    if (item.scope.kind === 'session') this.refreshWaiting(item.scope.sessionKey);
    this.arrivals.itemRemoved(item.agentId, itemId);
  }

  /** Drops pending notifications (the hub is stopping). */
  stop(): void {
    this.arrivals.stop();
  }

  /** The ids of the requests waiting for the user, the one that has waited longest first (tray, menu). */
  waitingItemIds(): string[] {
    return this.ctx.broker
      .items()
      .filter((item) => item.state === 'pending')
      .map((item) => item.itemId);
  }

  /**
   * True while a form holds a draft the user typed and has not sent: pending, or kept readable after its
   * agent went away (spec E-CXL-4). The host never restarts the app (an update) while this holds.
   */
  hasOpenDraft(): boolean {
    return this.ctx.broker
      .items()
      .some(
        (item) =>
          item.mode === 'form' &&
          (item.state === 'pending' || item.state === 'disconnected' || item.state === 'cancelled') &&
          Object.keys(item.draft ?? {}).length > 0,
      );
  }

  /** The `answerElicitation` command: accept, decline or cancel (spec E-FORM-*, E-URL-*), then recorded. */
  answerElicitation(p: CommandInput<'answerElicitation'>): Record<string, never> {
    const { broker } = this.ctx;
    const live = this.liveRecords.get(p.itemId);
    const scope = p.action === 'accept' ? undefined : broker.items().find((item) => item.itemId === p.itemId)?.scope;
    const sent = broker.answer(p.itemId, p.agentId, p.action, p.values, p.openIn, p.keepDraft);
    const outcome = p.action === 'accept' ? 'accepted' : p.action === 'decline' ? 'declined' : 'cancelled';
    if (scope?.kind === 'request' && scope.label === SIGN_IN_LABEL) this.deps.signInRefused(p.agentId);
    this.afterAnswerSent(() => {
      this.ctx.domain.publish({ type: 'request-answered', itemId: p.itemId, outcome });
      // An item that stays (Escape's kept-draft cancel, a consented URL) was already recorded with this outcome by
      // itemChanged; only what was sent, which itemChanged does not know, is written again.
      const recorded = this.liveRecords.get(p.itemId)?.outcome === outcome;
      if (live && (sent !== undefined || !recorded)) this.writeLiveRecord(live.item, outcome, { sent });
    });
    return {};
  }

  /** The `answerPermission` command: the chosen option (or cancelled), then recorded. */
  answerPermission(p: CommandInput<'answerPermission'>): Record<string, never> {
    const live = this.liveRecords.get(p.itemId);
    this.ctx.broker.answerPermission(p.itemId, p.agentId, p.optionId);
    this.afterAnswerSent(() => {
      this.ctx.domain.publish({ type: 'request-answered', itemId: p.itemId, outcome: p.optionId === undefined ? 'cancelled' : 'chosen', ...(p.optionId !== undefined ? { optionId: p.optionId } : {}) });
      if (live?.item.mode === 'permission') {
        const chosen = live.item.options.find((o) => o.optionId === p.optionId);
        this.writeLiveRecord(live.item, p.optionId === undefined ? 'cancelled' : 'chosen', { option: chosen?.name });
        // Its tool call then reads "Rejected by you" rather than the agent's "failed" (ToolCallView.rejectedByUser).
        const { scope } = live.item;
        if (chosen?.kind.startsWith('reject') && scope.kind === 'session' && scope.toolCallId) {
          this.ctx.sessions.get(scope.sessionKey)?.transcript.rejectedByUser(scope.toolCallId);
        }
      }
    });
    return {};
  }

  /**
   * Keeps a session request's record in its live transcript: added where it arrived, then rewritten only when its
   * outcome changes (not on every draft save). The user's own answers are written by the answer commands, which
   * know what was sent.
   */
  private recordLive(item: QueueItemView): void {
    if (item.scope.kind !== 'session') return;
    const outcome = outcomeOf(item);
    const known = this.liveRecords.get(item.itemId);
    this.liveRecords.set(item.itemId, { item, outcome });
    if (known?.outcome !== outcome) this.writeLiveRecord(item, outcome);
  }

  /**
   * Runs the history and transcript records of an answer right after the answer itself is on its way to the agent:
   * the connection posts the response in the first microtask after the broker settles the request, and this runs in
   * the next one, still before the command's own promise resolves and in the same event batch. Measured by the bench
   * (elicitation overhead): done inline, they sat between the user's answer and the agent's response.
   */
  private afterAnswerSent(record: () => void): void {
    queueMicrotask(() => {
      try {
        record();
      } catch (error) {
        this.ctx.log(`recording an answer failed: ${(error as Error).message}`);
      }
    });
  }

  private writeLiveRecord(item: QueueItemView, outcome: RequestRecordView['outcome'], answer?: Parameters<typeof liveRequestEntry>[2]): void {
    if (item.scope.kind !== 'session') return;
    this.ctx.sessions.get(item.scope.sessionKey)?.transcript.request(recordEntryId(item.itemId), liveRequestEntry(item, outcome, answer));
  }

  /** v1 sessions derive "waiting for you" from the queue (spec E-STATE-1); v2 sessions ignore this. */
  private refreshWaiting(sessionKey: string): void {
    this.ctx.sessions.get(sessionKey)?.setWaitingItems(this.ctx.broker.pendingCount(sessionKey));
  }
}
