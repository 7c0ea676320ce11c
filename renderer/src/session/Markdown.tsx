import { lazy, memo, Suspense, useCallback, useDeferredValue, useRef, useState } from 'react';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { splitBlocks, type BlockSplit } from './transcript/blocks';
import { LinkOpener } from './markdown-links';
import './Markdown.css';

/** Beyond this many characters a single block is shown as plain text: parsing it on every streamed chunk costs too much. */
export const MAX_MARKDOWN_CHARS = 100_000;

/** The markdown parser and its components, loaded with the first agent text (see MarkdownBlock.tsx). */
const MarkdownBlock = lazy(() => import('./MarkdownBlock'));

/**
 * Agent text rendered as markdown, safely (see MarkdownBlock.tsx for what is dropped and how links open), one block
 * at a time: the text is split at blank lines ({@link splitBlocks}), finished blocks keep their parsed output, and
 * only the block still streaming is parsed again on each batch. Until the parser has loaded the text shows as
 * plain text.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const bridge = useBridge();
  const [linkError, setLinkError] = useState<string | null>(null);
  // Streaming replies re-render often; let React skip stale intermediate texts under load.
  const deferred = useDeferredValue(text);
  const split = useRef<BlockSplit | undefined>(undefined);
  if (split.current?.text !== deferred) split.current = splitBlocks(deferred, split.current);
  const blocks = split.current.blocks;

  const open = useCallback(
    (url: string) => {
      setLinkError(null);
      bridge.invoke('openExternal', { url }).catch((error: unknown) => setLinkError(errorSentence(error)));
    },
    [bridge],
  );

  return (
    <div className="md">
      <LinkOpener value={open}>
        <Suspense fallback={<div className="plain-text">{deferred}</div>}>
          {blocks.map((block, index) =>
            block.length > MAX_MARKDOWN_CHARS ? (
              <div key={index} className="plain-text">
                {block}
              </div>
            ) : (
              <MarkdownBlock key={index} text={block} />
            ),
          )}
        </Suspense>
      </LinkOpener>
      {linkError && (
        <p className="md-link-error" role="alert">
          {linkError}
        </p>
      )}
    </div>
  );
});
