import { urlSegments } from './model/url-display';
import './VisibleChars.css';

/**
 * Agent text drawn so that nothing in it hides or reorders itself (spec E-URL-3): control,
 * invisible formatting and line-separator characters appear as their code points (`U+202E`) in a marked box,
 * never applied. `keepLineBreaks` draws a line feed as a line break (a multi-line command); in a URL it stays a
 * marked U+000A, since a browser would drop it silently. One renderer for the URL card and the permission card.
 */
export function VisibleChars({ text, keepLineBreaks = false }: { text: string; keepLineBreaks?: boolean }) {
  return (
    <>
      {urlSegments(text).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : keepLineBreaks && segment.codePoint === 'U+000A' ? (
          <span key={index}>{'\n'}</span>
        ) : (
          <span key={index} className="hidden-char" title="A hidden character">
            {segment.codePoint}
          </span>
        ),
      )}
    </>
  );
}
