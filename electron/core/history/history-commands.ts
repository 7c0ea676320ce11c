/**
 * The History view's commands: list and open past sessions, continue one in a new session, delete one (with the
 * agent's own copy where it offers that), list the agent's own sessions, and take one back (history-resume.ts).
 */
import { randomUUID } from 'node:crypto';
import { RequestError } from '@agentclientprotocol/sdk';
import type { CommandResults } from '../../../shared/bridge';
import type { HistorySessionView } from '../../../shared/views/history';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import { describeAgentError } from '../agents/agent-error';
import type { CoreContext } from '../core-context';
import type { SessionCommands } from '../sessions/session-commands';
import { endedEntries, liveEntries } from '../sessions/transcript';
import { ENDED, recordEntryId } from './history-recorder';
import { fromStoredEntry } from './stored-entry';
import { SessionResume, requireRecord, resumeOption, type ResumeSessions } from './history-resume';
import type { HistoryRecord } from './history-store';
import type { SessionHistory } from './session-history';

/** The session commands History uses. */
export type HistorySessions = ResumeSessions & Pick<SessionCommands, 'newSession' | 'close'>;

/** The history commands over the store in {@link SessionHistory}. */
export class HistoryCommands {
  private readonly resumer: SessionResume;

  constructor(
    private readonly ctx: CoreContext,
    private readonly history: SessionHistory,
    private readonly sessions: HistorySessions,
  ) {
    this.resumer = new SessionResume(ctx, history, sessions);
  }

  /** One page of past sessions, newest first, matching `query`. */
  list(query: string | undefined, cursor: string | undefined): { sessions: HistorySessionView[]; nextCursor?: string } {
    this.history.recorder.flush();
    const page = this.history.store.list({ query, cursor });
    return { sessions: page.records.map((r) => this.historyView(r)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  }

  /** A past session's transcript as stored, and how it can be taken back now. @throws Error when it is gone. */
  open(historyId: string): CommandResults['openHistory'] {
    const record = requireRecord(this.history, historyId);
    const view = this.historyView(record);
    const opened = this.history.store.transcript(historyId);
    const { omitted } = opened;
    const entries = opened.entries.map(fromStoredEntry);
    // A session that is live now has ended nothing yet: its tool calls run and its requests wait.
    const waiting = new Set(this.ctx.broker.items().filter((item) => item.state === 'pending' || item.state === 'consented').map((item) => recordEntryId(item.itemId)));
    const transcript = view.liveSessionKey ? liveEntries(entries, waiting) : endedEntries(entries, view.endedReason ?? ENDED.appClosed);
    return { session: view, transcript, omitted, resume: resumeOption(this.ctx.agents, record.agentId, true) };
  }

  /** See {@link SessionResume.resume}. */
  resume(historyId: string): Promise<{ sessionKey: string }> {
    return this.resumer.resume(historyId);
  }

  /** See {@link SessionResume.openAgentSession}. */
  openAgentSession(agentId: string, sessionId: string, cwd: string, title: string | undefined): Promise<{ sessionKey: string }> {
    return this.resumer.openAgentSession(agentId, sessionId, cwd, title);
  }

  /** A new session on the same agent and folder, showing the earlier transcript (the agent has not seen it). */
  async continue(historyId: string): Promise<{ sessionKey: string }> {
    const record = requireRecord(this.history, historyId);
    const entries = this.history.store.transcript(historyId).entries.map(fromStoredEntry);
    const when = new Date(record.lastActivity).toISOString().slice(0, 16).replace('T', ' ');
    const note = (text: string): TranscriptEntry => ({ entryId: `entry-${randomUUID()}`, role: 'system', text });
    return this.sessions.newSession(record.agentId, record.cwd, {
      title: continuedTitle(record.title),
      entries: [
        note(`Continued from an earlier session (last active ${when} UTC). Its transcript is shown below for you; the agent has not seen it.`),
        ...endedEntries(entries, record.endedReason ?? ENDED.appClosed),
        note('A new session starts here.'),
      ],
    });
  }

  /**
   * Deletes a past session (the renderer asked the user first): closes it if live, sends `session/delete`
   * where the agent advertises it, and removes the local copy. The local copy goes even when the agent
   * fails; `agentNotice` then says so.
   */
  async delete(historyId: string): Promise<{ agentNotice?: string }> {
    const record = requireRecord(this.history, historyId);
    const live = this.ctx.sessions.byHistoryId(historyId);
    if (live) await this.sessions.close(live.view.sessionKey);
    const runtime = this.ctx.agents.get(record.agentId);
    const connection = runtime?.connection;
    let agentNotice: string | undefined;
    if (runtime && connection && runtime.view.status.kind === 'ready' && connection.sessionLifecycle.delete) {
      try {
        await connection.deleteSession(record.sessionId);
      } catch (error) {
        if (!(error instanceof RequestError && error.code === -32002)) {
          agentNotice = `${runtime.config.name} could not delete its own copy: ${describeAgentError(error, this.ctx.agents.secretValues())}`;
        }
      }
    }
    this.history.store.delete(historyId);
    this.ctx.emit({ type: 'historyChanged' });
    return agentNotice ? { agentNotice } : {};
  }

  /** One page of the agent's `session/list`, each marked with its history record when Switchboard has one. */
  async listAgentSessions(agentId: string, cursor: string | undefined): Promise<{ sessions: HistorySessionView[]; nextCursor?: string; supported: boolean }> {
    const runtime = this.ctx.agents.require(agentId);
    const connection = runtime.connection;
    if (!connection || runtime.view.status.kind !== 'ready' || !connection.sessionLifecycle.list) return { sessions: [], supported: false };
    let page;
    try {
      page = await connection.listSessions(cursor);
    } catch (error) {
      throw new Error(`${runtime.config.name} could not list its sessions: ${describeAgentError(error, this.ctx.agents.secretValues())}`);
    }
    this.history.recorder.flush();
    const sessions = page.sessions.map((listed): HistorySessionView => {
      const known = this.history.store.findByAgentSession(agentId, listed.sessionId);
      return {
        ...(known ? { historyId: known.historyId } : {}),
        source: known ? 'switchboard' : 'agent',
        agentId,
        agentName: runtime.config.name,
        sessionId: listed.sessionId,
        cwd: listed.cwd,
        ...(listed.title ? { title: listed.title } : {}),
        ...(listed.updatedAt ? { lastActivity: listed.updatedAt } : {}),
      };
    });
    return { sessions, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}), supported: true };
  }

  /** A record as the History view shows it: live, or ended and why. */
  private historyView(record: HistoryRecord): HistorySessionView {
    const live = this.ctx.sessions.byHistoryId(record.historyId);
    const liveNow = live && this.ctx.agents.get(live.view.agentId)?.connectionId === live.connectionId;
    return {
      historyId: record.historyId,
      source: 'switchboard',
      agentId: record.agentId,
      agentName: this.ctx.agents.get(record.agentId)?.config.name ?? record.agentName,
      sessionId: record.sessionId,
      cwd: record.cwd,
      ...(record.title ? { title: record.title } : {}),
      createdAt: record.createdAt,
      lastActivity: record.lastActivity,
      ...(record.lastStopReason ? { lastStopReason: record.lastStopReason } : {}),
      ...(liveNow ? { liveSessionKey: live.view.sessionKey } : { endedReason: record.endedReason ?? ENDED.appClosed }),
      ...(record.truncated ? { truncated: true } : {}),
    };
  }
}

const CONTINUED = ' (continued)';

/**
 * The title of a session made with "Continue in a new session": the earlier one's with " (continued)", so History
 * does not list two sessions of the same name. Untitled stays untitled ("Session N"); a continued one continued
 * again is not marked twice.
 */
export function continuedTitle(title: string | undefined): string | undefined {
  const base = title?.trim();
  if (!base) return undefined;
  return base.endsWith(CONTINUED) ? base : `${base}${CONTINUED}`;
}
