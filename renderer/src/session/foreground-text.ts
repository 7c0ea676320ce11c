/** A session's foreground state in words (spec E-STATE-1, E-STATE-2). Pure; no DOM. */
import type { ForegroundView } from '../../../shared/bridge';
import { stopReasonText } from '../shell/format';

/** What the session header and the session pills show for a foreground state. */
export interface ForegroundText {
  /** "Running", "Waiting for you", "Idle", "Busy (<reported>)". */
  label: string;
  /** Idle only: how the last turn ended, in words ("Finished", "Stopped: cancelled"); '' when unknown. */
  detail: string;
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
 * "Idle" with the stop reason as `detail`, `busy` (a v2 state Switchboard does not know) → "Busy (<reported>)".
 * A v2 turn that failed (`stopReason: "error"`) reads "Ended with an error".
 */
export function foregroundText(foreground: ForegroundView): ForegroundText {
  switch (foreground.state) {
    case 'running':
      return { label: 'Running', detail: '', tone: 'running', derived: foreground.derived };
    case 'requires_action':
      return { label: 'Waiting for you', detail: '', tone: 'waiting', derived: foreground.derived };
    case 'idle':
      return { label: 'Idle', detail: idleDetail(foreground.stopReason), tone: 'idle', derived: foreground.derived };
    case 'busy':
      return { label: `Busy (${foreground.reported})`, detail: '', tone: 'busy', derived: false };
    default:
      // A state this build does not know is never shown as idle (spec E-STATE-1).
      return { label: 'Busy', detail: '', tone: 'busy', derived: false };
  }
}

function idleDetail(stopReason: string | undefined): string {
  if (stopReason === 'error') return 'Ended with an error';
  return stopReasonText(stopReason);
}
