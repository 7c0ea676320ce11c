import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SwitchboardBridge } from '../../shared/bridge';
import { describeForm } from '../../shared/form-schema/describe';
import type { FormCheck } from '../../shared/form-schema/types';
import { DRAFT_DEBOUNCE_MS, DraftChecker } from '../../renderer/src/elicitation/model/draft-checker';
import { showsTheSame } from '../../renderer/src/elicitation/model/form-values';

const verdict = (over: Partial<FormCheck> = {}): FormCheck => ({ errors: {}, formErrors: [], content: {}, notes: {}, ...over });

/** A bridge that records each command and answers it with a verdict. */
function fakeBridge() {
  const calls: Array<{ command: string; values: unknown }> = [];
  const bridge = {
    invoke: (command: string, params: { values: unknown }) => {
      calls.push({ command, values: params.values });
      return Promise.resolve(verdict());
    },
  } as unknown as SwitchboardBridge;
  return { bridge, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

// Architecture rule 7: main keeps what the user typed; the values a card starts with are not a draft.
describe('draft checker', () => {
  it('checks the starting values without keeping them, and saves what is typed', async () => {
    const { bridge, calls } = fakeBridge();
    const checker = new DraftChecker(bridge, 'item-1', () => {});
    await checker.check({ name: '' }, true, { keep: false });
    await checker.check({ name: 'Ada' }, true);
    // spec E-FORM-5: both verdicts come from main.
    expect(calls).toEqual([
      { command: 'checkFormValues', values: { name: '' } },
      { command: 'saveDraft', values: { name: 'Ada' } },
    ]);
  });

  it('saves when a check that keeps nothing shares its call with typing that waited for the quiet period', async () => {
    vi.useFakeTimers();
    const { bridge, calls } = fakeBridge();
    const checker = new DraftChecker(bridge, 'item-1', () => {});
    const typed = checker.check({ name: 'Ad' }, false);
    const started = checker.check({ name: 'Ada' }, true, { keep: false });
    await Promise.all([typed, started]);
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS * 2);
    expect(calls).toEqual([{ command: 'saveDraft', values: { name: 'Ada' } }]);
    // The next lone check keeps nothing again.
    await checker.check({ name: 'Ada' }, true, { keep: false });
    expect(calls.at(-1)?.command).toBe('checkFormValues');
  });
});

describe('draft checker results in order', () => {
  it('drops the arrival check’s verdict when it comes after the verdict on what was typed since', async () => {
    const answers: Array<(check: FormCheck) => void> = [];
    const bridge = { invoke: () => new Promise<FormCheck>((resolve) => answers.push(resolve)) } as unknown as SwitchboardBridge;
    const shown: FormCheck[] = [];
    const checker = new DraftChecker(bridge, 'item-1', (check) => shown.push(check));
    const arrival = checker.check({ name: '' }, true, { keep: false });
    const typed = checker.check({ name: 'Ada' }, true);
    answers[1](verdict({ content: { name: 'Ada' } }));
    await typed;
    answers[0](verdict({ formErrors: ['stale'] }));
    await arrival;
    expect(shown).toEqual([verdict({ content: { name: 'Ada' } })]);
  });
});

describe('whether a verdict shows anything new on a card', () => {
  const fields = describeForm({ type: 'object', properties: { name: { type: 'string', title: 'Name' } } }).fields;

  it('is the same when only field errors or the content changed (react-hook-form shows field errors)', () => {
    expect(showsTheSame(fields, null, verdict({ errors: { name: 'Please fill in Name.' }, content: { name: '' } }))).toBe(true);
    expect(showsTheSame(fields, verdict(), verdict({ content: { name: 'Ada' } }))).toBe(true);
  });

  it('differs when a form-level error, an error no field shows, or a note comes or goes', () => {
    // spec E-FORM-9: a form-level problem shows before Review.
    expect(showsTheSame(fields, null, verdict({ formErrors: ['A required field cannot be shown.'] }))).toBe(false);
    expect(showsTheSame(fields, verdict({ formErrors: ['x'] }), verdict())).toBe(false);
    expect(showsTheSame(fields, null, verdict({ errors: { hidden: 'Please fill in Hidden.' } }))).toBe(false);
    // spec E-FORM-6: the note beside a field whose pattern is not checked.
    expect(showsTheSame(fields, verdict(), verdict({ notes: { name: 'Its pattern is not checked.' } }))).toBe(false);
    expect(showsTheSame(fields, verdict({ notes: { name: 'a' } }), verdict({ notes: { name: 'b' } }))).toBe(false);
  });
});
