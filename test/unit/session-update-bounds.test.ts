import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS, MAX_PATH_CHARS, MAX_TITLE_CHARS, MAX_TOOL_LOCATIONS, normalizeSessionUpdate } from '../../electron/core/acp/session-updates';
import { MAX_LABEL_CHARS } from '../../electron/core/acp/session-setup';

// The brief: every agent input is bounded by a named constant with its reason. Each string and list a session
// update carries into main's state (and the renderer's) is cut here; the transcript budget bounds the sum.
const big = 'x'.repeat(1024 * 1024);

describe('strings and lists of a session update are cut to named bounds', () => {
  it('a tool call: title, kind, status, locations and their paths', () => {
    const update = normalizeSessionUpdate({
      sessionUpdate: 'tool_call',
      toolCallId: 'call-1',
      title: big,
      kind: big,
      status: big,
      // 8 MiB of `{"path":""}` is some 700 000 locations: each a row in the card, none counted as characters.
      locations: Array.from({ length: 10_000 }, (_, i) => ({ path: i === 0 ? big : '', line: i })),
    });
    if (update.kind !== 'tool_call') throw new Error(`expected a tool call, got ${update.kind}`);
    expect(update.fields.title).toHaveLength(MAX_TITLE_CHARS);
    expect(update.fields.title?.endsWith('…')).toBe(true);
    expect(update.fields.toolKind).toHaveLength(MAX_LABEL_CHARS);
    expect(update.fields.status).toHaveLength(MAX_LABEL_CHARS);
    expect(update.fields.locations).toHaveLength(MAX_TOOL_LOCATIONS);
    expect(update.fields.locations?.[0].path).toHaveLength(MAX_PATH_CHARS);
    expect(update.fields.locations?.[1]).toEqual({ path: '', line: 1 });
  });

  it('a diff’s paths (v1 and v2)', () => {
    const v1 = normalizeSessionUpdate({ sessionUpdate: 'tool_call', toolCallId: 'c', content: [{ type: 'diff', path: big, newText: 'a' }] });
    const v2 = normalizeSessionUpdate({
      sessionUpdate: 'tool_call',
      toolCallId: 'c',
      content: [{ type: 'diff', changes: Array.from({ length: 10_000 }, (_, i) => ({ operation: 'edit', path: `src/file-${i}.ts` })) }],
    });
    for (const update of [v1, v2]) {
      if (update.kind !== 'tool_call' || update.content?.[0].type !== 'diff') throw new Error('expected a diff');
      expect(update.content[0].path.length).toBeLessThanOrEqual(MAX_PATH_CHARS);
    }
  });

  it('a session title, a state’s stop reason and error, a notice, an unknown kind’s name', () => {
    const title = normalizeSessionUpdate({ sessionUpdate: 'session_info_update', title: big });
    expect(title).toMatchObject({ kind: 'session_info' });
    expect(title.kind === 'session_info' && title.title).toHaveLength(MAX_LABEL_CHARS);

    const state = normalizeSessionUpdate({ sessionUpdate: 'state_update', state: big, stopReason: big, error: { code: -32000, message: big } });
    if (state.kind !== 'state') throw new Error(`expected a state, got ${state.kind}`);
    expect(state.state).toHaveLength(MAX_LABEL_CHARS);
    expect(state.stopReason).toHaveLength(MAX_LABEL_CHARS);
    expect(state.error).toHaveLength(MAX_MESSAGE_CHARS);

    const notice = normalizeSessionUpdate({ sessionUpdate: 'notice', title: 'Heads up', description: big });
    expect(notice.kind === 'notice' && notice.text).toHaveLength(MAX_MESSAGE_CHARS);

    const unknown = normalizeSessionUpdate({ sessionUpdate: big });
    expect(unknown.kind === 'unknown' && unknown.sessionUpdate).toHaveLength(MAX_LABEL_CHARS);
  });

  it('keeps what is within the bounds as it was', () => {
    const update = normalizeSessionUpdate({ sessionUpdate: 'tool_call', toolCallId: 'c', title: 'Read a.ts', kind: 'read', status: 'pending', locations: [{ path: '/tmp/a.ts', line: 3 }] });
    expect(update).toEqual({ kind: 'tool_call', toolCallId: 'c', fields: { title: 'Read a.ts', toolKind: 'read', status: 'pending', locations: [{ path: '/tmp/a.ts', line: 3 }] }, content: undefined });
  });
});
