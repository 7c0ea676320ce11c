/** The sidebar's words for an agent's status, including the countdown to a crashed agent's automatic restart. */
import type { AgentStatus, StoppedDetail } from '../../../../shared/views/agents';
import { agentStatusText } from '../../shell/model/format';

/**
 * A failed start in a few words, by the setting to check (`fix`). The sidebar has room for two short lines; the
 * core's full sentence (e.g. 'Could not start "/no/such/agent": no such command or file.') is the agent pane's, and
 * the status line's tooltip (the sidebar repeated the whole sentence, clamped).
 */
const FAILED_SHORT: Record<NonNullable<StoppedDetail['fix']> | 'other', string> = {
  command: 'Could not start: check its command',
  folder: 'Could not start: no working folder',
  protocol: 'Did not speak ACP',
  other: 'Could not start',
};

/**
 * The status line under an agent's name. A failed start reads as a few words by what to check
 * ({@link FAILED_SHORT}). A crash reads "Crashed — restarting in 4s" while a restart is scheduled (`restartAt`,
 * counted down from `nowMs`), "Crashed — restarting…" once it is due, and "Crashed — press Restart" when it crashed
 * too often and waits for the user; a turned-off agent reads "Turned off". Everything else as {@link agentStatusText}.
 */
export function sidebarStatusText(status: AgentStatus, nowMs: number): string {
  if (status.kind === 'failed') return FAILED_SHORT[status.fix ?? 'other'];
  if (status.kind !== 'crashed') return agentStatusText(status);
  if (status.restartAt === undefined) return 'Crashed — press Restart';
  const seconds = Math.ceil((status.restartAt - nowMs) / 1000);
  return seconds > 0 ? `Crashed — restarting in ${seconds}s` : 'Crashed — restarting…';
}

/** Whether the agent's process is stopped and Restart would start it again. */
export function canRestart(status: AgentStatus): boolean {
  return status.kind === 'crashed' || status.kind === 'exited' || status.kind === 'failed';
}
