/**
 * A session's foreground state (spec E-STATE-1, E-STATE-2).
 *
 * v2 agents report it with `state_update`; that report is shown as it is, and nothing else changes it
 * (in particular no elicitation event). v1 agents report nothing, so the state is derived from what the
 * client can see and marked `derived`.
 */
import type { ForegroundView } from '../../../shared/views/sessions';

/** What a v2 `state_update` says; a state Switchboard does not know is "busy", never idle. */
export function reportedForeground(state: string, stopReason: string | undefined): ForegroundView {
  switch (state) {
    case 'idle':
      return { state: 'idle', derived: false, ...(stopReason ? { stopReason } : {}) };
    case 'running':
    case 'requires_action':
      return { state, derived: false };
    default:
      return { state: 'busy', derived: false, reported: state };
  }
}

/**
 * The v1 derivation: waiting for you while the session has a pending elicitation or permission request,
 * else running while a prompt is in flight, else idle with the last stop reason.
 */
export function derivedForeground(promptInFlight: boolean, waitingItems: number, lastStopReason: string | undefined): ForegroundView {
  if (waitingItems > 0) return { state: 'requires_action', derived: true };
  if (promptInFlight) return { state: 'running', derived: true };
  return { state: 'idle', derived: true, ...(lastStopReason ? { stopReason: lastStopReason } : {}) };
}

/** Whether the Stop button has something to stop, given a reported state. */
export function isWorking(foreground: ForegroundView): boolean {
  return foreground.state !== 'idle';
}
