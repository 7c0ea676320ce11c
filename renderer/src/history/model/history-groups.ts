import type { HistorySessionView } from '../../../../shared/views/history';
import { sessionLabel } from '../../shell/model/format';

/** Sessions of one agent on one day, newest first. */
export interface DayGroup {
  /** "Today", "Yesterday", or the date ("Mon 30 Nov 2026"). */
  label: string;
  sessions: HistorySessionView[];
}

/** One agent's sessions, by day. */
export interface AgentGroup {
  agentId: string;
  agentName: string;
  days: DayGroup[];
}

/** A stable key for a row: the history id, or the agent's own id for a session only the agent knows. */
export function rowKey(session: HistorySessionView): string {
  return session.historyId ?? `agent:${session.agentId}:${session.sessionId}`;
}

/**
 * Groups sessions by agent (in `agentOrder`, then any other agent by name) and, within each, by local day of
 * their last activity, newest first. Sessions without a time (an agent that did not say) go under "Earlier".
 */
export function groupHistory(sessions: HistorySessionView[], agentOrder: string[], now = new Date()): AgentGroup[] {
  const byAgent = new Map<string, { agentName: string; sessions: HistorySessionView[] }>();
  for (const session of sessions) {
    const group = byAgent.get(session.agentId) ?? { agentName: session.agentName, sessions: [] };
    group.sessions.push(session);
    byAgent.set(session.agentId, group);
  }
  const rank = (agentId: string) => {
    const index = agentOrder.indexOf(agentId);
    return index < 0 ? agentOrder.length : index;
  };
  return [...byAgent.entries()]
    .sort(([a, ga], [b, gb]) => rank(a) - rank(b) || ga.agentName.localeCompare(gb.agentName))
    .map(([agentId, group]) => {
      const sorted = [...group.sessions].sort((a, b) => (b.lastActivity ?? 0) - (a.lastActivity ?? 0));
      const days: DayGroup[] = [];
      for (const session of sorted) {
        const label = dayLabel(session.lastActivity, now);
        const last = days.at(-1);
        if (last?.label === label) last.sessions.push(session);
        else days.push({ label, sessions: [session] });
      }
      return { agentId, agentName: group.agentName, days };
    });
}

/** "Today", "Yesterday", or a date such as "Mon 30 Nov 2026", in local time. */
export function dayLabel(time: number | undefined, now = new Date()): string {
  if (time === undefined) return 'Earlier';
  const day = new Date(time);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(day)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return day.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** The time of day of a session's last activity ("14:05"), or '' when unknown. */
export function timeText(time: number | undefined): string {
  return time === undefined ? '' : new Date(time).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** Whether an agent-only session matches a search the user typed (title or folder, case-insensitive). */
export function matchesQuery(session: HistorySessionView, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [session.title, session.cwd, session.agentName].some((field) => field?.toLowerCase().includes(q));
}

/**
 * A session's name in the history, the same naming as everywhere else (shell/format.ts `sessionLabel`): its title;
 * while it is open, the name its tab has ("Session 1", from `liveNames` by `liveSessionKey`); else "Session" and its
 * short id. Its folder is shown beside it, so it is not part of the name.
 */
export function sessionTitle(session: HistorySessionView, liveNames?: ReadonlyMap<string, string>): string {
  const live = session.liveSessionKey === undefined ? undefined : liveNames?.get(session.liveSessionKey);
  return live !== undefined && !session.title?.trim() ? live : sessionLabel(session);
}
