// Shared by the form-schema tests: one property described on its own.
import { describeForm } from '../../shared/form-schema/describe';
import type { FieldSpec } from '../../shared/form-schema/types';

/** Describes a one-property schema and returns its field. */
export function fieldOf(property: unknown, required = false): FieldSpec {
  const schema = { type: 'object', properties: { answer: property }, required: required ? ['answer'] : [] };
  return describeForm(schema).fields[0];
}
