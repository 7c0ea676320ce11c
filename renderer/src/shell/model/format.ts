/** Plain-text wording for what the UI shows about agents, sessions and requests (spec E-REQ-7, E-STATE-1). */
import type { AgentInfoView, AgentStatus } from '../../../../shared/views/agents';
import type { ItemScope } from '../../../../shared/views/requests';
import type { SessionView } from '../../../../shared/views/sessions';

/**
 * A short status label: "Starting…", "Ready", "Exited (code N)", "Could not start", "Crashed". Where there is room, show
 * {@link agentStatusDetail} beside it: the core's own sentence about an exit or a failure (the agent pane does; the
 * sidebar's words are agents/agent-status.ts).
 */
export function agentStatusText(status: AgentStatus): string {
  switch (status.kind) {
    case 'starting':
      return 'Starting…';
    case 'ready':
      return 'Ready';
    case 'exited':
      if (status.code !== null) return `Exited (code ${status.code})`;
      if (status.signal) return `Exited (signal ${status.signal})`;
      return 'Exited';
    case 'failed':
      return 'Could not start';
    case 'crashed':
      return status.restartAt !== undefined ? 'Crashed, restarting…' : 'Crashed';
    case 'disabled':
      return 'Turned off';
    default:
      return 'Unknown state';
  }
}

/** The core's plain sentence about an exit or a failure (already a full sentence), or '' when there is none. */
export function agentStatusDetail(status: AgentStatus): string {
  return 'message' in status && typeof status.message === 'string' ? status.message.trim() : '';
}

/** What the agent reported at `initialize`, e.g. "demo-agent 1.2.0" (spec E-REQ-7); empty when unknown. */
export function agentInfoText(info: AgentInfoView | undefined): string {
  if (!info) return '';
  return info.version ? `${info.name} ${info.version}` : info.name;
}

/** Configured name plus reported identity, e.g. "Demo agent (demo-agent 1.2.0)" (spec E-REQ-7). */
export function agentIdentity(name: string, info: AgentInfoView | undefined): string {
  const reported = agentInfoText(info);
  return reported ? `${name} (${reported})` : name;
}

/**
 * The label of a request-scoped item, capitalized for display (e.g. "While signing in"), or undefined for a
 * session-scoped item or one whose pending request main could not name (spec E-REQ-3).
 */
export function requestLabelText(scope: ItemScope): string | undefined {
  return scope.kind === 'request' && scope.label ? capitalize(scope.label) : undefined;
}

/** An id cut to its first 8 characters for display ("427423cc…"); the full id belongs in a tooltip. */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}

/** One line of a card's context: what it shows, and the full detail (ids) for its tooltip. */
export interface ScopeLine {
  key: string;
  text: string;
  detail?: string;
}

/**
 * Lines naming what a request belongs to: session and tool call (spec E-REQ-2/7). The session reads as it does in
 * the session tabs (`sessionName`, e.g. "Session 2"), the tool call by its title; ids are shortened and given in
 * full as `detail`. A request-scoped item's label is shown on its own by {@link requestLabelText}; without one the
 * line says it belongs to no session.
 */
export function scopeLines(scope: ItemScope, sessionName?: string): ScopeLine[] {
  if (scope.kind === 'request') return scope.label ? [] : [{ key: 'scope', text: 'Not tied to any session' }];
  const name = sessionName ?? (scope.sessionTitle || `Session ${shortId(scope.sessionId)}`);
  const lines: ScopeLine[] = [{ key: 'session', text: name, detail: `Session id: ${scope.sessionId}` }];
  if (scope.toolCallId !== undefined) {
    lines.push({
      key: 'tool',
      text: scope.toolCallTitle ? `Tool call: ${scope.toolCallTitle}` : `Tool call ${shortId(scope.toolCallId)}`,
      detail: `Tool call id: ${scope.toolCallId}`,
    });
  }
  return lines;
}

/** A session's name in lists: the title the agent gave it, else "Session N" by its place among its agent's sessions. */
export function sessionLabel(session: Pick<SessionView, 'title' | 'sessionId'>, ordinal?: number): string {
  const title = session.title?.trim();
  if (title) return title;
  return ordinal !== undefined ? `Session ${ordinal}` : `Session ${shortId(session.sessionId)}`;
}

/**
 * Every session's display name by `sessionKey`: its title, else "Session N" numbered per agent in the order main
 * reported the sessions (so "Session 1" of one agent and of another can both exist).
 */
export function sessionNames(sessions: Array<Pick<SessionView, 'sessionKey' | 'agentId' | 'title' | 'sessionId'>>): Map<string, string> {
  const perAgent = new Map<string, number>();
  const names = new Map<string, string>();
  for (const session of sessions) {
    const ordinal = (perAgent.get(session.agentId) ?? 0) + 1;
    perAgent.set(session.agentId, ordinal);
    names.set(session.sessionKey, sessionLabel(session, ordinal));
  }
  return names;
}


/**
 * How the last prompt turn ended, in words (ACP `stopReason`): `end_turn` → "Finished", `cancelled` → "Stopped by
 * you" (only the client's `session/cancel` ends a turn so; "Stopped: cancelled" reads as
 * jargon), `max_tokens` → "Stopped at the length limit", `max_turn_requests` → "Stopped after too many steps",
 * `refusal` → "The agent refused"; any other reason is shown as sent, "Stopped (<reason>)".
 */
export function stopReasonText(reason: string | undefined): string {
  if (!reason) return '';
  switch (reason) {
    case 'end_turn':
      return 'Finished';
    case 'cancelled':
      return 'Stopped by you';
    case 'max_tokens':
      return 'Stopped at the length limit';
    case 'max_turn_requests':
      return 'Stopped after too many steps';
    case 'refusal':
      return 'The agent refused';
    default:
      return `Stopped (${reason})`;
  }
}

/**
 * One formatter for every card: `toLocaleTimeString` with options builds a new `Intl.DateTimeFormat` on each call,
 * which a trace of the renderer bench showed at 41 ms for the first card and ~1–2 ms for each one after.
 */
let clockFormat: Intl.DateTimeFormat | undefined;

/** Local clock time of an epoch-milliseconds instant, e.g. "14:02". */
export function clockTime(epochMs: number): string {
  clockFormat ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  return clockFormat.format(epochMs);
}

/** "1 request waiting" / "3 requests waiting". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'request' : 'requests'} waiting`;
}

/** The session banner: "This session has a request waiting for you." / "…has 2 requests waiting for you." */
export function sessionWaitingText(count: number): string {
  return count === 1 ? 'This session has a request waiting for you.' : `This session has ${count} requests waiting for you.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
