import { useMemo } from 'react';
import type { ToolContentView } from '../../../../shared/views/transcript';
import { diffLines, patchLines } from '../model/diff-lines';
import { skippedText, truncatedText } from '../model/transcript-text';
import './DiffView.css';

type Diff = Extract<ToolContentView, { type: 'diff' }>;

const SIGN = { add: '+', del: '-', context: ' ' } as const;

/**
 * A tool call's diff: the file path, then either the v2 `patch` as it came (lines coloured by their sign) or the
 * v1 old and new text as unified-style lines (`-` removed, `+` added, a little context, long unchanged runs
 * folded). A diff capped for display ends with "… N more lines not shown".
 */
export function DiffView({ diff }: { diff: Diff }) {
  const lines = useMemo(
    () => (diff.patch !== undefined ? undefined : diffLines(diff.oldText, diff.newText)),
    [diff.patch, diff.oldText, diff.newText],
  );
  const patch = useMemo(() => (diff.patch !== undefined ? patchLines(diff.patch) : undefined), [diff.patch]);
  const counts = lines
    ? { add: lines.filter((l) => l.kind === 'add').length, del: lines.filter((l) => l.kind === 'del').length }
    : undefined;
  const more = truncatedText(diff.truncatedLines);
  const label = diff.oldText === undefined && diff.patch === undefined ? 'New file' : 'Diff';

  return (
    <figure className="tool-diff">
      <figcaption className="tool-diff-head">
        <span className="tool-diff-label">{label}</span>
        <code className="tool-diff-path" translate="no">
          {diff.path}
        </code>
        {counts && (counts.add > 0 || counts.del > 0) && (
          <span className="tool-diff-counts">
            <span aria-hidden="true">
              <span className="diff-count-add">+{counts.add}</span> <span className="diff-count-del">-{counts.del}</span>
            </span>
            <span className="sr-only">
              {counts.add} added, {counts.del} removed
            </span>
          </span>
        )}
      </figcaption>
      <pre className="diff" translate="no">
        {patch?.map((line, index) => (
          <span key={index} className={`diff-line diff-${line.kind}`}>
            {line.text || ' '}
          </span>
        ))}
        {lines?.map((line, index) =>
          line.kind === 'skip' ? (
            <span key={index} className="diff-line diff-skip">
              {skippedText(line.count)}
            </span>
          ) : (
            <span key={index} className={`diff-line diff-${line.kind}`}>
              {SIGN[line.kind]}
              {line.text}
            </span>
          ),
        )}
        {lines?.length === 0 && patch === undefined && <span className="diff-line diff-skip">(no lines)</span>}
      </pre>
      {more && <p className="tool-diff-more">{more}</p>}
    </figure>
  );
}
