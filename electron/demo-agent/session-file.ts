/**
 * The demo agent's own memory of its sessions, so `session/list`, `session/load` (v1) and
 * `session/resume` (v1, and v2 with `replayFrom`) work across restarts, offline (docs/demo-agent.md).
 *
 * One small JSON file, `sessions.json`, in the folder the host names in `DEMO_AGENT_DATA_DIR` (the app's
 * user-data folder, the harness's `--data DIR`); without it the sessions live in memory. Written
 * atomically (a temporary file renamed over the old one). Bounded: the newest {@link MAX_DEMO_SESSIONS}
 * sessions, each with its last {@link MAX_DEMO_MESSAGES} messages of at most {@link MAX_DEMO_MESSAGE_CHARS}.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log } from './info';

export const MAX_DEMO_SESSIONS = 200;
export const MAX_DEMO_MESSAGES = 200;
export const MAX_DEMO_MESSAGE_CHARS = 20_000;

/** What the demo agent replays of a session: who said what, in order. */
export interface DemoMessage {
  role: 'user' | 'agent';
  text: string;
}

export interface StoredDemoSession {
  sessionId: string;
  cwd: string;
  title?: string;
  /** ISO 8601. */
  updatedAt: string;
  messages: DemoMessage[];
}

export class DemoSessionFile {
  private readonly file?: string;

  /** @param dir the folder to keep `sessions.json` in; undefined keeps nothing on disk. */
  constructor(dir: string | undefined = process.env.DEMO_AGENT_DATA_DIR) {
    this.file = dir ? join(dir, 'sessions.json') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
  }

  /** The stored sessions; an unreadable file is logged and treated as empty (it is overwritten on the next save). */
  load(): StoredDemoSession[] {
    if (!this.file) return [];
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as { sessions?: unknown };
      return Array.isArray(parsed.sessions) ? parsed.sessions.filter(isStoredSession).slice(-MAX_DEMO_SESSIONS) : [];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`sessions.json could not be read (${(error as Error).message}); starting empty`);
      return [];
    }
  }

  /**
   * Writes this process's sessions atomically, merged into what the file holds now: two demo agents
   * configured on one folder share it (as two instances of a real agent share its session store), so
   * another process's sessions are kept and only `deleted` ones dropped. The newest {@link MAX_DEMO_SESSIONS}.
   */
  save(sessions: StoredDemoSession[], deleted: ReadonlySet<string> = new Set()): void {
    if (!this.file) return;
    const merged = new Map(this.load().filter((s) => !deleted.has(s.sessionId)).map((s) => [s.sessionId, s]));
    for (const session of sessions) merged.set(session.sessionId, session);
    const all = [...merged.values()].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    const kept = all.slice(-MAX_DEMO_SESSIONS).map((s) => ({ ...s, messages: s.messages.slice(-MAX_DEMO_MESSAGES) }));
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify({ version: 1, sessions: kept }));
      renameSync(temporary, this.file);
    } catch (error) {
      log(`sessions.json could not be written: ${(error as Error).message}`);
    }
  }
}

/** Adds a message, capped in length and count. */
export function remember(messages: DemoMessage[], role: DemoMessage['role'], text: string): void {
  const last = messages.at(-1);
  if (role === 'agent' && last?.role === 'agent') last.text = (last.text + text).slice(0, MAX_DEMO_MESSAGE_CHARS);
  else messages.push({ role, text: text.slice(0, MAX_DEMO_MESSAGE_CHARS) });
  if (messages.length > MAX_DEMO_MESSAGES) messages.splice(0, messages.length - MAX_DEMO_MESSAGES);
}

function isStoredSession(value: unknown): value is StoredDemoSession {
  const s = value as StoredDemoSession;
  return typeof s === 'object' && s !== null && typeof s.sessionId === 'string' && typeof s.cwd === 'string' && Array.isArray(s.messages);
}
