/** The demo agent's sessions by id: `session/new`, `session/list` paging, close, delete, and the session file. */
import { randomUUID } from 'node:crypto';
import { RequestError } from '@agentclientprotocol/sdk';
import { log } from './info';
import { DemoSession } from './demo-session';
import { DemoSessionFile, type StoredDemoSession } from './session-file';

/** Sessions per `session/list` page (small, so paging can be seen with a few sessions). */
export const LIST_PAGE = 20;

/**
 * Every session the demo agent knows: those of this (single, stdio) connection and, when the host gave it
 * a folder, those of earlier runs (session-file.ts), which can be listed, loaded, resumed and deleted.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, DemoSession>();

  /** Sessions this process deleted, so a save does not bring them back from the shared file. */
  private readonly deleted = new Set<string>();

  constructor(private readonly file = new DemoSessionFile()) {
    this.refresh();
  }

  /** Adds the file's sessions this process does not hold yet (another demo agent on the same folder made them). */
  private refresh(): void {
    for (const stored of this.file.load()) {
      if (this.sessions.has(stored.sessionId) || this.deleted.has(stored.sessionId)) continue;
      const session = new DemoSession(stored.sessionId, stored.cwd);
      session.title = stored.title;
      session.messages = stored.messages;
      session.touched = false;
      const updatedAt = new Date(stored.updatedAt);
      if (!Number.isNaN(updatedAt.getTime())) session.updatedAt = updatedAt;
      this.sessions.set(session.sessionId, session);
    }
  }

  /** Writes every session to the file (after a turn, a new session, a delete). */
  persist(): void {
    const stored: StoredDemoSession[] = this.list().filter((s) => s.touched).map((s) => ({
      sessionId: s.sessionId,
      cwd: s.cwd,
      ...(s.title ? { title: s.title } : {}),
      updatedAt: s.updatedAt.toISOString(),
      messages: s.messages,
    }));
    this.file.save(stored, this.deleted);
  }

  /** Deletes a session for good (`session/delete`, either version). @throws RequestError -32002 for an unknown one. */
  delete(sessionId: string): void {
    if (!this.get(sessionId) || !this.remove(sessionId)) throw RequestError.resourceNotFound(sessionId);
    this.deleted.add(sessionId);
    this.persist();
    log(`session/delete ${sessionId}`);
  }

  /** Registers a new session. */
  add(session: DemoSession): void {
    this.sessions.set(session.sessionId, session);
  }

  /**
   * Handles `session/new` for either protocol version: registers a session in `cwd` and, once the response
   * is on its way, announces the scenarios as commands through `announce` (so the client already knows
   * the session id when the update arrives).
   */
  open(cwd: string, announce: (sessionId: string) => Promise<void>, mcpServers: ReadonlyArray<unknown> = []): DemoSession {
    const session = new DemoSession(randomUUID(), cwd, mcpServers);
    this.add(session);
    this.persist();
    log(`session/new ${session.sessionId}`);
    setImmediate(() => {
      announce(session.sessionId).catch((error: unknown) => log(`available_commands_update failed: ${String(error)}`));
    });
    return session;
  }

  /** The session with this id, or a -32602 "unknown session" error. */
  require(sessionId: string): DemoSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw RequestError.invalidParams({ sessionId }, `unknown session ${sessionId}`);
    return session;
  }

  /** The session with this id, if any (read from the file when another process made it). */
  get(sessionId: string): DemoSession | undefined {
    if (!this.sessions.has(sessionId)) this.refresh();
    return this.sessions.get(sessionId);
  }

  /** Cancels and forgets a session; returns whether it existed. */
  remove(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    if (!session) return false;
    session.cancel('session closed');
    this.sessions.delete(sessionId);
    return true;
  }

  /** Every session, oldest first. */
  list(): DemoSession[] {
    return [...this.sessions.values()];
  }

  /** Ends a session's running turn (`session/close`); it stays listed and can be resumed. Returns whether it exists. */
  close(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    session?.cancel('session closed');
    return session !== undefined;
  }

  /**
   * One page of `session/list`, newest first: {@link LIST_PAGE} sessions from the opaque `cursor` (an offset
   * here), with `nextCursor` while more remain. Only sessions in `cwd` when it is given.
   */
  page(cwd: string | null | undefined, cursor: string | null | undefined) {
    this.refresh();
    const all = this.list()
      .filter((session) => !cwd || session.cwd === cwd)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
    const start = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const sessions = all.slice(start, start + LIST_PAGE).map((session) => ({
      sessionId: session.sessionId,
      cwd: session.cwd,
      ...(session.title ? { title: session.title } : {}),
      updatedAt: session.updatedAt.toISOString(),
    }));
    return { sessions, ...(start + LIST_PAGE < all.length ? { nextCursor: String(start + LIST_PAGE) } : {}) };
  }

  /** Cancels every running or held turn (the connection is going away). */
  cancelAll(reason: string): void {
    for (const session of this.sessions.values()) session.cancel(reason);
  }
}
