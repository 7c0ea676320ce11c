/**
 * Switchboard's own session history (architecture rule 9): the store, opened (or moved aside and started again)
 * at start, and the recorder that writes live sessions into it as they come, change and go.
 */
import type { BridgeEvent } from '../../../shared/bridge';
import type { RequestRecordView } from '../../../shared/views/requests';
import type { CoreContext } from '../core-context';
import type { Session } from '../sessions/session';
import type { SessionRecording } from '../sessions/session-commands';
import { ENDED, HistoryRecorder } from './history-recorder';
import { HistoryStore, PRUNE_BATCH, type HistoryRecordInput } from './history-store';

/** Batches of old records pruned at start, at most; the rest goes at the next start. */
const PRUNE_BATCHES_AT_START = 5;

/** The history store and its recorder; the session commands tell it about sessions ({@link SessionRecording}). */
export class SessionHistory implements SessionRecording {
  readonly store: HistoryStore;
  readonly recorder: HistoryRecorder;
  /** A plain sentence about the history file found at start (moved aside), shown with every snapshot. */
  readonly notice?: string;

  /** Opens `ctx.options.historyFile` (in memory without one) and prunes what retention lets go. */
  constructor(private readonly ctx: CoreContext) {
    const opened = HistoryStore.open(ctx.options.historyFile);
    this.store = opened.store;
    this.notice = opened.notice;
    if (opened.notice) ctx.options.log?.('history: the history file could not be used and was moved aside');
    // Retention at start, bounded: at most a few batches; the rest goes at the next start.
    for (let i = 0; i < PRUNE_BATCHES_AT_START && this.store.prune() === PRUNE_BATCH; i++);
    this.recorder = new HistoryRecorder(this.store, () => ctx.emit({ type: 'historyChanged' }), (line) => ctx.log(line));
  }

  /** Every event the core emits passes here first: the recorder keeps what concerns live sessions. */
  observe(event: BridgeEvent): void {
    this.recorder.observe(event);
  }

  started(session: Session): void {
    this.recorder.track(session, this.recordOf(session));
  }

  closed(sessionKey: string): void {
    this.recorder.untrack(sessionKey, ENDED.closed);
  }

  agentStopped(sessionKey: string): void {
    this.recorder.ended(sessionKey, ENDED.agentStopped);
  }

  /** The user answered a request: its history record says how. */
  answered(itemId: string, outcome: RequestRecordView['outcome'], optionId?: string): void {
    this.recorder.answered(itemId, outcome, optionId);
  }

  /** The app is closing: what waits now is kept as "ended when Switchboard closed", not "agent disconnected". */
  appClosing(): void {
    this.recorder.appClosing();
  }

  /** Writes what is pending and closes the store; the last call. */
  close(): void {
    this.recorder.dispose();
    this.store.close();
  }

  /** A new history record for a live session. */
  private recordOf(session: Session, createdAt = Date.now()): HistoryRecordInput {
    const { view } = session;
    const runtime = this.ctx.agents.get(view.agentId);
    return {
      historyId: view.historyId!,
      agentId: view.agentId,
      agentName: runtime?.config.name ?? view.agentId,
      sessionId: view.sessionId,
      cwd: view.cwd,
      ...(view.title ? { title: view.title } : {}),
      createdAt,
      lastActivity: Date.now(),
      protocolVersion: runtime?.connection?.version ?? 1,
    };
  }
}
