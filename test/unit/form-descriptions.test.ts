import { describe, expect, it } from 'vitest';
import { describeRequestedForm, MAX_CACHED_FORM_CHARS, MAX_CACHED_FORMS } from '../../electron/core/elicitation/form-descriptions';

const form = (title: string) => ({ type: 'object', properties: { name: { type: 'string', title } }, required: ['name'] });

describe('form descriptions kept per schema', () => {
  // spec E-FORM-1: the fields come from the schema as sent; a repeat of the same schema is the same description,
  // so the compiled checks keyed by its field list are reused (elicitation overhead).
  it('describes a schema once and gives the same fields for the same schema again', () => {
    const first = describeRequestedForm(form('Name'));
    const again = describeRequestedForm(form('Name'));
    expect(first.refusal).toBeUndefined();
    expect(first.refusal === undefined && first.fields.map((f) => f.name)).toEqual(['name']);
    expect(again).toBe(first);
    expect(describeRequestedForm(form('Other name'))).not.toBe(first);
  });

  // Architecture rule 10: the card draws main's description, so it carries the form's own title and description.
  it('describes the form\'s title and description along with its fields', () => {
    const described = describeRequestedForm({ type: 'object', title: 'Deploy', description: 'Where to', properties: { env: { type: 'string' } } });
    expect(described).toMatchObject({ title: 'Deploy', description: 'Where to', fields: [{ name: 'env', kind: 'string' }] });
  });

  // spec E-FORM-10: a contradictory schema is refused, from the cache too.
  it('refuses a contradiction, the first time and every time after', () => {
    const bad = { type: 'object', properties: { n: { type: 'integer', minimum: 5, maximum: 1 } } };
    expect(describeRequestedForm(bad).refusal).toMatch(/minimum 5 greater than maximum 1/);
    expect(describeRequestedForm(structuredClone(bad)).refusal).toMatch(/minimum 5 greater than maximum 1/);
  });

  // A reserved name dropped by a parser is put back as an own property; it is part of the key, so it never shares
  // a described form with the schema without it.
  it('keeps an own __proto__ property apart from the schema without it', () => {
    const clean = { type: 'object', properties: {} as Record<string, unknown> };
    expect(describeRequestedForm(clean).refusal).toBeUndefined();
    const poisoned = { type: 'object', properties: {} as Record<string, unknown> };
    Object.defineProperty(poisoned.properties, '__proto__', { value: { type: 'string' }, enumerable: true, writable: true, configurable: true });
    expect(describeRequestedForm(poisoned).refusal).toMatch(/__proto__/);
  });

  it('is bounded: old schemas are described afresh once more than the cap have been seen, and long ones are not kept', () => {
    const first = describeRequestedForm(form('Bounded 0'));
    for (let i = 1; i <= MAX_CACHED_FORMS; i++) describeRequestedForm(form(`Bounded ${i}`));
    expect(describeRequestedForm(form('Bounded 0'))).not.toBe(first);
    const long = form('x'.repeat(MAX_CACHED_FORM_CHARS));
    expect(describeRequestedForm(long)).not.toBe(describeRequestedForm(long));
  });
});
