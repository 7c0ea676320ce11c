/** Grouping the History view: by agent in sidebar order, then by local day, newest first. */
import { describe, expect, it } from 'vitest';
import type { HistorySessionView } from '../../shared/views/history';
import { dayLabel, groupHistory, matchesQuery, sessionTitle } from '../../renderer/src/history/model/history-groups';
import { applyEvent, initialState } from '../../renderer/src/state/model/store';

const now = new Date(2026, 11, 1, 15, 0);
const at = (daysAgo: number, hour = 10) => new Date(2026, 11, 1 - daysAgo, hour).getTime();
function session(agentId: string, sessionId: string, lastActivity?: number, extra: Partial<HistorySessionView> = {}): HistorySessionView {
  return { historyId: `h-${sessionId}`, source: 'switchboard', agentId, agentName: agentId.toUpperCase(), sessionId, cwd: '/work/app', lastActivity, ...extra };
}

describe('history groups', () => {
  it('groups by agent in the given order, then by day, newest first; unknown times last', () => {
    const groups = groupHistory(
      [session('b', '1', at(0, 9)), session('a', '2', at(1)), session('a', '3', at(0, 14)), session('a', '4', at(0, 8)), session('a', '5', undefined, { source: 'agent', historyId: undefined })],
      ['a', 'b'],
      now,
    );
    expect(groups.map((g) => [g.agentId, g.days.map((d) => [d.label, d.sessions.map((s) => s.sessionId)])])).toEqual([
      ['a', [['Today', ['3', '4']], ['Yesterday', ['2']], ['Earlier', ['5']]]],
      ['b', [['Today', ['1']]]],
    ]);
  });

  it('names a day by its date once it is older than yesterday', () => {
    expect(dayLabel(at(5), now)).toBe(new Date(at(5)).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }));
  });

  it('names a session as everywhere else: its title, its tab name while open, else "Session" and its short id', () => {
    expect(sessionTitle(session('a', '1', 0, { title: '  Fix the build ' }))).toBe('Fix the build');
    const open = session('a', '1', 0, { sessionId: '427423cc-1f0e-4b43', liveSessionKey: 'k1' });
    expect(sessionTitle(open, new Map([['k1', 'Session 1']]))).toBe('Session 1');
    expect(sessionTitle(open, new Map())).toBe('Session 427423cc…');
    expect(sessionTitle({ ...open, title: 'Fix the build' }, new Map([['k1', 'Session 1']]))).toBe('Fix the build');
  });

  it('filters agent-only sessions by title or folder', () => {
    expect(matchesQuery(session('a', '1', 0, { title: 'Fix the build' }), 'BUILD')).toBe(true);
    expect(matchesQuery(session('a', '1'), 'nothing')).toBe(false);
  });

  it('drops a closed session from the live ones and counts history changes', () => {
    const live = { sessionKey: 'k1', agentId: 'a', sessionId: 's', cwd: '/', promptInFlight: false, transcript: [], suggestions: [], foreground: { state: 'idle' as const, derived: false } };
    let state = applyEvent(initialState, { type: 'snapshot', snapshot: { agents: [], sessions: [live], queue: [], defaultCwd: '/', urlMode: 'off', historyNotice: 'Moved aside.' } });
    expect(state.notices.map((n) => n.text)).toEqual(['Moved aside.']);
    // The notice comes with every snapshot; it is shown once.
    state = applyEvent(state, { type: 'snapshot', snapshot: { agents: [], sessions: [live], queue: [], defaultCwd: '/', urlMode: 'off', historyNotice: 'Moved aside.' } });
    expect(state.notices).toHaveLength(1);
    state = applyEvent(state, { type: 'sessionRemoved', sessionKey: 'k1' });
    expect(state.sessions).toEqual([]);
    expect(applyEvent(state, { type: 'historyChanged' }).historyVersion).toBe(state.historyVersion + 1);
  });
});
