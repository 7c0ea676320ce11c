/** The sidebar's words for an agent's status, including the countdown to a crashed agent's automatic restart. */
import type { AgentStatus } from '../../../shared/bridge';
import { agentStatusLine } from '../shell/format';

/**
 * The status line under an agent's name. A crash reads "Crashed — restarting in 4s" while a restart is scheduled
 * (`restartAt`, counted down from `nowMs`), "Crashed — restarting…" once it is due, and "Crashed — press Restart"
 * when it crashed too often and waits for the user; a turned-off agent reads "Turned off". Everything else as
 * {@link agentStatusLine}.
 */
export function sidebarStatusText(status: AgentStatus, nowMs: number): string {
  if (status.kind !== 'crashed') return agentStatusLine(status);
  if (status.restartAt === undefined) return 'Crashed — press Restart';
  const seconds = Math.ceil((status.restartAt - nowMs) / 1000);
  return seconds > 0 ? `Crashed — restarting in ${seconds}s` : 'Crashed — restarting…';
}

/** Whether the agent's process is stopped and Restart would start it again. */
export function canRestart(status: AgentStatus): boolean {
  return status.kind === 'crashed' || status.kind === 'exited' || status.kind === 'failed';
}
