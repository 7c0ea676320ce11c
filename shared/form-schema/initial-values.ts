/** The values a described form starts with (spec E-FORM-3). */
import { setOwn } from './json-access';
import type { FieldSpec, FormValues } from './types';

function initialValue(field: FieldSpec): unknown {
  const fallback = field.defaultValue;
  switch (field.kind) {
    case 'string':
    case 'single-select': return typeof fallback === 'string' ? fallback : '';
    case 'number':
    case 'integer': return typeof fallback === 'number' ? String(fallback) : '';
    case 'boolean': return typeof fallback === 'boolean' ? fallback : false;
    case 'multi-select': return Array.isArray(fallback) ? [...fallback] : [];
    default: return undefined;
  }
}

/**
 * The values a form starts with (spec E-FORM-3), shaped as {@link FormValues} describes: each field's
 * default, else `''` (string, unselected single-select, empty number text), `false` (boolean) or `[]`
 * (multi-select). Unsupported fields get no key. Returns a fresh object each call.
 */
export function initialValues(fields: FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = initialValue(field);
    if (value !== undefined) setOwn(values, field.name, value);
  }
  return values;
}
