import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import type { TranscriptEntry } from '../../../shared/bridge';
import { EntryView } from './transcript/EntryView';
import './Transcript.css';

/** How many entries are drawn at first, and how many more each "Show earlier" adds (architecture rule 6). */
const WINDOW = 200;

/** Within this many pixels of the end counts as "at the newest text". */
const NEAR_BOTTOM_PX = 48;

/** A scroll this soon after the user's wheel, touch or key is the user's own; later ones are layout shifts. */
const INTENT_MS = 800;

interface TranscriptProps {
  entries: TranscriptEntry[];
  /** True while a prompt turn is streaming. */
  busy: boolean;
}

/**
 * A session transcript: each entry drawn by its kind ({@link EntryView}; agent messages as markdown without raw
 * HTML, links only opened on click through main's checks, images never loaded). Draws only the latest entries of
 * a long transcript. It opens at the newest text and stays there while text streams in; once the user scrolls
 * up it stays put and offers "Jump to latest" instead.
 */
export function Transcript({ entries, busy }: TranscriptProps) {
  const [limit, setLimit] = useState(WINDOW);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** Whether the view follows the newest text (a ref for the scroll handlers, state for the button). */
  const follow = useRef(true);
  const [following, setFollowing] = useState(true);
  const intentAt = useRef(0);
  const pointerDown = useRef(false);

  const toBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  const setFollow = useCallback((next: boolean) => {
    follow.current = next;
    setFollowing(next);
  }, []);

  // On open (the component is keyed per session) and on every new entry or streamed text.
  useLayoutEffect(() => {
    if (follow.current) toBottom();
  }, [entries, toBottom]);

  // Heights settle after the first layout (fonts, entries measured late, a resized window): follow them too.
  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (follow.current) toBottom();
    });
    observer.observe(element);
    observer.observe(inner);
    const release = () => {
      pointerDown.current = false;
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      observer.disconnect();
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
  }, [toBottom]);

  function onScroll(event: UIEvent<HTMLDivElement>): void {
    const element = event.currentTarget;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom) {
      if (!follow.current) setFollow(true);
      return;
    }
    // Only the user's own scrolling stops the following; a layout shift while following is undone.
    const byUser = pointerDown.current || performance.now() - intentAt.current < INTENT_MS;
    if (byUser) {
      if (follow.current) setFollow(false);
    } else if (follow.current) {
      toBottom();
    }
  }

  function markIntent(): void {
    intentAt.current = performance.now();
  }

  function jumpToLatest(): void {
    setFollow(true);
    toBottom();
    // The button goes away now; keep keyboard focus in the transcript rather than on <body>.
    scroller.current?.focus();
  }

  const hidden = Math.max(0, entries.length - limit);
  const shown = hidden > 0 ? entries.slice(hidden) : entries;

  return (
    <div className="transcript-frame">
      <div
        className="transcript"
        role="log"
        aria-label="Transcript"
        aria-busy={busy || undefined}
        tabIndex={0}
        ref={scroller}
        onScroll={onScroll}
        onWheel={markIntent}
        onTouchMove={markIntent}
        onKeyDown={markIntent}
        onPointerDown={() => {
          pointerDown.current = true;
          markIntent();
        }}
      >
        <div className="transcript-content" ref={content}>
          {hidden > 0 && (
            <button type="button" className="link-button show-earlier" onClick={() => setLimit((n) => n + WINDOW)}>
              Show {Math.min(hidden, WINDOW)} earlier {Math.min(hidden, WINDOW) === 1 ? 'entry' : 'entries'}
            </button>
          )}
          {entries.length === 0 && <p className="muted transcript-empty">Nothing here yet. Send a message to begin.</p>}
          {shown.map((entry) => (
            <EntryView key={entry.entryId} entry={entry} />
          ))}
        </div>
      </div>
      {!following && (
        <button type="button" className="button jump-latest" onClick={jumpToLatest}>
          Jump to latest <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}
