/** Plain-text wording for what the UI shows about agents, sessions and requests (spec E-REQ-7, E-STATE-1). */
import type { AgentInfoView, AgentStatus, ItemScope, QueueItemView, SessionView } from '../../shared/bridge';
import { waitsForUser } from './state/store';

/** Sidebar status line: "Starting…", "Ready", "Exited (code N)", "Could not start: <message>". */
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
      return `Could not start: ${status.message}`;
  }
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

/**
 * Lines naming what a request belongs to: session and tool call (spec E-REQ-2/7). A request-scoped item's
 * label is shown on its own by {@link requestLabelText}; without one the line says it belongs to no session.
 */
export function scopeLines(scope: ItemScope): string[] {
  if (scope.kind === 'request') return scope.label ? [] : ['Not tied to any session'];
  const lines = [
    scope.sessionTitle ? `Session: ${scope.sessionTitle} (${scope.sessionId})` : `Session: ${scope.sessionId}`,
  ];
  if (scope.toolCallId !== undefined) {
    lines.push(
      scope.toolCallTitle ? `Tool call: ${scope.toolCallTitle} (${scope.toolCallId})` : `Tool call: ${scope.toolCallId}`,
    );
  }
  return lines;
}

/** A session's name in lists: its title, else a shortened `sessionId`. */
export function sessionLabel(session: Pick<SessionView, 'title' | 'sessionId'>): string {
  if (session.title) return session.title;
  const id = session.sessionId;
  return `Session ${id.length > 12 ? `${id.slice(0, 8)}…` : id}`;
}

/**
 * The derived foreground state of a session (spec E-STATE-1, v1): "Waiting for you" while it has pending
 * requests, "Running" while a prompt is in flight, else "Idle".
 */
export function sessionStateText(session: SessionView, queue: QueueItemView[]): string {
  const waiting = queue.some(
    (i) => waitsForUser(i) && i.scope.kind === 'session' && i.scope.sessionKey === session.sessionKey,
  );
  if (waiting) return 'Waiting for you';
  return session.promptInFlight ? 'Running' : 'Idle';
}

/** "Stopped: <stopReason>" as ACP spells the reason (e.g. "Stopped: cancelled"). */
export function stopReasonText(reason: string | undefined): string {
  return reason ? `Stopped: ${reason}` : '';
}

/** Local clock time of an epoch-milliseconds instant, e.g. "14:02". */
export function clockTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** "1 request waiting" / "3 requests waiting". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'request' : 'requests'} waiting`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
