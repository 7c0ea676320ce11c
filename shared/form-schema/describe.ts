/**
 * Reading an agent's restricted `requestedSchema` into form fields (spec "Form mode", E-FORM-1, 2, 3, 9, 12).
 *
 * Pure and dependency-light: used by the renderer to draw a form and by the core to check a request.
 * Validation of typed values (ajv + RE2) lives in `shared/form-validation.ts`, which only the main process
 * imports, so the renderer's CSP never needs `unsafe-eval`.
 *
 * Every text an agent wrote for display (form title and description, field labels and descriptions, option
 * titles and descriptions) comes out of {@link describeForm} with its invisible formatting characters shown as
 * markers (shared/visible-text.ts): this is the one choke point for form text. Values — property
 * names as keys, option `value`s, defaults — stay exactly as sent, since they go back to the agent.
 */
import { revealInvisible } from '../visible-text';
import { count, finiteNumber, isObject, own, quote, text, type JsonObject } from './json-access';
import { SECRET_CHECK_FORM_CHARS, SecretCheck } from './secrets';
import type { FieldOption, FieldSpec, FormDescription } from './types';

/** Reads `[{const, title, description?}]`; undefined when the list is malformed or empty. */
function titledOptions(list: unknown): FieldOption[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const options: FieldOption[] = [];
  for (const entry of list) {
    if (!isObject(entry)) return undefined;
    const value = text(entry, 'const');
    if (value === undefined) return undefined;
    const option: FieldOption = { value, title: revealInvisible(text(entry, 'title') ?? value) };
    const description = text(entry, 'description');
    if (description !== undefined) option.description = revealInvisible(description);
    options.push(option);
  }
  return uniqueOptions(options);
}

/** Reads `enum: string[]`; undefined when the list is malformed or empty. */
function untitledOptions(list: unknown): FieldOption[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  if (!list.every((entry) => typeof entry === 'string')) return undefined;
  return uniqueOptions(list.map((value: string) => ({ value, title: revealInvisible(value) })));
}

/** Drops repeated option values, keeping the first. */
function uniqueOptions(options: FieldOption[]): FieldOption[] {
  const seen = new Set<string>();
  return options.filter((option) => {
    if (seen.has(option.value)) return false;
    seen.add(option.value);
    return true;
  });
}

function unsupported(field: FieldSpec, reason: string): FieldSpec {
  return { ...field, kind: 'unsupported', unsupportedReason: reason };
}

function withNumbers(field: FieldSpec, schema: JsonObject, keys: readonly ('minLength' | 'maxLength' | 'minItems' | 'maxItems')[]): FieldSpec {
  const result = { ...field };
  for (const key of keys) {
    const value = count(schema, key);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

function describeSingleSelect(field: FieldSpec, schema: JsonObject): FieldSpec {
  const titled = own(schema, 'oneOf');
  const options = titled !== undefined ? titledOptions(titled) : untitledOptions(own(schema, 'enum'));
  if (!options) return unsupported(field, 'Its list of choices is empty or malformed.');
  const result: FieldSpec = { ...field, kind: 'single-select', options };
  const fallback = text(schema, 'default');
  if (fallback !== undefined && options.some((option) => option.value === fallback)) result.defaultValue = fallback;
  return result;
}

function describeString(field: FieldSpec, schema: JsonObject): FieldSpec {
  if (own(schema, 'oneOf') !== undefined || own(schema, 'enum') !== undefined) return describeSingleSelect(field, schema);
  const result = withNumbers({ ...field, kind: 'string' }, schema, ['minLength', 'maxLength']);
  const pattern = text(schema, 'pattern');
  if (pattern !== undefined) result.pattern = pattern;
  const format = text(schema, 'format');
  if (format !== undefined) result.format = format;
  const fallback = text(schema, 'default');
  if (fallback !== undefined) result.defaultValue = fallback;
  return result;
}

function describeNumber(field: FieldSpec, schema: JsonObject, kind: 'number' | 'integer'): FieldSpec {
  const result: FieldSpec = { ...field, kind };
  const minimum = finiteNumber(schema, 'minimum');
  if (minimum !== undefined) result.minimum = minimum;
  const maximum = finiteNumber(schema, 'maximum');
  if (maximum !== undefined) result.maximum = maximum;
  const fallback = finiteNumber(schema, 'default');
  if (fallback !== undefined && (kind === 'number' || Number.isInteger(fallback))) result.defaultValue = fallback;
  return result;
}

function describeBoolean(field: FieldSpec, schema: JsonObject): FieldSpec {
  const result: FieldSpec = { ...field, kind: 'boolean' };
  const fallback = own(schema, 'default');
  if (typeof fallback === 'boolean') result.defaultValue = fallback;
  return result;
}

/** Options of a multi-select's `items`: `{anyOf:[{const,title}]}` or `{type:"string", enum:[…]}`. */
function itemOptions(items: unknown): FieldOption[] | undefined {
  if (!isObject(items)) return undefined;
  const titled = own(items, 'anyOf');
  if (titled !== undefined) return titledOptions(titled);
  if (own(items, 'type') !== 'string') return undefined;
  return untitledOptions(own(items, 'enum'));
}

function describeMultiSelect(field: FieldSpec, schema: JsonObject): FieldSpec {
  const options = itemOptions(own(schema, 'items'));
  if (!options) return unsupported(field, 'Its items are of a kind this app cannot show.');
  const result = withNumbers({ ...field, kind: 'multi-select', options }, schema, ['minItems', 'maxItems']);
  const fallback = own(schema, 'default');
  if (isOptionList(fallback, options)) result.defaultValue = [...new Set(fallback)];
  return result;
}

/** True when `value` is a string[] whose every entry is one of `options` (an empty list qualifies). */
function isOptionList(value: unknown, options: FieldOption[]): value is string[] {
  if (!Array.isArray(value)) return false;
  // A Set keeps this linear: an agent can send 100 000 options and as many defaults.
  const allowed = new Set(options.map((option) => option.value));
  return value.every((entry) => typeof entry === 'string' && allowed.has(entry));
}

function describeProperty(name: string, schema: unknown, required: boolean, secrets: SecretCheck): FieldSpec {
  if (!isObject(schema)) {
    const looksSecret = secrets.looksSecret(name);
    return unsupported({ name, label: revealInvisible(name), required, kind: 'unsupported', looksSecret }, 'Its definition is not an object.');
  }
  const title = text(schema, 'title');
  const description = text(schema, 'description');
  const field: FieldSpec = {
    name,
    label: revealInvisible(title?.trim() ? title : name),
    required,
    kind: 'unsupported',
    looksSecret: secrets.looksSecret(name, title, text(schema, 'format'), description),
  };
  if (description !== undefined) field.description = revealInvisible(description);
  const type = own(schema, 'type');
  switch (type) {
    case 'string': return describeString(field, schema);
    case 'number': return describeNumber(field, schema, 'number');
    case 'integer': return describeNumber(field, schema, 'integer');
    case 'boolean': return describeBoolean(field, schema);
    case 'array': return describeMultiSelect(field, schema);
    case 'object': return unsupported(field, 'Nested objects are not supported in forms.');
    default: return unsupported(field, typeof type === 'string' ? `The field type ${quote(type)} is not supported.` : 'It does not name a single field type.');
  }
}

function requiredNames(schema: JsonObject): Set<string> {
  const list = own(schema, 'required');
  if (!Array.isArray(list)) return new Set();
  return new Set(list.filter((entry): entry is string => typeof entry === 'string'));
}

/**
 * Reads an agent's `requestedSchema` into form fields (spec E-FORM-1, E-FORM-2, E-FORM-3, E-FORM-9, E-FORM-12).
 *
 * Input: untrusted JSON. Output: the schema's `title`/`description` and one {@link FieldSpec} per property,
 * in property order. Never throws: anything unreadable becomes an `unsupported` field (or no fields when
 * the schema itself is unreadable; run {@link findSchemaContradiction} first to refuse such a request).
 * Defaults are kept only when they fit the field (right type; a select's default must be one of its
 * options, a multi-select's every entry); falsy defaults (`0`, `""`, `false`, `[]`) are kept. A default
 * outside `minLength`/`minimum`-style bounds is kept and flagged by validation so the user can fix it.
 * `null` on any optional keyword means absent, as the ACP schema defines. The secret check reads at most
 * {@link SECRET_CHECK_FORM_CHARS} characters of the whole form's labels; fields past that count as secrets.
 */
export function describeForm(requestedSchema: unknown): FormDescription {
  if (!isObject(requestedSchema)) return { fields: [] };
  const description: FormDescription = { fields: [] };
  const title = text(requestedSchema, 'title');
  if (title !== undefined) description.title = revealInvisible(title);
  const summary = text(requestedSchema, 'description');
  if (summary !== undefined) description.description = revealInvisible(summary);
  const properties = own(requestedSchema, 'properties');
  if (!isObject(properties)) return description;
  const required = requiredNames(requestedSchema);
  const secrets = new SecretCheck(SECRET_CHECK_FORM_CHARS);
  description.fields = Object.entries(properties).map(([name, schema]) => describeProperty(name, schema, required.has(name), secrets));
  return description;
}
