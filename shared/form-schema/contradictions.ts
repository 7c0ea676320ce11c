/**
 * What makes a `requestedSchema` structurally unusable (spec E-FORM-1, E-FORM-10): the sentence the core answers
 * -32602 with, naming the property.
 */
import { finiteNumber, hasOwn, isObject, own, quote, type JsonObject } from './json-access';

/** Bound pairs that contradict when the lower exceeds the upper. */
const BOUND_PAIRS: readonly (readonly [string, string])[] = [
  ['minimum', 'maximum'],
  ['minLength', 'maxLength'],
  ['minItems', 'maxItems'],
];

function propertyContradiction(name: string, schema: unknown): string | undefined {
  if (!isObject(schema)) return `Property ${quote(name)} must be a schema object.`;
  for (const [low, high] of BOUND_PAIRS) {
    const lower = finiteNumber(schema, low);
    const upper = finiteNumber(schema, high);
    if (lower !== undefined && upper !== undefined && lower > upper) {
      return `Property ${quote(name)} has ${low} ${lower} greater than ${high} ${upper}.`;
    }
  }
  return undefined;
}

function requiredContradiction(schema: JsonObject, properties: JsonObject): string | undefined {
  const list = own(schema, 'required');
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) {
    return 'The requested schema\'s "required" must be a list of property names.';
  }
  const missing = list.find((name: string) => !hasOwn(properties, name));
  return missing === undefined ? undefined : `Property ${quote(missing)} is listed in "required" but not defined in "properties".`;
}

/**
 * Property names a form cannot carry: JavaScript gives them meaning on every object. The v2 SDK's parser and
 * zod (the bridge's answer schema) drop a `__proto__` key, and react-hook-form refuses all three as field
 * paths (prototype-pollution guards), so such a field could never be filled in or sent. They are refused up
 * front instead, with a -32602 that names them.
 */
export const RESERVED_FIELD_NAMES: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * One sentence naming the reserved property names (see {@link RESERVED_FIELD_NAMES}) a `requestedSchema`
 * uses in `properties` or `required`, or undefined when it uses none. `required` is read too because a parser
 * that dropped a `__proto__` property leaves its name there. Never throws.
 */
export function findReservedFieldNames(requestedSchema: unknown): string | undefined {
  if (!isObject(requestedSchema)) return undefined;
  const properties = own(requestedSchema, 'properties');
  const required = own(requestedSchema, 'required');
  const used = RESERVED_FIELD_NAMES.filter(
    (name) => (isObject(properties) && hasOwn(properties, name)) || (Array.isArray(required) && required.includes(name)),
  );
  if (used.length === 0) return undefined;
  const names = used.map(quote).join(', ');
  return `The form uses the field name${used.length > 1 ? 's' : ''} ${names}, which ${used.length > 1 ? 'are' : 'is'} reserved in JavaScript; Switchboard cannot show or send such a field. Rename it.`;
}

/**
 * Finds what makes a `requestedSchema` structurally unusable (spec E-FORM-1, E-FORM-10), as one plain
 * sentence naming the property; undefined when the schema is usable. The core answers the request with
 * JSON-RPC -32602 carrying this sentence.
 *
 * Contradictions: the schema is not an object; it uses a reserved field name ({@link findReservedFieldNames});
 * `type` is present and not `"object"`; `properties` is
 * present and not an object; a property is not an object; `required` is not a list of strings or names a
 * property missing from `properties`; `minimum > maximum`, `minLength > maxLength` or `minItems > maxItems`.
 * Not contradictions: unknown property types, unknown `items` kinds and unknown formats (shown as
 * unsupported or treated as annotations, E-FORM-9, E-FORM-11); a missing `type` or `properties` (the ACP
 * schema defaults them to `"object"` and `{}`).
 */
export function findSchemaContradiction(requestedSchema: unknown): string | undefined {
  if (!isObject(requestedSchema)) return 'The requested schema must be a JSON object.';
  const reserved = findReservedFieldNames(requestedSchema);
  if (reserved) return reserved;
  const type = own(requestedSchema, 'type');
  if (type !== undefined && type !== 'object') return 'The requested schema\'s "type" must be "object".';
  const properties = own(requestedSchema, 'properties') ?? {};
  if (!isObject(properties)) return 'The requested schema\'s "properties" must be an object.';
  for (const [name, schema] of Object.entries(properties)) {
    const problem = propertyContradiction(name, schema);
    if (problem) return problem;
  }
  return requiredContradiction(requestedSchema, properties);
}
