import { describe, expect, it } from 'vitest';
import { normalizeSessionUpdate } from '../../electron/core/acp/session-updates';
import { MAX_PLAN_STEP_CHARS, MAX_PLAN_STEPS } from '../../electron/core/budgets';
import { Transcript } from '../../electron/core/sessions/transcript';
import type { TranscriptEntry } from '../../shared/views/transcript';

// One `plan` update of 20 000 steps (1.2 MB, under the line budget) froze the page,
// every agent's, for 34 s; 100 000 steps lost the tab. The brief's rule: every input from an agent is bounded,
// and bad input loses nothing else. A plan keeps MAX_PLAN_STEPS steps and counts the rest.
describe('a plan larger than any real one', () => {
  const steps = (n: number, content = (i: number) => `Step ${i}`) =>
    Array.from({ length: n }, (_, i) => ({ content: content(i), priority: 'medium', status: 'pending' }));

  it('keeps the first MAX_PLAN_STEPS steps, counts the others, and says how many the agent sent', () => {
    const update = normalizeSessionUpdate({ sessionUpdate: 'plan', entries: steps(20_000) });
    if (update.kind !== 'plan') throw new Error(`expected a plan, got ${update.kind}`);
    expect(update.entries).toHaveLength(MAX_PLAN_STEPS);
    expect(update.entries[0]).toEqual({ content: 'Step 0', priority: 'medium', status: 'pending' });
    expect(update.notShown).toBe(20_000 - MAX_PLAN_STEPS);

    const entries: TranscriptEntry[] = [];
    new Transcript(entries, () => {}, () => {}).plan(update.entries, update.notShown);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'plan', text: 'Plan: 20000 steps', planStepsNotShown: 20_000 - MAX_PLAN_STEPS });
    expect(entries[0].plan).toHaveLength(MAX_PLAN_STEPS);
  });

  it('cuts a step longer than MAX_PLAN_STEP_CHARS, and a status or priority past a label’s length', () => {
    const update = normalizeSessionUpdate({
      sessionUpdate: 'plan',
      entries: [{ content: 'x'.repeat(1_000_000), priority: 'p'.repeat(10_000), status: 's'.repeat(10_000) }],
    });
    if (update.kind !== 'plan') throw new Error(`expected a plan, got ${update.kind}`);
    expect(update.entries[0].content.length).toBeLessThanOrEqual(MAX_PLAN_STEP_CHARS);
    expect(update.entries[0].priority!.length).toBeLessThan(1000);
    expect(update.entries[0].status!.length).toBeLessThan(1000);
    expect(update.notShown).toBe(0);
  });

  it('leaves an ordinary plan as the agent sent it', () => {
    const update = normalizeSessionUpdate({ sessionUpdate: 'plan_update', plan: { entries: steps(3) } });
    expect(update).toEqual({ kind: 'plan', entries: steps(3), notShown: 0 });
  });
});
