/**
 * Glue between described fields (shared/form-schema.ts) and react-hook-form.
 *
 * Property names come from the agent and may contain dots, brackets or `__proto__`, which react-hook-form
 * would read as paths. So the form holds each field under a safe key (`f0`, `f1`, … by position) and these
 * helpers translate to and from property-name keyed values for main.
 */
import type { FieldSpec, FormCheck, FormValues } from '../../shared/form-schema';

/** The react-hook-form key of the field at `index`. */
export function fieldKey(index: number): string {
  return `f${index}`;
}

/** Whether the field is drawn as a control (everything but `unsupported`, spec E-FORM-9). */
export function isSupported(field: FieldSpec): boolean {
  return field.kind !== 'unsupported';
}

/** The empty value of a control: `''`, `false` or `[]` (see `FormValues`). */
export function emptyValue(field: FieldSpec): unknown {
  if (field.kind === 'boolean') return false;
  if (field.kind === 'multi-select') return [];
  return '';
}

/** Coerces a stored value to what the field's control holds, or `undefined` when it does not fit. */
export function fitValue(field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'multi-select':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
    case 'number':
    case 'integer':
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      return typeof value === 'string' ? value : undefined;
    case 'unsupported':
      return undefined;
    default:
      return typeof value === 'string' ? value : undefined;
  }
}

/**
 * The form's starting values, keyed by field key: the saved draft where it has a fitting value, else the
 * schema default from `initialValues` (spec E-FORM-3), else the empty value.
 */
export function startValues(fields: FieldSpec[], initial: FormValues, draft: FormValues | undefined): FormValues {
  const entries: Array<[string, unknown]> = [];
  fields.forEach((field, index) => {
    if (!isSupported(field)) return;
    const fromDraft = draft && Object.hasOwn(draft, field.name) ? fitValue(field, draft[field.name]) : undefined;
    const fromInitial = Object.hasOwn(initial, field.name) ? fitValue(field, initial[field.name]) : undefined;
    entries.push([fieldKey(index), fromDraft ?? fromInitial ?? emptyValue(field)]);
  });
  return Object.fromEntries(entries);
}

/** Form values keyed by property name, as main expects them in `saveDraft` and `answerElicitation`. */
export function toPropertyValues(fields: FieldSpec[], keyed: FormValues): FormValues {
  const entries: Array<[string, unknown]> = [];
  fields.forEach((field, index) => {
    if (!isSupported(field)) return;
    const key = fieldKey(index);
    entries.push([field.name, Object.hasOwn(keyed, key) ? keyed[key] : emptyValue(field)]);
  });
  // Object.fromEntries defines own properties, so a property named "__proto__" stays a plain key.
  return Object.fromEntries(entries);
}

/** Main's per-property errors re-keyed by field key; errors naming no drawn field are returned apart. */
export function keyedErrors(fields: FieldSpec[], check: FormCheck): { byKey: Map<string, string>; unplaced: string[] } {
  const byKey = new Map<string, string>();
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(check.errors)) {
    const index = fields.findIndex((f) => f.name === name && isSupported(f));
    if (index >= 0) byKey.set(fieldKey(index), message);
    else unplaced.push(message);
  }
  return { byKey, unplaced };
}

/** Whether a check allows sending: no field errors and no form errors (spec E-FORM-5, E-FORM-9). */
export function checkAllowsSend(check: FormCheck): boolean {
  return Object.keys(check.errors).length === 0 && check.formErrors.length === 0;
}

function optionTitle(field: FieldSpec, value: string): string {
  const option = field.options?.find((o) => o.value === value);
  if (!option) return value;
  return option.title === option.value ? option.title : `${option.title} (${option.value})`;
}

/** A value from `FormCheck.content` in words, as the review shows it (spec E-FORM-4). */
export function formatContentValue(field: FieldSpec, value: string | number | boolean | string[]): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none selected)' : value.map((v) => optionTitle(field, v)).join(', ');
  if (field.kind === 'single-select') return optionTitle(field, value);
  return value === '' ? '(empty)' : value;
}

/** A raw form value in words, for the read-only view of a withdrawn or disconnected card (spec E-CXL-1, E-CXL-4). */
export function formatRawValue(field: FieldSpec, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    return value.length === 0 ? '(none selected)' : value.map((v) => optionTitle(field, String(v))).join(', ');
  }
  if (typeof value === 'string') {
    if (value === '') return '(empty)';
    return field.kind === 'single-select' ? optionTitle(field, value) : value;
  }
  return '(empty)';
}

/** A short plain-words hint of the field's constraints, e.g. "3 to 20 characters" or "Choose up to 2". */
export function constraintHint(field: FieldSpec): string {
  const parts: string[] = [];
  if (field.kind === 'string') {
    const min = field.minLength !== undefined && field.minLength > 0 ? field.minLength : undefined;
    const max = field.maxLength;
    if (min !== undefined && max !== undefined) parts.push(min === max ? `Exactly ${min} characters` : `${min} to ${max} characters`);
    else if (min !== undefined) parts.push(`At least ${min} ${min === 1 ? 'character' : 'characters'}`);
    else if (max !== undefined) parts.push(`At most ${max} ${max === 1 ? 'character' : 'characters'}`);
    const format = formatHint(field.format);
    if (format) parts.push(format);
  }
  if (field.kind === 'number' || field.kind === 'integer') {
    if (field.kind === 'integer') parts.push('A whole number');
    const { minimum: min, maximum: max } = field;
    if (min !== undefined && max !== undefined) parts.push(`from ${min} to ${max}`);
    else if (min !== undefined) parts.push(`at least ${min}`);
    else if (max !== undefined) parts.push(`at most ${max}`);
  }
  if (field.kind === 'multi-select') {
    const min = field.minItems !== undefined && field.minItems > 0 ? field.minItems : undefined;
    const max = field.maxItems;
    if (min !== undefined && max !== undefined) parts.push(min === max ? `Choose ${min}` : `Choose ${min} to ${max}`);
    else if (min !== undefined) parts.push(`Choose at least ${min}`);
    else if (max !== undefined) parts.push(`Choose up to ${max}`);
  }
  const text = parts.join(', ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}

function formatHint(format: string | undefined): string {
  switch (format) {
    case 'email':
      return 'an email address';
    case 'uri':
      return 'a web address (URI)';
    case 'date':
      return 'a date';
    case 'date-time':
      return 'a date and time, e.g. 2025-06-30T14:30:00Z';
    default:
      return '';
  }
}

/** The `<input type>` of a string field by its format; date-time stays text (RFC 3339 typed as is). */
export function inputTypeFor(field: FieldSpec): 'text' | 'email' | 'url' | 'date' {
  switch (field.format) {
    case 'email':
      return 'email';
    case 'uri':
      return 'url';
    case 'date':
      return 'date';
    default:
      return 'text';
  }
}
