import { VisibleChars } from './VisibleChars';
import './UrlText.css';

/**
 * A URL as selectable plain text in a monospace box: never a link, never clickable (spec E-URL-3). Characters a
 * browser would hide or reorder are drawn as their code points. A long URL scrolls inside the box, which then
 * takes keyboard focus so it can be scrolled without a mouse.
 */
export function UrlText({ url, labelledBy }: { url: string; labelledBy: string }) {
  const long = url.length > 400;
  return (
    <div
      className={`code-block code-text selectable${long ? ' url-text-long' : ''}`}
      translate="no"
      dir="ltr"
      role={long ? 'region' : undefined}
      tabIndex={long ? 0 : undefined}
      aria-labelledby={labelledBy}
    >
      <VisibleChars text={url} />
    </div>
  );
}
