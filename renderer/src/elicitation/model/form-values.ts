/**
 * Glue between described fields (shared/form-schema/) and react-hook-form.
 *
 * Property names come from the agent and may contain dots, brackets or `__proto__`, which react-hook-form
 * would read as paths. So the form holds each field under a safe key (`f0`, `f1`, … by position) and these
 * helpers translate to and from property-name keyed values for main.
 */
import { optionTitle } from '../../../../shared/form-schema/content-words';
import type { FieldSpec, FormCheck, FormValues } from '../../../../shared/form-schema/types';

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

/**
 * Whether verdict `next` shows the same as `shown` on a card being edited (null: no verdict yet, which shows
 * nothing): the same form-level errors, errors no field can show, and notes beside fields, in the same order.
 * Field errors are not compared: react-hook-form shows those, from its own resolver.
 */
export function showsTheSame(fields: FieldSpec[], shown: FormCheck | null, next: FormCheck): boolean {
  const shownUnplaced = shown ? keyedErrors(fields, shown).unplaced : [];
  return (
    sameStrings(shown?.formErrors ?? [], next.formErrors) &&
    sameStrings(shownUnplaced, keyedErrors(fields, next).unplaced) &&
    sameStrings(Object.entries(shown?.notes ?? {}).flat(), Object.entries(next.notes ?? {}).flat())
  );
}

function sameStrings(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Whether a check allows sending: no field errors and no form errors (spec E-FORM-5, E-FORM-9). */
export function checkAllowsSend(check: FormCheck): boolean {
  return Object.keys(check.errors).length === 0 && check.formErrors.length === 0;
}

// The review's words for a value live in shared/ so main's transcript record says it the same way.
export { formatContentValue } from '../../../../shared/form-schema/content-words';

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

/** A secret-looking value masked for display: "•••• (14 characters)" (spec E-FORM-12). */
export function maskedSecret(value: string): string {
  const length = [...value].length;
  return `•••• (${length} ${length === 1 ? 'character' : 'characters'})`;
}

/** Words that say a description already states an amount (a length, a range, a count). */
const AMOUNT_WORDS =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|hundred|thousand|million|at least|at most|up to|no more than|between|minimum|maximum)\b/i;

/** Words that say a description already names the format. */
const FORMAT_WORDS: Record<string, RegExp> = {
  email: /\be-?mail\b/i,
  uri: /\b(?:url|uri|web address|link|https?)\b/i,
};

/**
 * A short plain-words hint of the field's constraints, e.g. "3 to 20 characters", "A whole number from 1 to 50"
 * or "Choose up to 2" — leaving out what the agent's own description already says (a description that states an
 * amount makes the length/range/count part redundant; one that names the format, the format part), so no hint is
 * said twice. Date and date-time fields explain themselves through their own controls.
 */
export function constraintHint(field: FieldSpec): string {
  const description = field.description ?? '';
  const statesAmount = AMOUNT_WORDS.test(description);
  const parts: string[] = [];
  if (field.kind === 'string') {
    const min = field.minLength !== undefined && field.minLength > 0 ? field.minLength : undefined;
    const max = field.maxLength;
    if (!statesAmount) {
      if (min !== undefined && max !== undefined) {
        if (min === max) parts.push(`Exactly ${min} ${min === 1 ? 'character' : 'characters'}`);
        else if (min === 1) parts.push(`Up to ${max} characters`);
        else parts.push(`${min} to ${max} characters`);
      } else if (min !== undefined) parts.push(`At least ${min} ${min === 1 ? 'character' : 'characters'}`);
      else if (max !== undefined) parts.push(`Up to ${max} ${max === 1 ? 'character' : 'characters'}`);
    }
    const format = formatHint(field.format);
    const named = field.format !== undefined && FORMAT_WORDS[field.format]?.test(description);
    if (format && !named) parts.push(format);
  }
  if (field.kind === 'number' || field.kind === 'integer') {
    const whole = field.kind === 'integer' && !/\b(?:whole|integer)\b/i.test(description);
    const { minimum: min, maximum: max } = field;
    let range = '';
    if (!statesAmount) {
      if (min !== undefined && max !== undefined) range = `from ${min} to ${max}`;
      else if (min !== undefined) range = `at least ${min}`;
      else if (max !== undefined) range = `at most ${max}`;
    }
    if (whole) parts.push(range ? `A whole number ${range}` : 'A whole number');
    else if (range) parts.push(range);
  }
  if (field.kind === 'multi-select' && !statesAmount) {
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
      return 'a full web address, such as https://example.com';
    default:
      return '';
  }
}

/** The `<input type>` of a string field by its format; date-time has its own control (see `DateTimeField`). */
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

// ---------------------------------------------------------------------------------------------
// Date-time fields: a native `datetime-local` picker in the user's time zone, sent as RFC 3339 with the offset.

/**
 * The example a typed date-time follows. Main's error for an unreadable one uses the very same example
 * (shared/form-validation.ts), so hint and error agree.
 */
export const DATE_TIME_EXAMPLE = '2025-01-31T09:30:00Z';

const LOCAL_INPUT = /^(\d{4,6})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A UTC offset in minutes east of Greenwich as RFC 3339 writes it: 120 → "+02:00", -330 → "-05:30", 0 → "+00:00". */
export function offsetText(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const total = Math.abs(Math.round(minutesEast));
  return `${sign}${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** The local time zone's offset at `date`, as RFC 3339 writes it (e.g. "+02:00"). */
export function localOffsetAt(date: Date): string {
  return offsetText(-date.getTimezoneOffset());
}

/**
 * A `datetime-local` value ("2025-06-30T14:30", seconds optional) read as the user's local time and written as
 * RFC 3339 with the local offset at that moment: "2025-06-30T14:30:00+02:00". A wall time skipped by a
 * daylight-saving change moves forward as the clock did. '' stays ''; unreadable input gives undefined.
 */
export function localInputToRfc3339(local: string): string | undefined {
  if (local === '') return '';
  const match = LOCAL_INPUT.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const date = new Date(2000, 0, 1, 0, 0, 0, 0);
  date.setFullYear(year, month - 1, day);
  date.setHours(hour, minute, second, 0);
  if (Number.isNaN(date.getTime())) return undefined;
  const wall =
    `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return wall + localOffsetAt(date);
}

/**
 * An RFC 3339 date-time as a `datetime-local` value in the user's local time ("2025-06-30T14:30", with seconds
 * only when they are not zero). '' stays ''. Undefined when the value is not an RFC 3339 date-time the picker can
 * show exactly (unreadable, or with fractions of a second): the field then offers it as text.
 */
export function rfc3339ToLocalInput(value: string): string | undefined {
  if (value === '') return '';
  const normalized = value.toUpperCase();
  const match = RFC_3339.exec(normalized);
  if (!match) return undefined;
  if (match[7] !== undefined && !/^\.0+$/.test(match[7])) return undefined;
  const ms = Date.parse(normalized.replace(/\.\d+/, ''));
  if (Number.isNaN(ms)) return undefined;
  const date = new Date(ms);
  const year = date.getFullYear();
  if (year < 1 || year > 9999) return undefined;
  const base =
    `${String(year).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() === 0 ? base : `${base}:${pad(date.getSeconds())}`;
}

/** The user's time zone in words: "Europe/Berlin (UTC+02:00)", or "UTC". `at` picks the offset (daylight saving). */
export function timeZoneText(at: Date): string {
  let zone = '';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    zone = '';
  }
  const offset = localOffsetAt(at);
  if (offset === '+00:00' && (zone === '' || /^(?:Etc\/)?(?:UTC|GMT|Zulu|UCT|Universal)$/i.test(zone))) return 'UTC';
  return zone ? `${zone} (UTC${offset})` : `UTC${offset}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
