import { createContext, memo, useCallback, useContext, useDeferredValue, useMemo, useState, type JSX, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { errorSentence, useBridge } from '../shell/bridge-context';
import './Markdown.css';

/** Beyond this many characters a text is shown as plain text: parsing it on every streamed chunk costs too much. */
export const MAX_MARKDOWN_CHARS = 100_000;

/** Opens a link the user clicked (through main's checks); provided per rendered text so its errors show beside it. */
const LinkOpener = createContext<(url: string) => void>(() => {});

/**
 * Agent text rendered as markdown, safely: raw HTML is dropped (`skipHtml`, and no rehype-raw), links are buttons
 * that ask main to open them in the system browser only when clicked (`openExternal`, which refuses anything but
 * https and loopback http), and images are never loaded: their description and address are shown as text.
 * Headings become emphasized paragraphs so agent text cannot reshape the page's outline.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const bridge = useBridge();
  const [linkError, setLinkError] = useState<string | null>(null);
  // Streaming replies re-render often; let React skip stale intermediate texts under load.
  const deferred = useDeferredValue(text);

  const open = useCallback(
    (url: string) => {
      setLinkError(null);
      bridge.invoke('openExternal', { url }).catch((error: unknown) => setLinkError(errorSentence(error)));
    },
    [bridge],
  );

  const body = useMemo(
    () =>
      deferred.length > MAX_MARKDOWN_CHARS ? (
        <div className="plain-text">{deferred}</div>
      ) : (
        <Markdown skipHtml components={COMPONENTS} urlTransform={keepUrl}>
          {deferred}
        </Markdown>
      ),
    [deferred],
  );

  return (
    <div className="md">
      <LinkOpener value={open}>{body}</LinkOpener>
      {linkError && (
        <p className="md-link-error" role="alert">
          {linkError}
        </p>
      )}
    </div>
  );
});

/** URLs are kept as the agent wrote them: they are only ever shown as text and checked by main when opened. */
function keepUrl(url: string): string {
  return url;
}

type Props<K extends keyof JSX.IntrinsicElements> = JSX.IntrinsicElements[K] & ExtraProps;

function MarkdownLink({ href, children, title }: Props<'a'>) {
  const open = useContext(LinkOpener);
  const url = href?.trim() ?? '';
  if (!url) return <span className="md-link-text">{children}</span>;
  const tooltip = title ? `${title}\n${url}` : url;
  return (
    <button type="button" className="md-link" title={tooltip} onClick={() => open(url)}>
      {children}
      <span className="md-link-mark" aria-hidden="true">
        ↗
      </span>
    </button>
  );
}

/** An image is never fetched (no network from agent content): "[Image: <alt>] <url>" as text. */
function MarkdownImage({ alt, src }: Props<'img'>) {
  const url = typeof src === 'string' ? src : '';
  return (
    <span className="md-image" title="Images in agent messages are not loaded">
      [Image: {alt?.trim() || 'no description'}]{url && <span className="md-image-url"> {url}</span>}
    </span>
  );
}

function heading(level: number) {
  return function MarkdownHeading({ children }: { children?: ReactNode }) {
    return <p className={`md-heading md-h${level}`}>{children}</p>;
  };
}

const COMPONENTS: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
};
