import { memo, useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type UIEvent, type WheelEvent } from 'react';
import { measureElement as sizeFromObserver, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import { LinkConsentHost } from './LinkConsent';
import { EntryView } from './transcript/EntryView';
import { newestUserEntryId } from './model/transcript-text';
import './Transcript.css';

/** Within this many pixels of the end counts as "at the newest text". */
const NEAR_BOTTOM_PX = 48;

/**
 * A scroll up this soon after the user's wheel, touch or key in the transcript is the user's own (ms); any other
 * scroll away from the end while following is layout (see `onScroll`) and is undone.
 */
const INTENT_MS = 800;

/** Keys that scroll the focused scroll box towards the start (the others move it down, which never unpins). */
const SCROLL_UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** Controls whose press is a click, never the start of a scroll or a text selection. */
const CONTROL_SELECTOR = 'button, a[href], input, select, textarea, summary, label, [role="button"], [contenteditable="true"]';

/** Whether a pointer event began on a control inside the transcript rather than on its text or scroll bar. */
function onControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(CONTROL_SELECTOR) !== null;
}

/** Space between entries (px; the same as `.transcript-content`'s gap, which places the drawn rows), and a first guess at an entry's height before it is measured. */
const ENTRY_GAP_PX = 10;
const ESTIMATED_ENTRY_PX = 72;
/** Entries drawn beyond each edge of the view, so a selection can run a little past what is visible. */
const OVERSCAN = 10;

interface TranscriptProps {
  entries: TranscriptEntry[];
  /** True while a prompt turn is streaming. */
  busy: boolean;
}


/**
 * A session transcript: each entry drawn by its kind ({@link EntryView}; agent messages as markdown without raw
 * HTML, links only opened on click through main's checks, images never loaded).
 *
 * Long transcripts are virtualised (@tanstack/react-virtual): only the entries in view, plus
 * {@link OVERSCAN} either side, are in the DOM, each measured as it is drawn; text selection and copy work over
 * the drawn entries as in any page. It opens at the newest text and stays there while text streams in, without
 * reading layout on each batch: a ResizeObserver on the content (called once per frame, after layout) scrolls to
 * the end while following. Once the user scrolls up (a gesture of theirs: wheel, touch, key, scroll bar or
 * selection drag; never layout) it stays put and offers "Jump to latest" instead, until they send a message.
 * A link that needs the user's go-ahead asks in a dialog held outside the rows ({@link LinkConsentHost}).
 */
export const Transcript = memo(function Transcript(props: TranscriptProps) {
  return (
    <LinkConsentHost>
      <TranscriptScroller {...props} />
    </LinkConsentHost>
  );
});

/** The transcript's scroll box and its virtualised rows (see {@link Transcript}). */
function TranscriptScroller({ entries, busy }: TranscriptProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** Whether the view follows the newest text (a ref for the scroll handlers, state for the button). */
  const follow = useRef(true);
  const [following, setFollowing] = useState(true);
  /** scrollTop at the last scroll event, to tell a scroll up from the end moving away (content growing). */
  const lastTop = useRef(0);
  /** When the user last turned the wheel up, touched, or pressed a key that scrolls up or moves focus, in it. */
  const intentAt = useRef(Number.NEGATIVE_INFINITY);
  /** A pointer held down on the transcript's text or scroll bar: dragging a selection or the thumb scrolls it. */
  const pointerDown = useRef(false);

  // The app is not built with the React Compiler, so nothing memoises the virtualizer's functions behind its back.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ENTRY_PX,
    measureElement: sizeAfterLayout,
    getItemKey: (index) => entries[index].entryId,
    gap: ENTRY_GAP_PX,
    overscan: OVERSCAN,
  });

  // While following, a row that changes size is not the virtualizer's to compensate: the observer below scrolls
  // to the end after layout anyway. Its own adjustment wrote scrollTop before the content's height had grown, got
  // clamped, and retried on the next render by reading scrollHeight, a forced layout of the whole transcript on
  // each render while text streamed (33–38 ms under load in a trace of the renderer bench). Unpinned,
  // its default keeps the rows in view in place.
  const adjustWhileFollowing = useCallback((following: boolean) => {
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = following ? NEVER_ADJUST : undefined;
  }, [virtualizer]);

  const toBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  const setFollow = useCallback(
    (next: boolean) => {
      follow.current = next;
      setFollowing(next);
      adjustWhileFollowing(next);
    },
    [adjustWhileFollowing],
  );
  useEffect(() => adjustWhileFollowing(follow.current), [adjustWhileFollowing]);

  // Sending a message brings the view back to the end and follows again, wherever the user had scrolled (as in
  // any chat): what they just sent and the reply to it are what they look at next. Only a message that appears
  // after the first render counts, so opening a session or reloading changes nothing here.
  const newestUserEntry = newestUserEntryId(entries);
  const seenUserEntry = useRef(newestUserEntry);
  useEffect(() => {
    if (newestUserEntry === seenUserEntry.current) return;
    seenUserEntry.current = newestUserEntry;
    if (newestUserEntry === undefined) return;
    setFollow(true);
    toBottom();
  }, [newestUserEntry, setFollow, toBottom]);

  // Follows the newest text: observers report size changes once per frame, after layout, so reading the scroll
  // height here forces no extra layout however many batches arrived (on open, on streamed text, on new entries,
  // when entries are measured, when the window is resized).
  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (follow.current) toBottom();
      // Unpinned, the view can come to rest at the end with no scroll event: the content shrank under it (a row
      // measured smaller, a thought closed) while the user scrolled down. At the end is following, as in onScroll.
      else if (element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX) setFollow(true);
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
  }, [toBottom, setFollow]);

  function onScroll(event: UIEvent<HTMLDivElement>): void {
    const element = event.currentTarget;
    const movedUp = element.scrollTop < lastTop.current;
    lastTop.current = element.scrollTop;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom) {
      if (!follow.current) setFollow(true);
      return;
    }
    if (!follow.current) return;
    // Only the user's own scroll up stops the following: the view moved up while a selection or the scroll bar was
    // dragged, or just after a wheel up, a touch, or a key in the transcript (one that scrolls up, or Tab bringing
    // an earlier control into view). Layout moves the view up too: when the content shrinks (a row measured
    // smaller than its estimate, a text drawn again as markdown, a thought closed) the browser clamps scrollTop,
    // and if the content has grown again by the time the scroll event is dispatched (text streaming in) the view
    // is above the end, moved up, with no gesture at all: the designer's "unpinned without scrolling". That, and
    // any other move away from the end, is undone.
    const byUser = movedUp && (pointerDown.current || performance.now() - intentAt.current < INTENT_MS);
    if (byUser) setFollow(false);
    else toBottom();
  }

  function markIntent(): void {
    intentAt.current = performance.now();
  }

  function onWheel(event: WheelEvent<HTMLDivElement>): void {
    if (event.deltaY < 0) markIntent();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    // Tab from a control inside moves focus, and the browser scrolls the next control into view.
    if (event.key === 'Tab') return markIntent();
    // Other keys on a control inside the transcript (a record's button) act on it; only the scroll box scrolls.
    if (event.target !== event.currentTarget) return;
    // End is "take me to the newest text", as Jump to latest is. Left to the browser, its smooth scroll aims at
    // the height when pressed and lands short when rows drawn on the way are measured taller (74 px in the e2e).
    if (event.key === 'End') {
      event.preventDefault();
      jumpToLatest();
      return;
    }
    if (SCROLL_UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey)) markIntent();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>): void {
    // A press on a control is a click; whatever layout it causes (a composer opening, a record growing) is not
    // the user scrolling away (otherwise "Tell the agent why…" scrolled the transcript up).
    if (!onControl(event.target)) pointerDown.current = true;
  }

  function jumpToLatest(): void {
    // What the user did before no longer counts: a smooth scroll up still running (Page Up pressed just before
    // End) must not read as theirs and unpin again.
    intentAt.current = Number.NEGATIVE_INFINITY;
    setFollow(true);
    toBottom();
    // The button goes away now; keep keyboard focus in the transcript rather than on <body>.
    scroller.current?.focus();
  }

  const rows = virtualizer.getVirtualItems();
  // The drawn rows are in the normal flow, between two spacers that hold the space of the rows not drawn (the
  // virtualizer's measured or estimated sizes). A row growing (streamed text) moves what follows it in the same
  // layout, and its measurement then changes neither spacer, so it dirties nothing: with rows placed absolutely,
  // each measurement set a new height on their container, which laid out every drawn row again, a second layout
  // in the frame. Set through the CSSOM, which the CSP allows; no inline style markup.
  const spacers: CSSProperties = rows.length
    ? { paddingTop: rows[0].start, paddingBottom: Math.max(0, virtualizer.getTotalSize() - rows[rows.length - 1].end) }
    : {};

  return (
    <div className="transcript-frame">
      <div
        className="transcript"
        role="log"
        aria-label="Transcript"
        aria-busy={busy || undefined}
        tabIndex={0}
        ref={scroller}
        style={SCROLLER_STYLE}
        onScroll={onScroll}
        onWheel={onWheel}
        onTouchStart={markIntent}
        onTouchMove={markIntent}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
      >
        {entries.length === 0 ? (
          <div className="transcript-content" ref={content}>
            <p className="muted transcript-empty">Nothing here yet. Send a message to begin.</p>
          </div>
        ) : (
          <div className="transcript-content" ref={content} style={spacers}>
            {rows.map((row) => (
              <div key={row.key} data-index={row.index} ref={virtualizer.measureElement}>
                <EntryView entry={entries[row.index]} />
              </div>
            ))}
          </div>
        )}
      </div>
      {!following && (
        <button type="button" className="button jump-latest" onClick={jumpToLatest}>
          Jump to latest <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}

/**
 * A row's size as its ResizeObserver reports it, after the browser's own layout. A row just mounted (no report yet)
 * keeps its last known size or the estimate: the library's default reads `offsetHeight` there, in React's commit,
 * which forced a layout of the page, the streaming reply included, each time an entry came into the list (a card's
 * record, the reply after it, a scroll). The report follows in the same frame, before the paint, and since the rows
 * are in the normal flow they are drawn in the right place meanwhile.
 */
function sizeAfterLayout(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>): number {
  if (entry) return sizeFromObserver(element, entry, instance);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

/** See `adjustWhileFollowing`. */
const NEVER_ADJUST = () => false;

/** The browser's own scroll anchoring would fight the virtualizer's placement of rows; following is done above. */
const SCROLLER_STYLE: CSSProperties = { overflowAnchor: 'none' };
