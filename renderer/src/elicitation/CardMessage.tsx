import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { messagePreview, messageSize } from './model/message-fold';
import './CardMessage.css';

interface CardMessageProps {
  /** The agent's message, shown as plain text (spec E-REQ-6). */
  text: string;
  /** The asking agent's name, for the scroll region's accessible name. */
  agentName: string;
  /** The size "Show all" names, when `text` is only the start of the message (a transcript record's); else `text`'s. */
  size?: string;
}

/**
 * A request's message as plain text (spec E-REQ-6) that never pushes the card's actions away: past about 20 lines
 * it is folded, with a "Show all" button (`aria-expanded`); shown in full it scrolls in a region of its own,
 * focusable and named so it can be scrolled from the keyboard. A folded message draws only its first lines, so a
 * 500 KB message costs no more than a short one until the user asks for all of it.
 */
export function CardMessage({ text, agentName, size: wholeSize }: CardMessageProps) {
  const id = useId();
  const preview = useMemo(() => messagePreview(text), [text]);
  const size = useMemo(() => wholeSize ?? messageSize(text), [text, wholeSize]);
  const [expanded, setExpanded] = useState(false);
  const foldRef = useRef<HTMLParagraphElement>(null);
  // A short message with long lines can still wrap past the fold; only the layout can tell. Read in a
  // ResizeObserver (once per frame, after layout) rather than a layout effect: reading scrollHeight in the commit
  // forced a layout of the whole page, a long streaming transcript included, before each new card could paint
  // (38–64 ms a card in a trace of the renderer bench). flushSync applies the answer before that frame
  // paints, so a message that wraps past the fold is never shown uncut for a frame.
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const fold = foldRef.current;
    if (!fold || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      const next = fold.scrollHeight > fold.clientHeight + 1;
      flushSync(() => setOverflows(next));
    });
    observer.observe(fold);
    return () => observer.disconnect();
  }, [expanded, preview]);

  if (text.trim() === '') return null;
  const foldable = preview !== text || overflows || expanded;
  return (
    <div className="card-message-box">
      {expanded ? (
        <div
          id={`${id}-text`}
          className="card-message card-message-full plain-text selectable"
          role="region"
          aria-label={`Message from ${agentName}`}
          tabIndex={0}
        >
          {text}
        </div>
      ) : (
        <p id={`${id}-text`} ref={foldRef} className={`card-message card-message-folded plain-text${foldable ? ' is-cut' : ''}`}>
          {preview}
        </p>
      )}
      {foldable && (
        <button
          type="button"
          className="link-button card-message-toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-text`}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : `Show all (${size})`}
        </button>
      )}
    </div>
  );
}
