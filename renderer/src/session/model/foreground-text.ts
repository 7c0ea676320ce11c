/** A session's foreground state in words (spec E-STATE-1, E-STATE-2). Pure; no DOM. */
import type { ForegroundView } from '../../../../shared/views/sessions';
import { stopReasonText } from '../../shell/model/format';

/** What the session header and the session pills show for a foreground state. */
export interface ForegroundText {
  /**
   * "Running", "Waiting for you", "Busy (<reported>)", or for idle one phrase: "Idle" after a turn that ended
   * normally (or none yet), else how it ended ("Stopped by you", "Ended with an error").
   */
  label: string;
  /** Colour family: `waiting` stands out. */
  tone: 'running' | 'waiting' | 'idle' | 'busy';
  /** The state is derived by Switchboard (ACP v1), not reported by the agent. */
  derived: boolean;
}

/** The tooltip of the "(derived)" marker. */
export const DERIVED_STATE_HELP =
  'This agent does not report its state (ACP v1); Switchboard derives it from what it can see.';

/**
 * The words for a foreground state: `running` → "Running", `requires_action` → "Waiting for you", `idle` →
 * "Idle", or the stop reason when it is worth saying, `busy` (a v2 state Switchboard does not know) → "Busy
 * (<reported>)". One status, not two: "Idle  Finished" reads as a clash, and
 * `end_turn` is the normal way for a turn to end, so it reads "Idle". A v2 turn that failed (`stopReason:
 * "error"`) reads "Ended with an error".
 */
export function foregroundText(foreground: ForegroundView): ForegroundText {
  switch (foreground.state) {
    case 'running':
      return { label: 'Running', tone: 'running', derived: foreground.derived };
    case 'requires_action':
      return { label: 'Waiting for you', tone: 'waiting', derived: foreground.derived };
    case 'idle':
      return { label: idleLabel(foreground.stopReason), tone: 'idle', derived: foreground.derived };
    case 'busy':
      return { label: `Busy (${foreground.reported})`, tone: 'busy', derived: false };
    default:
      // A state this build does not know is never shown as idle (spec E-STATE-1).
      return { label: 'Busy', tone: 'busy', derived: false };
  }
}

function idleLabel(stopReason: string | undefined): string {
  if (!stopReason || stopReason === 'end_turn') return 'Idle';
  if (stopReason === 'error') return 'Ended with an error';
  return stopReasonText(stopReason);
}
