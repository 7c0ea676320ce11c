import { describe, expect, it } from 'vitest';
import { describeForm } from '../../shared/form-schema/describe';
import { initialValues } from '../../shared/form-schema/initial-values';
import { fieldOf } from './form-schema-fixture';

describe('describeForm', () => {
  it('reads the schema title, description and fields in property order', () => {
    // spec E-FORM-1
    const form = describeForm({
      type: 'object',
      title: 'Deploy',
      description: 'Where to deploy',
      properties: { b: { type: 'string' }, a: { type: 'boolean' } },
    });
    expect(form.title).toBe('Deploy');
    expect(form.description).toBe('Where to deploy');
    expect(form.fields.map((field) => field.name)).toEqual(['b', 'a']);
  });

  it('describes a string field with its constraints, format and default', () => {
    // spec E-FORM-2
    const field = fieldOf(
      { type: 'string', title: 'Branch', description: 'Git branch', minLength: 1, maxLength: 40, pattern: '^[a-z]+$', format: 'email', default: 'main' },
      true,
    );
    expect(field).toEqual({
      name: 'answer',
      label: 'Branch',
      description: 'Git branch',
      required: true,
      kind: 'string',
      minLength: 1,
      maxLength: 40,
      pattern: '^[a-z]+$',
      format: 'email',
      defaultValue: 'main',
      looksSecret: false,
    });
  });

  it('uses the property name as the label when there is no title or the title is blank', () => {
    // spec E-FORM-2
    expect(fieldOf({ type: 'string' }).label).toBe('answer');
    expect(fieldOf({ type: 'string', title: '   ' }).label).toBe('answer');
  });

  it('treats null keywords as absent, as the ACP schema defines', () => {
    // spec E-FORM-2
    const field = fieldOf({ type: 'string', title: null, minLength: null, enum: null, oneOf: null, default: null });
    expect(field.kind).toBe('string');
    expect(field.label).toBe('answer');
    expect(field).not.toHaveProperty('minLength');
    expect(field).not.toHaveProperty('defaultValue');
  });

  it('describes an untitled enum as a single-select whose titles are the values', () => {
    // spec E-FORM-2
    const field = fieldOf({ type: 'string', enum: ['dev', 'prod'] });
    expect(field.kind).toBe('single-select');
    expect(field.options).toEqual([
      { value: 'dev', title: 'dev' },
      { value: 'prod', title: 'prod' },
    ]);
  });

  it('describes a titled oneOf as a single-select keeping value, title and description apart', () => {
    // spec E-FORM-2, E-FORM-7
    const field = fieldOf({
      type: 'string',
      oneOf: [
        { const: 'eu-1', title: 'Europe', description: 'Frankfurt' },
        { const: 'us-1', title: 'United States' },
      ],
    });
    expect(field.kind).toBe('single-select');
    expect(field.options).toEqual([
      { value: 'eu-1', title: 'Europe', description: 'Frankfurt' },
      { value: 'us-1', title: 'United States' },
    ]);
  });

  it('marks a single-select with an empty or malformed list of choices as unsupported', () => {
    // spec E-FORM-9
    expect(fieldOf({ type: 'string', enum: [] }).kind).toBe('unsupported');
    expect(fieldOf({ type: 'string', enum: ['a', 2] }).kind).toBe('unsupported');
    expect(fieldOf({ type: 'string', oneOf: [{ title: 'no const' }] }).kind).toBe('unsupported');
  });

  it('describes number and integer fields with inclusive bounds and defaults', () => {
    // spec E-FORM-2
    expect(fieldOf({ type: 'number', minimum: 0.5, maximum: 9.5, default: 1.5 })).toMatchObject({
      kind: 'number',
      minimum: 0.5,
      maximum: 9.5,
      defaultValue: 1.5,
    });
    expect(fieldOf({ type: 'integer', minimum: 1, maximum: 10, default: 3 })).toMatchObject({
      kind: 'integer',
      minimum: 1,
      maximum: 10,
      defaultValue: 3,
    });
  });

  it('describes a boolean field with its default', () => {
    // spec E-FORM-2
    expect(fieldOf({ type: 'boolean', default: true })).toMatchObject({ kind: 'boolean', defaultValue: true });
  });

  it('describes a multi-select with untitled enum items and its item bounds', () => {
    // spec E-FORM-2
    const field = fieldOf({ type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, minItems: 1, maxItems: 2, default: ['y'] });
    expect(field).toMatchObject({ kind: 'multi-select', minItems: 1, maxItems: 2, defaultValue: ['y'] });
    expect(field.options?.map((option) => option.value)).toEqual(['x', 'y', 'z']);
  });

  it('describes a multi-select with titled anyOf items', () => {
    // spec E-FORM-2
    const field = fieldOf({
      type: 'array',
      items: { anyOf: [{ const: 'r', title: 'Read' }, { const: 'w', title: 'Write' }] },
    });
    expect(field.kind).toBe('multi-select');
    expect(field.options).toEqual([
      { value: 'r', title: 'Read' },
      { value: 'w', title: 'Write' },
    ]);
  });

  it('keeps falsy defaults: 0, empty string, false and an empty list', () => {
    // spec E-FORM-3
    expect(fieldOf({ type: 'integer', default: 0 }).defaultValue).toBe(0);
    expect(fieldOf({ type: 'string', default: '' }).defaultValue).toBe('');
    expect(fieldOf({ type: 'boolean', default: false }).defaultValue).toBe(false);
    expect(fieldOf({ type: 'array', items: { type: 'string', enum: ['a'] }, default: [] }).defaultValue).toEqual([]);
  });

  it('drops a select default that is not among the options', () => {
    // spec E-FORM-3
    expect(fieldOf({ type: 'string', enum: ['a', 'b'], default: 'c' })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'A' })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a', 'z'] })).not.toHaveProperty('defaultValue');
  });

  it('drops defaults of the wrong type, including a fractional default for an integer', () => {
    // spec E-FORM-3
    expect(fieldOf({ type: 'integer', default: 2.5 })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'number', default: '3' })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'boolean', default: 'true' })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'string', default: 7 })).not.toHaveProperty('defaultValue');
  });

  it('shows a nested object as an unsupported field with a reason', () => {
    // spec E-FORM-9
    const field = fieldOf({ type: 'object', properties: { inner: { type: 'string' } } }, true);
    expect(field.kind).toBe('unsupported');
    expect(field.required).toBe(true);
    expect(field.unsupportedReason).toMatch(/nested objects/i);
  });

  it('shows an unknown property type as an unsupported field naming the type', () => {
    // spec E-FORM-9
    const field = fieldOf({ type: '_x.color', title: 'Colour' });
    expect(field.kind).toBe('unsupported');
    expect(field.label).toBe('Colour');
    expect(field.unsupportedReason).toContain('"_x.color"');
  });

  it('shows a property without a single type as unsupported', () => {
    // spec E-FORM-9
    expect(fieldOf({ type: ['string', 'null'] }).kind).toBe('unsupported');
    expect(fieldOf({ title: 'No type' }).kind).toBe('unsupported');
  });

  it('shows a multi-select with an unknown items kind as unsupported', () => {
    // spec E-FORM-9
    expect(fieldOf({ type: 'array', items: { type: 'number', enum: [1, 2] } }).kind).toBe('unsupported');
    expect(fieldOf({ type: 'array', items: { type: 'string' } }).kind).toBe('unsupported');
    expect(fieldOf({ type: 'array' }).kind).toBe('unsupported');
  });

  it('keeps an unknown string format as given so the field is still shown', () => {
    // spec E-FORM-11
    const field = fieldOf({ type: 'string', format: 'hostname' });
    expect(field.kind).toBe('string');
    expect(field.format).toBe('hostname');
  });

  it('marks only the properties listed in required as required', () => {
    // spec E-FORM-1
    const form = describeForm({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['b'] });
    expect(form.fields.map((field) => field.required)).toEqual([false, true]);
  });

  it('returns no fields for a schema that is not an object', () => {
    // spec E-FORM-1
    expect(describeForm('nope')).toEqual({ fields: [] });
    expect(describeForm({ type: 'object', properties: [] })).toEqual({ fields: [] });
  });

  it('keeps a property named __proto__ as an ordinary field', () => {
    // spec E-FORM-1
    const form = describeForm(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"x"}}}'));
    expect(form.fields[0]).toMatchObject({ name: '__proto__', kind: 'string' });
    const values = initialValues(form.fields);
    expect(Object.keys(values)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });
});

describe('initialValues', () => {
  it('starts every kind of field from its default', () => {
    // spec E-FORM-3
    const form = describeForm({
      type: 'object',
      properties: {
        s: { type: 'string', default: 'hi' },
        one: { type: 'string', enum: ['a', 'b'], default: 'b' },
        n: { type: 'number', default: 2.5 },
        i: { type: 'integer', default: 0 },
        yes: { type: 'boolean', default: true },
        many: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, default: ['x'] },
      },
    });
    expect(initialValues(form.fields)).toEqual({ s: 'hi', one: 'b', n: '2.5', i: '0', yes: true, many: ['x'] });
  });

  it('starts fields without defaults empty, unchecked or unselected and gives unsupported fields no value', () => {
    // spec E-FORM-3, E-FORM-9
    const form = describeForm({
      type: 'object',
      properties: {
        s: { type: 'string' },
        pick: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
        n: { type: 'integer' },
        yes: { type: 'boolean' },
        many: { type: 'array', items: { type: 'string', enum: ['x'] } },
        odd: { type: '_x.color' },
      },
      required: ['pick'],
    });
    expect(initialValues(form.fields)).toEqual({ s: '', pick: '', n: '', yes: false, many: [] });
  });

  it('gives each call its own multi-select list so editing one draft does not touch another', () => {
    // spec E-FORM-3
    const fields = describeForm({ type: 'object', properties: { m: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, default: ['x'] } } }).fields;
    const first = initialValues(fields);
    (first.m as string[]).push('y');
    expect(initialValues(fields).m).toEqual(['x']);
  });
});
