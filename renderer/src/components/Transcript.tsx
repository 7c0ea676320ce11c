import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { TranscriptEntry } from '../../../shared/bridge';

/** How many entries are drawn at first, and how many more each "Show earlier" adds (architecture rule 6). */
const WINDOW = 200;

const ROLE_LABEL: Record<TranscriptEntry['role'], string> = {
  user: 'You',
  agent: 'Agent',
  system: 'System',
};

interface TranscriptProps {
  entries: TranscriptEntry[];
  /** True while a prompt turn is streaming. */
  busy: boolean;
}

/**
 * A session transcript as plain text (spec E-REQ-6: no HTML, no links). Draws only the latest entries of
 * a long transcript and follows new output while the user is at the bottom.
 */
export function Transcript({ entries, busy }: TranscriptProps) {
  const [limit, setLimit] = useState(WINDOW);
  const scroller = useRef<HTMLDivElement>(null);
  const followBottom = useRef(true);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && followBottom.current) element.scrollTop = element.scrollHeight;
  }, [entries]);

  const hidden = Math.max(0, entries.length - limit);
  const shown = hidden > 0 ? entries.slice(hidden) : entries;

  return (
    <div
      className="transcript"
      role="log"
      aria-label="Transcript"
      aria-busy={busy || undefined}
      tabIndex={0}
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        followBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
      }}
    >
      {hidden > 0 && (
        <button type="button" className="link-button show-earlier" onClick={() => setLimit((n) => n + WINDOW)}>
          Show {Math.min(hidden, WINDOW)} earlier {Math.min(hidden, WINDOW) === 1 ? 'entry' : 'entries'}
        </button>
      )}
      {entries.length === 0 && <p className="muted transcript-empty">Nothing here yet. Send a message to begin.</p>}
      {shown.map((entry) => (
        <Entry key={entry.entryId} entry={entry} />
      ))}
    </div>
  );
}

const Entry = memo(function Entry({ entry }: { entry: TranscriptEntry }) {
  return (
    <div className={`entry entry-${entry.role}`}>
      <span className="entry-role">{ROLE_LABEL[entry.role] ?? entry.role}</span>
      <div className="entry-text plain-text">{entry.text}</div>
    </div>
  );
});
