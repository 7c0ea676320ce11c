import { useId } from 'react';
import type { ForegroundView } from '../../../shared/views/sessions';
import { DERIVED_STATE_HELP, foregroundText } from './model/foreground-text';
import './ForegroundBadge.css';

/**
 * A session's foreground state as the session header shows it (spec E-STATE-1): "Running", "Waiting for you"
 * (standing out), "Idle" or how the last turn ended when that was not normal, or "Busy (<reported>)"; a state Switchboard derived
 * (ACP v1) carries a subtle "(derived)" marker that explains itself. Announced politely when it changes.
 */
export function ForegroundBadge({ foreground }: { foreground: ForegroundView }) {
  const ids = useId();
  const text = foregroundText(foreground);
  return (
    <span className="fg" aria-live="polite" aria-atomic="true">
      <span className={`fg-badge fg-${text.tone}`}>
        <span className={`fg-dot fg-dot-${text.tone}`} aria-hidden="true" />
        <span className="fg-label">{text.label}</span>
      </span>
      {text.derived && (
        <span className="fg-derived" title={DERIVED_STATE_HELP} tabIndex={0} aria-describedby={`${ids}-derived`}>
          (derived)
          <span id={`${ids}-derived`} hidden>
            {DERIVED_STATE_HELP}
          </span>
        </span>
      )}
    </span>
  );
}

/** The dot of a session pill, by foreground state; the state's words go beside it for assistive tech. */
export function ForegroundDot({ foreground }: { foreground: ForegroundView }) {
  const text = foregroundText(foreground);
  return <span className={`fg-dot fg-dot-${text.tone}`} aria-hidden="true" />;
}
