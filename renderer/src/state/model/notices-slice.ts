/**
 * The notices slice: the plain sentences of the notices strip (shell/Notices.tsx), whether main sent them, this
 * window raised them, or they tell of requests that arrived or were declined.
 */
import type { QueueItemView } from '../../../../shared/views/requests';
import { askingText } from '../../../../shared/attention-text';
import type { AppState, Notice } from './app-state';
import { waitsForUser } from './queue-selectors';
import { sessionsOfAgent } from './sessions-slice';

/** How many notices the toast area keeps; older ones are dropped first. */
export const MAX_NOTICES = 5;

/**
 * Adds a notice, keeping at most {@link MAX_NOTICES}. An info notice replaces the info notice before it: info
 * notices tell of the latest thing only and go by themselves, so they never pile up above the composer; errors
 * wait for the user and stay until dismissed.
 */
export function addNotice(state: AppState, notice: Omit<Notice, 'noticeId'>): AppState {
  const withId: Notice = { ...notice, noticeId: state.nextNoticeId };
  if (withId.agentId === undefined) delete withId.agentId;
  if (withId.action === undefined) delete withId.action;
  const kept = withId.level === 'info' ? state.notices.filter((n) => n.level !== 'info') : state.notices;
  const notices = [...kept, withId].slice(-MAX_NOTICES);
  return { ...state, notices, nextNoticeId: state.nextNoticeId + 1 };
}

/** The user dismissed a notice. */
export function dismissNotice(state: AppState, noticeId: number): AppState {
  return { ...state, notices: state.notices.filter((n) => n.noticeId !== noticeId) };
}

/**
 * After a Decline: one notice saying so. "Tell the agent why…" is offered in one place only, so the user meets
 * one way to do it: a session's request has it on its record in the transcript, which stays; a request of no
 * session (a sign-in, a prompt's own) has no record, so its notice offers it, addressed to the agent's session on
 * screen, else its newest. An agent with no session gets no notice: there is nowhere to say it.
 */
export function declinedNotice(state: AppState, item: QueueItemView): AppState {
  const own = sessionsOfAgent(state.sessions, item.agentId);
  const sessionKey =
    item.scope.kind === 'session'
      ? item.scope.sessionKey
      : (own.find((s) => s.sessionKey === state.selectedSessions[item.agentId]) ?? own[own.length - 1])?.sessionKey;
  if (!sessionKey || !state.sessions.some((s) => s.sessionKey === sessionKey)) return state;
  const agentName = state.agents.find((a) => a.agentId === item.agentId)?.name ?? item.agentName;
  const question = item.mode === 'permission' ? item.title : item.message;
  return addNotice(state, {
    level: 'info',
    agentId: item.agentId,
    // Said as the user did it: a permission's reject option rejects it; a form's or page's Decline declines it.
    text: item.mode === 'permission' ? `You rejected ${agentName}’s permission request.` : `You declined ${agentName}’s request.`,
    action: item.scope.kind === 'session' ? undefined : { kind: 'explain', agentId: item.agentId, sessionKey, question },
  });
}

/**
 * Requests of one agent arrived together: one notice ("Beta is asking you 2 things", with Show for the oldest)
 * unless that agent's Requests are on screen already, where the cards say it themselves. Only requests still
 * waiting count; none left, no notice.
 */
export function arrivalNotice(state: AppState, agentId: string, itemIds: string[]): AppState {
  const waiting = itemIds
    .map((id) => state.queue.find((i) => i.itemId === id))
    .filter((i): i is QueueItemView => i !== undefined && waitsForUser(i));
  const first = waiting[0];
  if (!first) return state;
  const shownAgent = state.agents.find((a) => a.agentId === state.selectedAgentId) ?? state.agents[0];
  if (state.view === 'agent' && shownAgent?.agentId === agentId) return state;
  const agentName = state.agents.find((a) => a.agentId === agentId)?.name ?? first.agentName;
  return addNotice(state, { level: 'info', agentId, text: `${askingText(agentName, first.mode, waiting.length)}.`, action: { kind: 'show', itemId: first.itemId } });
}
