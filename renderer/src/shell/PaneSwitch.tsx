import { useRef, useState, type KeyboardEvent } from 'react';
import { shortcutLabel } from '../../../shared/shortcuts';
import { IS_MAC } from './window-shortcuts';
import { waitingText } from './model/format';
import './PaneSwitch.css';

/** The two panes of a narrow window. */
export type Pane = 'session' | 'requests';

interface PaneSwitchProps {
  /** Whether there is anything to switch to (a request in the Requests column); without, only the announcer stays. */
  shown: boolean;
  /** The window is narrow enough for one pane at a time (otherwise the switch is hidden and says nothing). */
  onePane: boolean;
  pane: Pane;
  onPane: (pane: Pane) => void;
  /** What the first pane shows: "Session", or the "Waiting for you" / "History" view in its place. */
  firstLabel: string;
  /** Requests waiting for the user across every agent (the count in the second tab's name). */
  waiting: number;
  /** The ids of the two panes (the middle column and the Requests column), for `aria-controls`. */
  sessionPaneId: string;
  requestsPaneId: string;
}

/**
 * Narrow windows (below 761 px) show the session or the requests, not both squeezed: a
 * two-tab switch in the WAI-ARIA tabs pattern (arrow keys, Home and End move and select; one tab stop). A request
 * that arrives while the session is shown is announced and counted here, but never switches the pane under the
 * user's typing; Next / Previous waiting request and every "Show" switch to the requests (App.tsx).
 */
export function PaneSwitch({ shown, onePane, pane, onPane, firstLabel, waiting, sessionPaneId, requestsPaneId }: PaneSwitchProps) {
  const tabs: Array<{ pane: Pane; label: string; controls: string }> = [
    { pane: 'session', label: firstLabel, controls: sessionPaneId },
    { pane: 'requests', label: waiting > 0 ? `Requests (${waiting})` : 'Requests', controls: requestsPaneId },
  ];
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  // "A new request is waiting", said once per arrival while the requests are out of sight (derived while
  // rendering: the count went up since the last render). The live region is always there, so the first request
  // is announced too (a region that appears with its text is often not read).
  const [lastCount, setLastCount] = useState(waiting);
  const [announcement, setAnnouncement] = useState('');
  if (waiting !== lastCount) {
    setLastCount(waiting);
    if (waiting > lastCount && onePane && pane === 'session') {
      setAnnouncement(
        `${waiting > lastCount + 1 ? 'New requests are' : 'A new request is'} waiting (${waiting} in all). ` +
          `Requests shows them; ${shortcutLabel('nextWaitingRequest', IS_MAC)} goes to the next one.`,
      );
    } else if (waiting < lastCount) setAnnouncement('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = tabs.findIndex((t) => t.pane === pane);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (index + tabs.length - 1) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    // Ctrl+Alt+↓/↑ is the window's Next / Previous waiting request, not a tab move.
    if (next < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onPane(tabs[next].pane);
    refs.current[next]?.focus();
  }

  return (
    <>
      {shown && (
        // A landmark of its own (axe `region`): outside one, a screen reader's landmark list could not reach it.
        <nav className="pane-switch" aria-label="Panes">
          <div className="pane-switch-tabs" role="tablist" aria-label="Show" onKeyDown={onKeyDown}>
            {tabs.map((tab, index) => {
              const selected = tab.pane === pane;
              return (
                <button
                  key={tab.pane}
                  ref={(el) => {
                    refs.current[index] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`pane-tab-${tab.pane}`}
                  className={`pane-switch-tab${tab.pane === 'requests' && waiting > 0 ? ' has-waiting' : ''}`}
                  aria-selected={selected}
                  aria-controls={tab.controls}
                  title={tab.pane === 'requests' && waiting > 0 ? `${waitingText(waiting)} from every agent` : undefined}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => onPane(tab.pane)}
                >
                  {tab.label}
                </button>
              );
            })}
          </div>
        </nav>
      )}
      <p className="sr-only" role="status" aria-label="Requests arriving">
        {announcement}
      </p>
    </>
  );
}
