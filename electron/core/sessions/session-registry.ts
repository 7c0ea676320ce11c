/**
 * All sessions, found by the hub's opaque `sessionKey` or by (connection, agent `sessionId`) — the hot
 * path every `session/update` takes — plus the two things the agent may do to a session directly:
 * stream updates into it and read or write its files (v1).
 */
import { RequestError } from '@agentclientprotocol/sdk';
import type { NormalizedUpdate } from '../acp/session-updates';
import { MAX_FILE_ACCESS_IN_FLIGHT, MAX_FILE_ACCESS_QUEUED, TOO_MANY_REQUESTS } from '../budgets';
import { displayPath, readTextFileWithin, writeTextFileWithin } from './file-access';
import type { Session } from './session';

/**
 * How long updates for a not-yet-registered session are kept, in ms, and how many: sessions per connection
 * (each connection has its own slots, so one agent's made-up ids cannot evict another's), updates per session.
 */
const EARLY_UPDATE_MS = 5000;
export const EARLY_SESSIONS = 50;
const EARLY_UPDATES_PER_SESSION = 200;

export class SessionRegistry {
  private readonly byKey = new Map<string, Session>();
  private readonly byAgentId = new Map<string, Session>();
  /**
   * Updates for a `sessionId` not registered yet: an agent may announce a session's commands right after
   * answering `session/new`, and the SDK can deliver them before the hub's `newSession` resumes. Kept
   * briefly and bounded, then applied when the session is registered.
   */
  private readonly early = new Map<string, Map<string, { at: number; updates: NormalizedUpdate[] }>>();
  /** File accesses running and waiting for a turn, by connection (see MAX_FILE_ACCESS_IN_FLIGHT). */
  private readonly fileAccess = new Map<string, { running: number; waiting: Array<() => void> }>();

  /**
   * @param contextChanged called when a session's title or a tool call's title changed, so the queue
   *   items in that session can name them (spec E-REQ-7).
   */
  constructor(private readonly contextChanged: (session: Session) => void) {}

  /**
   * Adds a new session and applies any updates that arrived for it ahead of its registration.
   * @throws Error when the connection already has a session with this `sessionId` (callers check first with
   *   {@link find}): overwriting would send one tab's traffic to another (spec E-REQ-7).
   */
  add(session: Session): void {
    const key = agentKey(session.connectionId, session.view.sessionId);
    if (this.byAgentId.has(key)) throw new Error('this connection already has a session with this session id');
    this.byKey.set(session.view.sessionKey, session);
    this.byAgentId.set(key, session);
    const early = this.early.get(session.connectionId);
    for (const update of early?.get(session.view.sessionId)?.updates ?? []) this.apply(session, update);
    early?.delete(session.view.sessionId);
    if (early?.size === 0) this.early.delete(session.connectionId);
  }

  get(sessionKey: string): Session | undefined {
    return this.byKey.get(sessionKey);
  }

  /** The session a connection knows by this `sessionId`, if it created it. */
  find(connectionId: string, sessionId: string): Session | undefined {
    return this.byAgentId.get(agentKey(connectionId, sessionId));
  }

  /** Forgets a session (its tab was closed, or its resume failed); updates for it are dropped from now on. */
  remove(sessionKey: string): void {
    const session = this.byKey.get(sessionKey);
    if (!session) return;
    this.byKey.delete(sessionKey);
    const key = agentKey(session.connectionId, session.view.sessionId);
    if (this.byAgentId.get(key) === session) this.byAgentId.delete(key);
  }

  /** The live session with this history record, if any. */
  byHistoryId(historyId: string): Session | undefined {
    for (const session of this.byKey.values()) if (session.view.historyId === historyId) return session;
    return undefined;
  }

  all(): Session[] {
    return [...this.byKey.values()];
  }

  /** One `session/update` from a connection, already normalised where it was parsed (the connection's worker). */
  update(connectionId: string, sessionId: string, update: NormalizedUpdate): void {
    const session = this.find(connectionId, sessionId);
    if (session) return this.apply(session, update);
    this.keepEarly(connectionId, sessionId, update);
  }

  /** A connection ended: its sessions can no longer be working or waiting. */
  connectionEnded(connectionId: string): void {
    this.early.delete(connectionId);
    for (const session of this.byKey.values()) {
      if (session.connectionId === connectionId) session.connectionLost();
    }
  }

  /**
   * v1 `fs/read_text_file`, inside the session's folder; logged in its transcript.
   * @throws RequestError -32602 for an unknown session or a path outside its folder, -32002 for a missing file,
   *   -32005 when MAX_FILE_ACCESS_QUEUED accesses of this connection already wait (see oneFileAccess).
   */
  async readTextFile(connectionId: string, params: { sessionId: string; path: string; line?: number | null; limit?: number | null }): Promise<{ content: string }> {
    const session = this.require(connectionId, params.sessionId);
    const content = await this.oneFileAccess(connectionId, () => readTextFileWithin(session.view.cwd, params.path, params.line, params.limit));
    const first = params.line ?? 1;
    const lines = params.line || params.limit ? ` (lines ${first}–${params.limit ? first + params.limit - 1 : 'end'})` : '';
    session.transcript.system(`The agent read ${displayPath(session.view.cwd, params.path)}${lines}.`, 'file_access');
    return { content };
  }

  /**
   * v1 `fs/write_text_file`, inside the session's folder; logged in its transcript (size only, never content).
   * @throws RequestError -32602 for an unknown session or a path outside its folder, -32005 when
   *   MAX_FILE_ACCESS_QUEUED accesses of this connection already wait (see oneFileAccess).
   */
  async writeTextFile(connectionId: string, params: { sessionId: string; path: string; content: string }): Promise<void> {
    const session = this.require(connectionId, params.sessionId);
    await this.oneFileAccess(connectionId, () => writeTextFileWithin(session.view.cwd, params.path, params.content));
    session.transcript.system(`The agent wrote ${displayPath(session.view.cwd, params.path)} (${Buffer.byteLength(params.content)} bytes).`, 'file_access');
  }

  /**
   * Runs one file access of `connectionId` when one of its MAX_FILE_ACCESS_IN_FLIGHT turns is free, in
   * arrival order.
   * @throws RequestError -32005 when MAX_FILE_ACCESS_QUEUED accesses of this connection already wait.
   */
  private async oneFileAccess<T>(connectionId: string, access: () => Promise<T>): Promise<T> {
    let turns = this.fileAccess.get(connectionId);
    if (!turns) this.fileAccess.set(connectionId, (turns = { running: 0, waiting: [] }));
    if (turns.running >= MAX_FILE_ACCESS_IN_FLIGHT) {
      if (turns.waiting.length >= MAX_FILE_ACCESS_QUEUED) {
        throw new RequestError(TOO_MANY_REQUESTS, `Too many file accesses at once: ${MAX_FILE_ACCESS_QUEUED} already wait their turn; try again later`);
      }
      await new Promise<void>((resolve) => turns.waiting.push(resolve));
    } else {
      turns.running += 1;
    }
    try {
      return await access();
    } finally {
      // Hand the turn straight to the next waiter, or give it back.
      const next = turns.waiting.shift();
      if (next) next();
      else if (--turns.running === 0) this.fileAccess.delete(connectionId);
    }
  }

  private apply(session: Session, update: NormalizedUpdate): void {
    if (session.apply(update)) this.contextChanged(session);
  }

  /** Keeps an update for a session this connection has not registered yet, within the connection's own slots. */
  private keepEarly(connectionId: string, sessionId: string, update: NormalizedUpdate): void {
    const now = Date.now();
    for (const [id, sessions] of this.early) {
      for (const [k, v] of sessions) if (now - v.at > EARLY_UPDATE_MS) sessions.delete(k);
      if (sessions.size === 0) this.early.delete(id);
    }
    let sessions = this.early.get(connectionId);
    const kept = sessions?.get(sessionId);
    if (kept) {
      if (kept.updates.length < EARLY_UPDATES_PER_SESSION) kept.updates.push(update);
      return;
    }
    if (!sessions) this.early.set(connectionId, (sessions = new Map()));
    if (sessions.size < EARLY_SESSIONS) sessions.set(sessionId, { at: now, updates: [update] });
  }

  private require(connectionId: string, sessionId: string): Session {
    const session = this.find(connectionId, sessionId);
    if (!session) throw RequestError.invalidParams({ sessionId }, 'unknown session');
    return session;
  }
}

function agentKey(connectionId: string, sessionId: string): string {
  return `${connectionId}\n${sessionId}`;
}
