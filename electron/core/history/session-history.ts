/**
 * Switchboard's own session history (architecture rule 9): the store, opened (or moved aside and started again)
 * at start, and the recorder that writes live sessions into it from the core's domain events (domain-events.ts) as
 * they come, change and go.
 */
import type { CoreContext } from '../core-context';
import type { DomainEvent } from '../domain-events';
import type { Session } from '../sessions/session';
import { ENDED, HistoryRecorder } from './history-recorder';
import { HistoryStore, PRUNE_BATCH, type HistoryRecordInput } from './history-store';

/** Batches of old records pruned at start, at most; the rest goes at the next start. */
const PRUNE_BATCHES_AT_START = 5;

/** The history store and its recorder, subscribed to the core's domain events. */
export class SessionHistory {
  readonly store: HistoryStore;
  readonly recorder: HistoryRecorder;
  /**
   * A plain sentence about the history file having been moved aside (found unusable at start, or damaged while in
   * use), shown with every snapshot.
   */
  notice?: string;

  /** Opens `ctx.options.historyFile` (in memory without one), prunes what retention lets go, and starts recording. */
  constructor(private readonly ctx: CoreContext) {
    const opened = HistoryStore.open(ctx.options.historyFile);
    this.store = opened.store;
    this.notice = opened.notice;
    if (opened.notice) ctx.options.log?.('history: the history file could not be used and was moved aside');
    this.store.onMovedAside = (notice) => this.movedAside(notice);
    // Retention at start, bounded: at most a few batches; the rest goes at the next start.
    for (let i = 0; i < PRUNE_BATCHES_AT_START && this.store.prune() === PRUNE_BATCH; i++);
    this.recorder = new HistoryRecorder(this.store, {
      onChanged: () => ctx.emit({ type: 'historyChanged' }),
      log: (line) => ctx.log(line),
      notice: (level, text) => ctx.emit({ type: 'notice', level, text }),
    });
    ctx.domain.subscribe((event, seq) => this.observe(event, seq));
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

  /** Sessions beginning and ending start and end their records; every other change goes to the recorder. */
  private observe(event: DomainEvent, seq: number): void {
    switch (event.type) {
      case 'session-started':
        this.recorder.track(event.session, this.recordOf(event.session));
        return;
      case 'session-ended':
        if (event.why === 'closed') this.recorder.untrack(event.sessionKey, ENDED.closed);
        else this.recorder.ended(event.sessionKey, ENDED.agentStopped);
        return;
      default:
        this.recorder.observe(event, seq);
    }
  }

  /**
   * The store found its file damaged while in use and started a fresh one: the user is told now and with every
   * snapshot after, as for a file found unusable at start; the log names no path.
   */
  private movedAside(notice: string): void {
    this.notice = notice;
    this.ctx.log('history: the history file was found damaged while in use and was moved aside; a new one was started');
    this.ctx.emit({ type: 'notice', level: 'error', text: notice });
    this.ctx.emit({ type: 'historyChanged' });
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
