import { lazy, memo, Suspense, useCallback, useContext, useDeferredValue, useMemo, useRef, useState } from 'react';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { splitBlocks, type BlockSplit } from './transcript/model/blocks';
import { AskLinkConsent } from './LinkConsent';
import { LinkOpener } from './markdown-links';
import { isCheapMarkdown } from './model/markdown-cost';
import { PlainBlock, PlainIfItFails } from './PlainIfItFails';
import './Markdown.css';

/** Beyond this many characters a single block is shown as plain text: parsing it on every streamed chunk costs too much. */
export const MAX_MARKDOWN_CHARS = 100_000;

/**
 * Blocks drawn together as one group. A trace of a 200k-chunk reply (5 000 blocks) showed React reconciling every
 * block on each batch and the browser laying out and painting all of them (frames of 100–170 ms); with groups, a
 * batch renders one group and the browser tracks some 80 boxes instead of 5 000. Blocks hold at least
 * MIN_BLOCK_CHARS (blocks.ts), so the group still streaming, which is always laid out, stays near 16k characters.
 */
export const BLOCKS_PER_GROUP = 16;

function groupsOf(blocks: string[]): string[][] {
  const groups: string[][] = [];
  for (let start = 0; start < blocks.length; start += BLOCKS_PER_GROUP) groups.push(blocks.slice(start, start + BLOCKS_PER_GROUP));
  return groups;
}

interface BlockGroupProps {
  blocks: string[];
  /** A finished group of a long reply: the browser may skip it while it is off screen. */
  skipOffscreen: boolean;
  /** Draw the blocks as plain text (before the parser has loaded, or before the deferred parse). */
  plain?: boolean;
}

/** Finished blocks are the very same strings from one split to the next, so comparing references is enough. */
function sameBlocks(before: BlockGroupProps, after: BlockGroupProps): boolean {
  return before.skipOffscreen === after.skipOffscreen && before.plain === after.plain && before.blocks.length === after.blocks.length && before.blocks.every((block, i) => block === after.blocks[i]);
}

/** Rough height of text never drawn yet, for the space a skipped group holds (px): ~90 characters a 20 px line. */
function estimatedHeightPx(blocks: string[]): number {
  let px = 0;
  for (const block of blocks) px += Math.ceil(block.length / 90) * 20 + 8;
  return px;
}

/**
 * One group of blocks; rendered again only when one of its blocks changed (in practice: the last group). Only the
 * finished groups of a reply longer than one group are skipped off screen: a short reply, and the group still
 * streaming, are always drawn, so the transcript's virtualizer measures their real height.
 */
const BlockGroup = memo(function BlockGroup({ blocks, skipOffscreen, plain = false }: BlockGroupProps) {
  const style = useMemo(() => (skipOffscreen ? { containIntrinsicSize: `auto ${estimatedHeightPx(blocks)}px` } : undefined), [skipOffscreen, blocks]);
  return (
    <div className={skipOffscreen ? 'md-blocks md-blocks-skippable' : 'md-blocks'} style={style}>
      {blocks.map((block, index) =>
        plain || block.length > MAX_MARKDOWN_CHARS || !isCheapMarkdown(block) ? (
          <PlainBlock key={index} text={block} />
        ) : (
          <PlainIfItFails key={index} text={block}>
            <MarkdownBlock text={block} />
          </PlainIfItFails>
        ),
      )}
    </div>
  );
}, sameBlocks);

/** A split's blocks in groups; all but the last may be skipped off screen. */
function blockGroups(blocks: string[], plain: boolean) {
  return groupsOf(blocks).map((group, index, groups) => <BlockGroup key={index} blocks={group} skipOffscreen={index < groups.length - 1} plain={plain} />);
}

/** The markdown parser and its components, loaded with the first agent text (see MarkdownBlock.tsx). */
const MarkdownBlock = lazy(() => import('./MarkdownBlock'));

/**
 * Agent text rendered as markdown, safely (see MarkdownBlock.tsx for what is dropped and how links open), one block
 * at a time: the text is split at blank lines ({@link splitBlocks}), finished blocks keep their parsed output, and
 * only the block still streaming is parsed again on each batch. Blocks are drawn in groups of {@link BLOCKS_PER_GROUP}:
 * a finished group is not rendered again, and the browser skips laying out and painting a group while it is off
 * screen (`content-visibility: auto`, Markdown.css), so a reply of thousands of paragraphs costs each batch and
 * each frame only its last group and what is in view. Until the parser has loaded the text shows as plain text.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const bridge = useBridge();
  const [linkError, setLinkError] = useState<string | null>(null);
  // Streaming replies re-render often; let React skip stale intermediate texts under load. A text first drawn (an
  // entry scrolled into the virtual list's range, or one opened) shows as plain text at once and is parsed in a
  // render React may interrupt: parsed in the render that mounted it, 20k characters held the main thread ~20 ms,
  // and a scroll that brought several entries into range made one task of 65 ms or more.
  const deferred = useDeferredValue<string | null>(text, null);
  const split = useRef<BlockSplit | undefined>(undefined);
  if (deferred !== null && split.current?.text !== deferred) split.current = splitBlocks(deferred, split.current);
  const blocks = split.current?.blocks;
  // The first draw is plain text in the same skippable groups, not one text node: a long entry mounting in the
  // virtual list (tens of thousands of characters) laid out as one node cost 50–67 ms CPU in a trace.
  // Splitting is a scan of the text's lines, well under a millisecond at that size.
  const plainBlocks = useMemo(() => (blocks === undefined ? splitBlocks(text).blocks : undefined), [blocks, text]);

  const askConsent = useContext(AskLinkConsent);

  const open = useCallback(
    (url: string, text: string) => {
      setLinkError(null);
      bridge
        .invoke('openExternal', { url, text })
        .then((answer) => {
          // Main wants the user's go-ahead (spec E-URL-3, E-URL-4): the transcript's dialog asks.
          if (!('confirm' in answer)) return;
          if (askConsent) askConsent({ url, text, consent: answer.confirm, onError: setLinkError });
          else setLinkError('Switchboard does not open this link on a click here.');
        })
        .catch((error: unknown) => setLinkError(errorSentence(error)));
    },
    [askConsent, bridge],
  );

  return (
    <div className="md">
      <LinkOpener value={open}>
        {blocks === undefined ? (
          blockGroups(plainBlocks ?? [], true)
        ) : (
          <Suspense fallback={blockGroups(blocks, true)}>{blockGroups(blocks, false)}</Suspense>
        )}
      </LinkOpener>
      {linkError && (
        <p className="md-link-error" role="alert">
          {linkError}
        </p>
      )}
    </div>
  );
});
