/** A form's sent values in words, as the review and the transcript's record of an answer show them (spec E-FORM-4). */
import type { FieldOption, FieldSpec } from './types';

/** A choice's title for its wire value: `"MIT"`, or `"Apache 2.0 (apache-2.0)"` when they differ; else the value. */
export function optionTitle(field: FieldSpec, value: string): string {
  const option = optionsByValue(field).get(value);
  if (!option) return value;
  return option.title === option.value ? option.title : `${option.title} (${option.value})`;
}

/** Each field's options by value, made once per field: a 10 000-value answer named its titles in 137–167 ms by search. */
const optionIndex = new WeakMap<FieldSpec, ReadonlyMap<string, FieldOption>>();

function optionsByValue(field: FieldSpec): ReadonlyMap<string, FieldOption> {
  let index = optionIndex.get(field);
  if (!index) {
    index = new Map((field.options ?? []).map((option) => [option.value, option] as const).reverse());
    optionIndex.set(field, index);
  }
  return index;
}

/**
 * A value from `FormCheck.content` in words (spec E-FORM-4): Yes / No, numbers as written, choices by title,
 * `(empty)`, `(none selected)`. The review and the transcript's record of an answer both show it so.
 */
export function formatContentValue(field: FieldSpec, value: string | number | boolean | string[]): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none selected)' : value.map((v) => optionTitle(field, v)).join(', ');
  if (field.kind === 'single-select') return optionTitle(field, value);
  return value === '' ? '(empty)' : value;
}
