/**
 * Names and titles an agent gives are labels, and diffs are bounded by characters as well as lines.
 * The rule (docs/isolation.md): every agent input is bounded by a named constant. spec E-REQ-7 names the agent
 * (`agentInfo` name/version) and the context (session title, tool call title) on every card, so each of these is
 * copied into every card, the sidebar and History: a 3 MiB `agentInfo.name` with 50 waiting permissions stalled the
 * renderer 48.7 s; two 4 MiB session titles stalled History 4.1 s on every start; four 1 000-line diffs of 3.5 KB
 * lines stalled it 11.9 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentConnection } from '../../electron/core/acp/agent-connection';
import { MAX_LABEL_CHARS, oneLineLabel } from '../../electron/core/acp/session-setup';
import { MAX_DIFF_LINES, MAX_TOOL_CALL_DIFF_CHARS, MAX_TITLE_CHARS, normalizeSessionUpdate } from '../../electron/core/acp/session-updates';
import { HistoryStore } from '../../electron/core/history/history-store';
import { diffLines } from '../../renderer/src/session/model/diff-lines';
import { Transcript } from '../../electron/core/sessions/transcript';
import type { ToolContentView, TranscriptEntry } from '../../shared/views/transcript';

const MiB = 1024 * 1024;

function connection(initializeResult: Record<string, unknown>, version: 1 | 2 = 1): AgentConnection {
  return new AgentConnection(version, initializeResult, [], {} as never, {} as never, new AbortController().signal, () => {});
}

describe('agent-supplied labels', () => {
  it('one-line label: cut to MAX_LABEL_CHARS, line breaks and controls made one space, bidi left for the renderer to reveal', () => {
    expect(oneLineLabel('x'.repeat(3 * MiB))).toHaveLength(MAX_LABEL_CHARS);
    expect(oneLineLabel('Fix\n\n\tthe\u0007 parser\r\n')).toBe('Fix the parser');
    expect(oneLineLabel('evil\u202Eexe.txt')).toBe('evil\u202Eexe.txt');
    expect(oneLineLabel('Refactor the parser')).toBe('Refactor the parser');
  });

  it('cuts agentInfo name, title and version of a 3 MiB initialize result (spec E-REQ-7), v1 and v2', () => {
    const huge = 'A'.repeat(3 * MiB);
    for (const info of [connection({ agentInfo: { name: huge, title: huge, version: huge } }).agentInfo, connection({ info: { name: huge, title: huge, version: huge } }, 2).agentInfo]) {
      expect(info!.name.length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
      expect(info!.title!.length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
      expect(info!.version!.length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
    }
    expect(connection({ agentInfo: { name: 'Switchboard\n\n(system)', version: '1.2.0' } }).agentInfo).toEqual({ name: 'Switchboard (system)', title: undefined, version: '1.2.0' });
  });

  it('cuts a session_info_update title to one line of MAX_LABEL_CHARS', () => {
    const update = normalizeSessionUpdate({ sessionUpdate: 'session_info_update', title: `Title\n${'t'.repeat(4 * MiB)}` });
    if (update.kind !== 'session_info') throw new Error(`expected session_info, got ${update.kind}`);
    expect(update.title!.length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
    expect(update.title).toMatch(/^Title t+…$/);
    expect(normalizeSessionUpdate({ sessionUpdate: 'session_info_update', title: 'Fix the parser' })).toEqual({ kind: 'session_info', title: 'Fix the parser' });
  });

  it('cuts a tool call title to MAX_TITLE_CHARS', () => {
    const update = normalizeSessionUpdate({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'r'.repeat(MiB) });
    if (update.kind !== 'tool_call') throw new Error(`expected tool_call, got ${update.kind}`);
    expect(update.fields.title!.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
  });
});

describe('the history store and long titles', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sb-labels-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const record = { historyId: 'h-1', agentId: 'a', agentName: 'Agent A', sessionId: 's-1', cwd: '/work', createdAt: 1, lastActivity: 1, protocolVersion: 1 } as const;

  it('stores a title cut to a label, and cuts one a store written before this holds', () => {
    const file = join(dir, 'history.sqlite');
    const store = new HistoryStore(file);
    store.upsert({ ...record, title: 'x'.repeat(4 * MiB) });
    expect(store.get('h-1')!.title!.length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
    store.close();
    // A database written by an earlier Switchboard, which stored the title whole.
    const raw = new Database(file);
    raw.prepare('UPDATE sessions SET title = ? WHERE history_id = ?').run(`Old\n${'y'.repeat(4 * MiB)}`, 'h-1');
    raw.close();
    const reopened = new HistoryStore(file);
    const [listed] = reopened.list({}).records;
    expect(listed.title!.length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
    expect(listed.title).toMatch(/^Old y+…$/);
    expect(reopened.get('h-1')!.title!.length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
    reopened.close();
  });
});

describe('a diff of long lines', () => {
  type Diff = Extract<ToolContentView, { type: 'diff' }>;
  const lines = (n: number, width: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i} ${'x'.repeat(width)}`).join('\n');
  const diffsOf = (update: ReturnType<typeof normalizeSessionUpdate>): Diff[] => {
    if (update.kind !== 'tool_call') throw new Error(`expected tool_call, got ${update.kind}`);
    return (update.content ?? []) as Diff[];
  };
  const kept = (diff: Diff) => (diff.oldText ?? '').length + (diff.newText ?? '').length + (diff.patch ?? '').length;

  it('keeps at most MAX_TOOL_CALL_DIFF_CHARS of one tool call’s diffs, whole lines, and counts the lines left out', () => {
    const oldText = lines(1000, 3500, 'old');
    const newText = lines(1000, 3500, 'new');
    const [first, second] = diffsOf(
      normalizeSessionUpdate({
        sessionUpdate: 'tool_call',
        toolCallId: 't1',
        content: [
          { type: 'diff', path: '/a.txt', oldText, newText },
          { type: 'diff', path: '/b.txt', oldText, newText },
        ],
      }),
    );
    expect(kept(first) + kept(second)).toBeLessThanOrEqual(MAX_TOOL_CALL_DIFF_CHARS);
    const keptLines = first.newText!.split('\n').length;
    expect(keptLines).toBeGreaterThan(0);
    // The sides keep the same lines, so what is drawn still lines up.
    expect(first.oldText!.split('\n')).toHaveLength(keptLines);
    expect(first.newText!.split('\n').every((line) => line.endsWith('x'))).toBe(true);
    expect(first.truncatedLines).toBe(2 * (1000 - keptLines));
    // The budget is the tool call's: the second diff gets what the first left, here nothing, and says so.
    expect(second).toMatchObject({ oldText: '', newText: '', truncatedLines: 2000 });
  });

  it('keeps at most MAX_TOOL_CALL_DIFF_CHARS of diffs for one tool call however many v2 chunks bring them', () => {
    // Each tool_call_content_chunk was cut on its own, so 4 chunks kept 4 budgets.
    const entries: TranscriptEntry[] = [];
    const transcript = new Transcript(entries, () => {});
    const patch = lines(1000, 3500, '+');
    const chunk = (path: string) =>
      normalizeSessionUpdate({ sessionUpdate: 'tool_call_content_chunk', toolCallId: 't1', content: { type: 'diff', changes: [{ operation: 'modify', path }], patch: { format: 'git_patch', text: patch } } });
    transcript.toolCall('t1', { title: 'Edit' });
    for (const path of ['/a', '/b', '/c', '/d']) {
      const update = chunk(path);
      if (update.kind !== 'tool_call') throw new Error(`expected tool_call, got ${update.kind}`);
      transcript.toolCall(update.toolCallId, update.fields, update.content, update.appendContent);
    }
    const diffs = entries[0].toolCall!.content as Diff[];
    expect(diffs.map((d) => d.path)).toEqual(['/a', '/b', '/c', '/d']);
    expect(diffs.reduce((sum, d) => sum + kept(d), 0)).toBeLessThanOrEqual(MAX_TOOL_CALL_DIFF_CHARS);
    // The first chunk keeps what one diff may; the others keep nothing, and every line left out is counted.
    const keptLines = diffs[0].patch!.split('\n').length;
    expect(diffs[0].truncatedLines).toBe(1000 - keptLines);
    for (const later of diffs.slice(1)) expect(later).toMatchObject({ patch: '', truncatedLines: 1000 });
  });

  it('lets a later chunk keep what the tool call’s earlier diffs left of the budget', () => {
    const entries: TranscriptEntry[] = [];
    const transcript = new Transcript(entries, () => {});
    const append = (text: string) => {
      const update = normalizeSessionUpdate({ sessionUpdate: 'tool_call_content_chunk', toolCallId: 't1', content: { type: 'diff', path: '/a', newText: text } });
      if (update.kind !== 'tool_call') throw new Error(`expected tool_call, got ${update.kind}`);
      transcript.toolCall(update.toolCallId, update.fields, update.content, update.appendContent);
    };
    append(lines(100, 1000, 'a')); // ~100 KB: fits whole
    append(lines(1000, 1000, 'b')); // ~1 MB: only the budget's rest, ~400 KB
    const [first, second] = entries[0].toolCall!.content as Diff[];
    expect(first.truncatedLines).toBeUndefined();
    expect(kept(first) + kept(second)).toBeLessThanOrEqual(MAX_TOOL_CALL_DIFF_CHARS);
    const secondLines = second.newText!.split('\n').length;
    expect(secondLines).toBeGreaterThan(300);
    expect(second.truncatedLines).toBe(1000 - secondLines);
  });

  it('leaves an ordinary diff whole, and still cuts a long one at MAX_DIFF_LINES', () => {
    const [small] = diffsOf(normalizeSessionUpdate({ sessionUpdate: 'tool_call', toolCallId: 't1', content: [{ type: 'diff', path: '/a', oldText: 'a\nb\n', newText: 'a\nc\n' }] }));
    expect(small).toEqual({ type: 'diff', path: '/a', oldText: 'a\nb\n', newText: 'a\nc\n' });
    const [patch] = diffsOf(
      normalizeSessionUpdate({ sessionUpdate: 'tool_call', toolCallId: 't1', content: [{ type: 'diff', changes: [{ operation: 'modify', path: '/p' }], patch: { format: 'git_patch', text: lines(5000, 10, '+') } }] }),
    );
    expect(patch.patch!.split('\n')).toHaveLength(MAX_DIFF_LINES);
    expect(patch.truncatedLines).toBe(5000 - MAX_DIFF_LINES);
  });

  it('the renderer diffs long lines exactly: one changed line among 300 of 3.5 KB', () => {
    const oldLines = Array.from({ length: 300 }, (_, i) => `${'x'.repeat(3500)}${i}`);
    const newLines = oldLines.map((line, i) => (i === 150 ? `${line}!` : line));
    const drawn = diffLines(oldLines.join('\n'), newLines.join('\n'));
    expect(drawn.filter((l) => l.kind === 'del')).toEqual([{ kind: 'del', text: oldLines[150] }]);
    expect(drawn.filter((l) => l.kind === 'add')).toEqual([{ kind: 'add', text: newLines[150] }]);
    // Interleaved changes, so the diff runs through the edit search and not only the common ends.
    const shuffled = oldLines.map((line, i) => (i % 3 === 0 ? `${line}?` : line));
    const both = diffLines(oldLines.join('\n'), shuffled.join('\n'));
    expect(both.filter((l) => l.kind === 'add')).toHaveLength(100);
    expect(both.filter((l) => l.kind === 'del')).toHaveLength(100);
  });
});
