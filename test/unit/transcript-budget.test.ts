import { describe, expect, it } from 'vitest';
import { MAX_TRANSCRIPT_CHARS } from '../../electron/core/budgets';
import { Transcript, entryChars } from '../../electron/core/sessions/transcript';
import type { TranscriptEntry } from '../../shared/views/transcript';

/** A transcript as the hub keeps one, with the clause it would stop the agent with. */
function transcript(): { transcript: Transcript; entries: TranscriptEntry[]; stopped: string[] } {
  const entries: TranscriptEntry[] = [];
  const stopped: string[] = [];
  return { transcript: new Transcript(entries, () => {}, (clause) => stopped.push(clause)), entries, stopped };
}

const held = (entries: TranscriptEntry[]): number => entries.reduce((sum, entry) => sum + entryChars(entry), 0);
const MiB4 = 'x'.repeat(4 * 1024 * 1024);

describe('the transcript budget counts everything an entry holds', () => {
  it('stops an agent whose new tool calls carry 4 MiB of content each, holding no more than the budget', () => {
    // 100 tool calls of 4 MiB content held 440 MB on main under a 32 MiB budget.
    const { transcript: t, entries, stopped } = transcript();
    for (let i = 0; i < 100; i++) t.toolCall(`call-${i}`, { title: `Read ${i}` }, [{ type: 'text', text: MiB4 }]);
    expect(stopped).toEqual(["a session's transcript grew past 32 MiB of text"]);
    expect(held(entries)).toBeLessThanOrEqual(MAX_TRANSCRIPT_CHARS);
    expect(entries.length).toBeLessThan(10);
  });

  it('counts content an update adds to an existing tool call, and keeps the last entry that fitted', () => {
    const { transcript: t, entries, stopped } = transcript();
    t.toolCall('call', { title: 'Run tests' });
    for (let i = 0; i < 20; i++) t.toolCall('call', {}, undefined, [{ type: 'text', text: MiB4 }]);
    expect(stopped).toHaveLength(1);
    expect(held(entries)).toBeLessThanOrEqual(MAX_TRANSCRIPT_CHARS);
    expect(entries[0].toolCall?.content.length).toBe(7); // 7 × 4 MiB fit in 32 MiB with the title
  });

  it('counts a tool call’s id, which the agent picks, so long ids fill the budget too', () => {
    // 20 000 tool calls (the entry budget) with 4 MiB ids once counted only their "Tool call" text: 80 GB held.
    const { transcript: t, entries, stopped } = transcript();
    for (let i = 0; i < 100; i++) t.toolCall(`${i}-${MiB4}`, {});
    expect(stopped).toEqual(["a session's transcript grew past 32 MiB of text"]);
    expect(held(entries)).toBeLessThanOrEqual(MAX_TRANSCRIPT_CHARS);
    expect(entries.length).toBeLessThan(10);
  });

  it('gives back what a replaced entry no longer holds', () => {
    const { transcript: t, stopped } = transcript();
    // The same tool call replaced 50 times with 4 MiB content: only the latest counts, so it never fills.
    for (let i = 0; i < 50; i++) t.toolCall('call', { title: 'Edit' }, [{ type: 'diff', path: 'a.ts', newText: MiB4 }]);
    expect(stopped).toEqual([]);
  });
});
