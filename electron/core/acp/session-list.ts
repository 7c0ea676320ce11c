/** One page of an agent's `session/list` result, checked and bounded (the same shape in both versions). */

/** One session from the agent's `session/list`, checked and bounded. */
export interface ListedSession {
  sessionId: string;
  cwd: string;
  title?: string;
  /** ms since the epoch, when the agent said. */
  updatedAt?: number;
}

/** Sessions kept from one `session/list` page; an agent could send any number. */
export const MAX_LISTED_SESSIONS = 500;
/** Characters kept of a listed session's id, folder and title, and of the cursor. */
const MAX_LISTED_FIELD_CHARS = 4096;
/** Characters kept of a listed session's title. */
const MAX_LISTED_TITLE_CHARS = 500;

/**
 * The sessions of one `session/list` response: at most {@link MAX_LISTED_SESSIONS}, entries without a string
 * `sessionId` and `cwd` (or with either too long) dropped, and the agent's `nextCursor` as it is, when sound.
 */
export function listedSessions(response: { sessions?: unknown; nextCursor?: unknown }): { sessions: ListedSession[]; nextCursor?: string } {
  const list = Array.isArray(response.sessions) ? response.sessions.slice(0, MAX_LISTED_SESSIONS) : [];
  const sessions = list.flatMap((item: Record<string, unknown>): ListedSession[] => {
    const sessionId = item?.sessionId;
    const cwd = item?.cwd;
    if (typeof sessionId !== 'string' || typeof cwd !== 'string' || !sessionId || sessionId.length > MAX_LISTED_FIELD_CHARS || cwd.length > MAX_LISTED_FIELD_CHARS) return [];
    const updatedAt = typeof item.updatedAt === 'string' ? Date.parse(item.updatedAt) : NaN;
    return [{
      sessionId,
      cwd,
      ...(typeof item.title === 'string' && item.title ? { title: item.title.slice(0, MAX_LISTED_TITLE_CHARS) } : {}),
      ...(Number.isFinite(updatedAt) ? { updatedAt } : {}),
    }];
  });
  const next = response.nextCursor;
  return { sessions, ...(typeof next === 'string' && next && next.length <= MAX_LISTED_FIELD_CHARS ? { nextCursor: next } : {}) };
}
