import { describe, expect, it } from 'vitest';
import { diffLines, patchLines, splitLines, type DiffLine } from '../../renderer/src/session/model/diff-lines';
import { DERIVED_STATE_HELP, foregroundText } from '../../renderer/src/session/model/foreground-text';
import {
  locationText,
  planProgressText,
  planStatusText,
  priorityText,
  skippedText,
  toolStatusText,
  truncatedText,
  unknownUpdateText,
} from '../../renderer/src/session/model/transcript-text';

/** A diff as the lines a reader sees: "+x", "-y", " z", "… 4 unchanged". */
function show(lines: DiffLine[]): string[] {
  return lines.map((line) => {
    if (line.kind === 'skip') return `… ${line.count} unchanged`;
    return `${line.kind === 'add' ? '+' : line.kind === 'del' ? '-' : ' '}${line.text}`;
  });
}

function numbered(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`).join('\n');
}

describe('diff lines of a v1 diff', () => {
  it('shows a new file as added lines only', () => {
    expect(show(diffLines(undefined, 'a\nb\n'))).toEqual(['+a', '+b']);
  });

  it('shows a deleted file as removed lines only', () => {
    expect(show(diffLines('a\nb', undefined))).toEqual(['-a', '-b']);
  });

  it('shows a changed line as removed then added, between its unchanged neighbours', () => {
    expect(show(diffLines('a\nb\nc\n', 'a\nB\nc\n'))).toEqual([' a', '-b', '+B', ' c']);
  });

  it('finds the smallest change when lines are inserted in the middle', () => {
    expect(show(diffLines('a\nb\nc\nd', 'a\nb\nx\nc\nd'))).toEqual([' a', ' b', '+x', ' c', ' d']);
  });

  it('keeps changes far apart as two changes, not one big replacement', () => {
    const before = numbered(1, 30);
    const after = before.replace('line 5', 'line five').replace('line 25', 'line twenty-five');
    // A single unchanged line is shown rather than folded.
    expect(show(diffLines(before, after))).toEqual([
      ' line 1',
      ' line 2',
      ' line 3',
      ' line 4',
      '-line 5',
      '+line five',
      ' line 6',
      ' line 7',
      ' line 8',
      '… 13 unchanged',
      ' line 22',
      ' line 23',
      ' line 24',
      '-line 25',
      '+line twenty-five',
      ' line 26',
      ' line 27',
      ' line 28',
      '… 2 unchanged',
    ]);
  });

  it('changes as few lines as possible (checked against the longest common subsequence)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const text = () => Array.from({ length: Math.floor(random() * 12) }, () => 'abc'[Math.floor(random() * 3)]);
    for (let round = 0; round < 300; round++) {
      const a = text();
      const b = text();
      const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          lcs[i][j] = a[i - 1] === b[j - 1] ? lcs[i - 1][j - 1] + 1 : Math.max(lcs[i - 1][j], lcs[i][j - 1]);
        }
      }
      const lines = diffLines(a.join('\n'), b.join('\n'));
      expect(lines.filter((l) => l.kind === 'del').length).toBe(a.length - lcs[a.length][b.length]);
      expect(lines.filter((l) => l.kind === 'add').length).toBe(b.length - lcs[a.length][b.length]);
    }
  });

  it('folds identical texts into one skipped run', () => {
    expect(show(diffLines('a\nb\nc', 'a\nb\nc'))).toEqual(['… 3 unchanged']);
  });

  it('ignores a trailing newline and Windows line ends', () => {
    expect(splitLines('a\r\nb\r\n')).toEqual(['a', 'b']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines(undefined)).toEqual([]);
    expect(show(diffLines('a\n', 'a'))).toEqual([' a']);
  });

  it('stays exact and quick on 2000-line texts that differ everywhere', () => {
    const before = numbered(1, 2000);
    const after = numbered(1, 2000)
      .split('\n')
      .map((line, i) => (i % 2 === 0 ? `${line} changed` : line))
      .join('\n');
    const started = performance.now();
    const lines = diffLines(before, after);
    expect(performance.now() - started).toBeLessThan(2000);
    // Past the exact-diff limit every old line is removed and every new one added; nothing is lost.
    expect(lines.filter((l) => l.kind === 'add' || l.kind === 'context').length).toBeGreaterThanOrEqual(2000);
    expect(lines.filter((l) => l.kind === 'del' || l.kind === 'context').length).toBeGreaterThanOrEqual(2000);
  });
});

describe('patch lines of a v2 diff', () => {
  it('colours a unified patch by each line’s sign and keeps the text as it is', () => {
    const patch = ['--- a/x.ts', '+++ b/x.ts', '@@ -1,2 +1,2 @@', ' same', '-old', '+new', '\\ No newline at end of file'].join('\n');
    expect(patchLines(patch)).toEqual([
      { kind: 'file', text: '--- a/x.ts' },
      { kind: 'file', text: '+++ b/x.ts' },
      { kind: 'hunk', text: '@@ -1,2 +1,2 @@' },
      { kind: 'context', text: ' same' },
      { kind: 'del', text: '-old' },
      { kind: 'add', text: '+new' },
      { kind: 'context', text: '\\ No newline at end of file' },
    ]);
  });
});

describe('transcript wording', () => {
  it('names tool call statuses in words and shows an unknown status as it was sent', () => {
    expect(toolStatusText('pending')).toEqual({ text: 'Pending', tone: 'pending' });
    expect(toolStatusText('in_progress')).toEqual({ text: 'In progress', tone: 'active' });
    expect(toolStatusText('completed').text).toBe('Completed');
    expect(toolStatusText('failed').text).toBe('Failed');
    expect(toolStatusText('cancelled').text).toBe('Cancelled');
    expect(toolStatusText('awaiting_review')).toEqual({ text: 'awaiting_review', tone: 'unknown' });
    expect(toolStatusText(undefined).text).toBe('Pending');
  });

  it('names plan steps and priorities in words', () => {
    expect(planStatusText('in_progress').text).toBe('In progress');
    expect(priorityText('high')).toBe('High priority');
    expect(priorityText('low')).toBe('Low priority');
    expect(priorityText('urgent')).toBe('Priority: urgent');
    expect(priorityText(undefined)).toBe('');
    expect(planProgressText([{ content: 'a', status: 'completed' }, { content: 'b', status: 'pending' }])).toBe('1 of 2 done');
  });

  it('writes locations as path:line', () => {
    expect(locationText({ path: 'src/a.ts', line: 12 })).toBe('src/a.ts:12');
    expect(locationText({ path: 'src/a.ts' })).toBe('src/a.ts');
  });

  it('names an unknown update by its kind and keeps the whole text for the details', () => {
    const text = 'mystery_update: {"sessionUpdate":"mystery_update","x":1}';
    expect(unknownUpdateText(text)).toEqual({ summary: 'Unknown update: mystery_update', details: text });
    expect(unknownUpdateText('no kind here').summary).toBe('Unknown update');
  });

  it('counts what a capped diff left out', () => {
    expect(truncatedText(12)).toBe('… 12 more lines not shown');
    expect(truncatedText(1)).toBe('… 1 more line not shown');
    expect(truncatedText(undefined)).toBe('');
    expect(skippedText(4)).toBe('… 4 unchanged lines');
  });
});

describe('foreground state wording (spec E-STATE-1)', () => {
  // "Idle  Finished" read as two statuses. Idle is one phrase: "Idle" after a turn
  // that ended normally, else how it ended.
  it('says Running, Waiting for you, and for idle one status: Idle, or how the turn ended when it stopped short', () => {
    expect(foregroundText({ state: 'running', derived: false })).toMatchObject({ label: 'Running', tone: 'running' });
    expect(foregroundText({ state: 'requires_action', derived: true })).toMatchObject({ label: 'Waiting for you', tone: 'waiting', derived: true });
    expect(foregroundText({ state: 'idle', derived: true, stopReason: 'cancelled' })).toEqual({ label: 'Stopped by you', tone: 'idle', derived: true });
    expect(foregroundText({ state: 'idle', derived: false, stopReason: 'end_turn' })).toEqual({ label: 'Idle', tone: 'idle', derived: false });
    expect(foregroundText({ state: 'idle', derived: false })).toEqual({ label: 'Idle', tone: 'idle', derived: false });
    expect(foregroundText({ state: 'idle', derived: false, stopReason: 'max_tokens' }).label).toBe('Stopped at the length limit');
  });

  it('says a failed v2 turn ended with an error', () => {
    expect(foregroundText({ state: 'idle', derived: false, stopReason: 'error' })).toEqual({ label: 'Ended with an error', tone: 'idle', derived: false });
  });

  it('shows a state it does not know as busy with the reported word, never as idle', () => {
    expect(foregroundText({ state: 'busy', derived: false, reported: 'compacting' })).toMatchObject({ label: 'Busy (compacting)', tone: 'busy' });
  });

  it('explains a derived state', () => {
    expect(DERIVED_STATE_HELP).toMatch(/does not report its state \(ACP v1\)/);
  });
});
