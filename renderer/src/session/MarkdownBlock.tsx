/**
 * One markdown block of agent text, parsed by react-markdown. Its own chunk, loaded the first time agent text is
 * shown: the markdown stack is the renderer's heaviest dependency and the app starts without it.
 */
import { memo, useContext, type JSX, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { LinkOpener } from './markdown-links';

/**
 * Safe markdown: raw HTML is dropped (`skipHtml`, and no rehype-raw), links are buttons that ask main to open them
 * only when clicked, images are never loaded, headings become emphasized paragraphs so agent text cannot reshape
 * the page's outline. Memoised: a finished block (the same string) is never parsed again.
 */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <Markdown skipHtml components={COMPONENTS} urlTransform={keepUrl}>
      {text}
    </Markdown>
  );
});
export default MarkdownBlock;

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
    <button type="button" className="md-link" title={tooltip} onClick={() => open(url, textOf(children))}>
      {children}
      <span className="md-link-mark" aria-hidden="true">
        ↗
      </span>
    </button>
  );
}

/** The plain text of a link's rendered children (strings and nested elements such as emphasis). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node.props as { children?: ReactNode }).children);
  return '';
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
