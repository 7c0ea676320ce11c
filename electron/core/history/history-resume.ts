/**
 * Taking a past session back on its agent's current connection: v2 `session/resume`; v1 `session/resume`, else
 * `session/load` (with a replay). History never depends on the agent to show the past (architecture rule 9): a
 * replay replaces the stored transcript only when it is readable and holds at least what was stored.
 */
import { randomUUID } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { RequestError } from '@agentclientprotocol/sdk';
import type { ResumeOption } from '../../../shared/views/history';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import { describeAgentError } from '../agents/agent-error';
import type { AgentRuntimes } from '../agents/agent-runtimes';
import type { CoreContext } from '../core-context';
import { Session } from '../sessions/session';
import type { SessionCommands } from '../sessions/session-commands';
import { endedEntries } from '../sessions/transcript';
import { ENDED } from './history-recorder';
import type { HistoryRecord, HistoryRecordInput } from './history-store';
import type { SessionHistory } from './session-history';
import { fromStoredEntry, toStoredEntry } from './stored-entry';

/** The session commands a resume uses: drop a stale tab, set up the new one, re-apply remembered choices. */
export type ResumeSessions = Pick<SessionCommands, 'drop' | 'sessionSetupFor' | 'applyRemembered'>;

/** The stored record `historyId`, after writing what is pending. @throws Error when it is no longer there. */
export function requireRecord(history: SessionHistory, historyId: string): HistoryRecord {
  history.recorder.flush();
  const record = history.store.get(historyId);
  if (!record) throw new Error('This session is no longer in your history.');
  return record;
}

/**
 * How this agent can take a past session back now: v2 `session/resume`; v1 `session/resume`, else
 * `session/load`; otherwise none, with the reason in words (then only Continue in a new session).
 * `local`: Switchboard has the transcript, so a resume without replay is enough (v1 prefers it).
 */
export function resumeOption(agents: AgentRuntimes, agentId: string, local: boolean): ResumeOption {
  const runtime = agents.get(agentId);
  if (!runtime) return { how: 'none', reason: 'Its agent is no longer configured.' };
  const connection = runtime.connection;
  if (!connection || runtime.view.status.kind !== 'ready') return { how: 'none', reason: `${runtime.config.name} is not running.` };
  const caps = connection.sessionLifecycle;
  if (connection.version === 2) return { how: 'resume' };
  if (local ? caps.resume : caps.load) return { how: local ? 'resume' : 'load' };
  if (caps.resume || caps.load) return { how: caps.resume ? 'resume' : 'load' };
  return { how: 'none', reason: `${runtime.config.name} cannot resume or load sessions.` };
}

/** The `resumeHistory` and `openAgentSession` commands. */
export class SessionResume {
  constructor(
    private readonly ctx: CoreContext,
    private readonly history: SessionHistory,
    private readonly sessions: ResumeSessions,
  ) {}

  /** Makes a stored session live again (or selects it, when it is live). @throws Error, a sentence, when it cannot. */
  async resume(historyId: string): Promise<{ sessionKey: string }> {
    const record = requireRecord(this.history, historyId);
    const live = this.ctx.sessions.byHistoryId(historyId);
    const runtime = this.ctx.agents.require(record.agentId);
    if (live && runtime.connectionId === live.connectionId) return { sessionKey: live.view.sessionKey };
    const option = resumeOption(this.ctx.agents, record.agentId, true);
    if (option.how === 'none') throw new Error(`${option.reason} Use Continue in a new session instead.`);
    const { store } = this.history;
    const entries = store.transcript(historyId).entries.map(fromStoredEntry);
    const ended = endedEntries(entries, record.endedReason ?? ENDED.appClosed);
    // What ended with the last run stays ended in the store too: once the session is live again, History reads
    // the store as live, and would show a tool call of the last run as still running.
    // Only the changed entries are written (in place, by entry id): the read holds only the newest entries.
    const changed = ended.filter((entry, i) => entry !== entries[i]);
    if (changed.length) store.putEntries(historyId, changed.map(toStoredEntry));
    return this.attach(record, option.how, ended, live);
  }

  /**
   * Opens a session only the agent knows (started in another client): with a replay where the agent
   * can (v2 `replayFrom`, v1 `session/load`), so its conversation shows. @throws Error, a sentence.
   */
  async openAgentSession(agentId: string, sessionId: string, cwd: string, title: string | undefined): Promise<{ sessionKey: string }> {
    this.history.recorder.flush();
    const known = this.history.store.findByAgentSession(agentId, sessionId);
    if (known) return this.resume(known.historyId);
    const runtime = this.ctx.agents.require(agentId);
    if (!isAbsolute(cwd)) throw new Error('The agent listed this session with a folder that is not an absolute path.');
    const option = resumeOption(this.ctx.agents, agentId, false);
    if (option.how === 'none') throw new Error(option.reason);
    const now = Date.now();
    const record: HistoryRecord = {
      historyId: `history-${randomUUID()}`,
      agentId,
      agentName: runtime.config.name,
      sessionId,
      cwd,
      ...(title ? { title } : {}),
      createdAt: now,
      lastActivity: now,
      protocolVersion: runtime.connection?.version ?? 1,
      bytes: 0,
      truncated: false,
    };
    return this.attach(record, option.how, [], undefined, true);
  }

  /**
   * Makes a past session live again on its agent's current connection. The session is registered before
   * the request so replayed updates and the v2 snapshot land in it; a failure removes it again and leaves
   * the stored transcript as it was. A replay replaces the stored transcript only when it was readable.
   */
  private async attach(record: HistoryRecord, how: 'resume' | 'load', stored: TranscriptEntry[], previous: Session | undefined, fresh = false): Promise<{ sessionKey: string }> {
    const { agents, sessions } = this.ctx;
    const { store, recorder } = this.history;
    const runtime = agents.require(record.agentId);
    const connection = runtime.connection!;
    // A replay: v1 `session/load`, or a v2 resume of a session Switchboard has no transcript of.
    const replay = how === 'load' || (fresh && connection.version === 2);
    if (previous) {
      recorder.untrack(previous.view.sessionKey, undefined);
      this.sessions.drop(previous);
    }
    // Spec E-REQ-7, as in newSession: one live session per (connection, sessionId).
    if (sessions.find(runtime.connectionId!, record.sessionId)) throw new Error(`Another tab already has this session of ${runtime.config.name} open.`);
    const session = new Session(
      {
        sessionKey: `session-${randomUUID()}`,
        agentId: record.agentId,
        sessionId: record.sessionId,
        cwd: record.cwd,
        connectionId: runtime.connectionId!,
        version: connection.version,
        quote: (agentText) => describeAgentError(agentText, agents.secretValues()),
        historyId: record.historyId,
        origin: replay ? 'loaded' : 'resumed',
        ...(record.title ? { title: record.title } : {}),
        entries: replay ? [] : stored,
      },
      (event) => this.ctx.emit(event),
      undefined,
      this.ctx.domain,
    );
    this.ctx.emit({ type: 'session', session: session.view });
    sessions.add(session);
    this.ctx.flush();
    session.beginReplay();
    // A loaded or resumed session gets the agent's MCP servers and its remembered choices too.
    const setup = this.sessions.sessionSetupFor(record.agentId);
    try {
      const sessionSetup =
        how === 'load'
          ? await connection.loadSession(record.sessionId, record.cwd, setup.mcpServers)
          : await connection.resumeSession(record.sessionId, record.cwd, connection.version === 2 && replay, setup.mcpServers);
      session.setupChanged(sessionSetup, { sent: setup.mcpServers.map((s) => String(s.name)), skipped: setup.skipped });
    } catch (error) {
      sessions.remove(session.view.sessionKey);
      this.ctx.emit({ type: 'sessionRemoved', sessionKey: session.view.sessionKey });
      throw new Error(describeResumeFailure(runtime.config.name, how, error, connection.signal.aborted, agents.secretValues()));
    }
    // The connection resolves once the replay and the v2 snapshot (both before the response) are delivered.
    session.replayFinished();
    const entries = session.view.transcript;
    const unreadable = entries.filter((e) => e.kind === 'other').length;
    const recordInput: HistoryRecordInput = { ...record, lastActivity: Date.now(), protocolVersion: connection.version, endedReason: undefined };
    store.upsert(recordInput);
    if (replay && unreadable > 0 && !fresh) {
      // Garbage in the replay: the stored transcript stays as it was, and the user is told why.
      session.transcript.system(`The agent's replay had ${unreadable} update${unreadable === 1 ? '' : 's'} Switchboard could not read, so your saved transcript was kept as it was.`);
    } else if (replay && !fresh && userMessages(entries) < userMessages(stored)) {
      // A replay with fewer of the user's messages than the store (an agent that replays nothing answers `{}`)
      // would erase what only the store has: the store is kept, as for an unreadable replay.
      session.transcript.system('The agent replayed less of this session than Switchboard saved, so your saved transcript was kept as it was; it is in History.');
    } else if (replay) {
      // Switchboard's own request records (what the user answered) are in no agent's replay: they are carried over.
      store.replaceEntries(record.historyId, (fresh ? entries : withRequestRecords(entries, stored)).map(toStoredEntry));
    } else if (fresh) {
      session.transcript.system('The agent resumed this session without replaying it; earlier messages are not shown.');
    }
    recorder.track(session, recordInput, true);
    recorder.flush();
    void this.sessions.applyRemembered(session);
    return { sessionKey: session.view.sessionKey };
  }
}

/**
 * Why a `session/load` or `session/resume` failed, in a sentence: an agent that no longer knows the
 * session (-32002 or -32602) is pointed at Continue in a new session.
 */
function describeResumeFailure(agentName: string, how: 'resume' | 'load', error: unknown, connectionClosed: boolean, secrets: Iterable<string>): string {
  if (connectionClosed) return `${agentName} stopped before it ${how === 'load' ? 'loaded' : 'resumed'} the session.`;
  if (error instanceof RequestError && (error.code === -32002 || error.code === -32602)) {
    return `${agentName} no longer knows this session. Use Continue in a new session to carry on with its transcript.`;
  }
  return `${agentName} could not ${how} the session: ${describeAgentError(error, secrets)}. Your saved transcript is unchanged.`;
}

/** How many messages the user sent in `entries`: what a replay must hold at least to replace a stored transcript. */
function userMessages(entries: TranscriptEntry[]): number {
  return entries.filter((entry) => entry.role === 'user' && (entry.kind ?? 'message') === 'message').length;
}

/**
 * `replay` with the request records of `stored` that it lacks put back where they were: each after as many of the
 * user's messages as came before it in `stored` (so in the same turn), before the next one.
 */
function withRequestRecords(replay: TranscriptEntry[], stored: TranscriptEntry[]): TranscriptEntry[] {
  const have = new Set(replay.map((entry) => entry.entryId));
  const byTurn = new Map<number, TranscriptEntry[]>();
  let turn = 0;
  for (const entry of stored) {
    if (entry.role === 'user' && (entry.kind ?? 'message') === 'message') turn++;
    else if (entry.kind === 'request' && !have.has(entry.entryId)) byTurn.set(turn, [...(byTurn.get(turn) ?? []), entry]);
  }
  if (!byTurn.size) return replay;
  const merged: TranscriptEntry[] = [...(byTurn.get(0) ?? [])];
  turn = 0;
  for (const entry of replay) {
    if (entry.role === 'user' && (entry.kind ?? 'message') === 'message') {
      if (turn > 0) merged.push(...(byTurn.get(turn) ?? []));
      turn++;
    }
    merged.push(entry);
  }
  for (const [at, records] of byTurn) if (at >= Math.max(turn, 1)) merged.push(...records);
  return merged;
}
