import { describe, expect, it } from 'vitest';
import { findSchemaContradiction } from '../../shared/form-schema/contradictions';

describe('findSchemaContradiction', () => {
  it('accepts a well-formed schema', () => {
    // spec E-FORM-1
    expect(
      findSchemaContradiction({
        type: 'object',
        properties: { n: { type: 'integer', minimum: 1, maximum: 1 }, s: { type: 'string', minLength: 2, maxLength: 2 } },
        required: ['n'],
      }),
    ).toBeUndefined();
  });

  it('accepts a schema without type or properties, which the ACP schema defaults', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction({})).toBeUndefined();
  });

  it('rejects a schema that is not an object', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction(null)).toMatch(/must be a JSON object/);
    expect(findSchemaContradiction([])).toMatch(/must be a JSON object/);
  });

  it('rejects a schema whose type is not object', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction({ type: 'array', properties: {} })).toMatch(/"type" must be "object"/);
  });

  it('rejects properties that are not an object', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction({ type: 'object', properties: ['a'] })).toMatch(/"properties" must be an object/);
  });

  it('rejects a property that is not an object, naming it', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction({ type: 'object', properties: { age: 'number' } })).toBe('Property "age" must be a schema object.');
  });

  it('rejects a required name missing from properties, naming it', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'ghost'] })).toBe(
      'Property "ghost" is listed in "required" but not defined in "properties".',
    );
  });

  it('does not let an inherited name like toString satisfy required', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: {}, required: ['toString'] })).toMatch(/"toString"/);
  });

  it('rejects required that is not a list of names', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: {}, required: 'a' })).toMatch(/"required" must be a list/);
  });

  it('rejects minimum greater than maximum, naming the property', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: { port: { type: 'integer', minimum: 10, maximum: 5 } } })).toBe(
      'Property "port" has minimum 10 greater than maximum 5.',
    );
  });

  it('rejects minLength greater than maxLength, naming the property', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: { code: { type: 'string', minLength: 4, maxLength: 3 } } })).toBe(
      'Property "code" has minLength 4 greater than maxLength 3.',
    );
  });

  it('rejects minItems greater than maxItems, naming the property', () => {
    // spec E-FORM-10
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: 2, maxItems: 1 } } };
    expect(findSchemaContradiction(schema)).toBe('Property "tags" has minItems 2 greater than maxItems 1.');
  });

  it('does not treat unknown types, unknown items or unknown formats as contradictions', () => {
    // spec E-FORM-9, E-FORM-11
    const schema = {
      type: 'object',
      properties: {
        colour: { type: '_x.color' },
        nested: { type: 'object', properties: {} },
        list: { type: 'array', items: { type: 'number' } },
        host: { type: 'string', format: 'hostname' },
      },
      required: ['colour', 'host'],
    };
    expect(findSchemaContradiction(schema)).toBeUndefined();
  });
});
