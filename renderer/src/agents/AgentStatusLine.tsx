import { useSyncExternalStore } from 'react';
import type { AgentStatus } from '../../../shared/views/agents';
import { sidebarStatusText } from './model/agent-status';
import { agentStatusDetail } from '../shell/model/format';
import './AgentStatusLine.css';

/**
 * The status line under an agent's name in the sidebar (see {@link sidebarStatusText}). A failure's or crash's
 * full sentence is its tooltip; long ones are clamped by the stylesheet.
 */
export function AgentStatusLine({ status, id }: { status: AgentStatus; id: string }) {
  return (
    <span className={`agent-status agent-status-${status.kind}`} id={id} title={agentStatusDetail(status) || undefined}>
      {status.kind === 'crashed' && status.restartAt !== undefined ? <RestartCountdown status={status} /> : sidebarStatusText(status, 0)}
    </span>
  );
}

/** "Crashed — restarting in 4s", redrawn once a second while it is on screen. */
function RestartCountdown({ status }: { status: AgentStatus }) {
  const now = useSyncExternalStore(subscribeToSeconds, currentSecond);
  return sidebarStatusText(status, now);
}

/** The clock, to the second (so the snapshot only changes, and the countdown only redraws, once a second). */
function currentSecond(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}

function subscribeToSeconds(onChange: () => void): () => void {
  const timer = setInterval(onChange, 250);
  return () => clearInterval(timer);
}
