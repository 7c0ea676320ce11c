import { describe, expect, it } from 'vitest';
import { Transcript } from '../../electron/core/sessions/transcript';
import type { TranscriptEntry } from '../../shared/views/transcript';

// A tool call whose permission the user rejected showed a red "Failed", because the
// agent then reports it `failed` (ACP v1's ToolCallStatus has no other value for it). The transcript keeps that the
// user refused it, whatever the agent reports after.
describe('a tool call the user refused permission for', () => {
  it('stays marked rejected by the user through the agent’s later "failed", and its text says so', () => {
    const entries: TranscriptEntry[] = [];
    const t = new Transcript(entries, () => {}, () => {});
    t.toolCall('call-1', { title: 'Delete the build folder', status: 'pending' });
    t.rejectedByUser('call-1');
    t.toolCall('call-1', { status: 'failed' });
    expect(entries).toHaveLength(1);
    expect(entries[0].toolCall).toMatchObject({ status: 'failed', rejectedByUser: true });
    expect(entries[0].text).toBe('Delete the build folder (rejected by you)');
  });

  it('creates nothing for a tool call the transcript does not have', () => {
    const entries: TranscriptEntry[] = [];
    const t = new Transcript(entries, () => {}, () => {});
    t.rejectedByUser('unknown');
    expect(entries).toEqual([]);
  });
});
