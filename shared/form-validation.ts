/**
 * Checking a form draft against its fields and building the `content` an accept carries
 * (spec E-FORM-5..9, E-FORM-11).
 *
 * Main process only: ajv compiles validators with `new Function`, which the renderer's CSP forbids, so the
 * renderer asks main for a {@link FormCheck} instead of importing this module. It still lives in `shared/`
 * (no Node imports) because it is pure logic over `form-schema/types.ts` types.
 *
 * Agent-supplied `pattern`s never reach ajv or `RegExp`: they run on re2js, a linear-time engine (E-FORM-6).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { RE2JS } from 're2js';
import type { StringFormat } from '@agentclientprotocol/sdk';
import { setOwn } from './form-schema/json-access';
import type { FieldSpec, FormCheck, FormValues } from './form-schema/types';

/** A value as it goes on the wire (E-FORM-7). */
type WireValue = string | number | boolean | string[];

/** The formats ajv checks (E-FORM-2). Any other `format` is an annotation and is never checked (E-FORM-11). */
const CHECKED_FORMATS: readonly StringFormat[] = ['email', 'uri', 'date', 'date-time'];

const FORMAT_MESSAGES: Record<StringFormat, string> = {
  email: 'Enter a valid email address.',
  uri: 'Enter a full web address, such as https://example.com.',
  date: 'Enter a date as YYYY-MM-DD.',
  'date-time': 'Enter a date and time such as 2025-01-31T09:30:00Z.',
};

const REQUIRED_MESSAGE = 'This field is required.';
const PATTERN_MESSAGE = 'Enter a value in the format the agent asked for.';
const PATTERN_DISABLED_NOTE = "The agent's pattern for this field cannot be used, so it is not checked.";

/** Non-strict: unknown keywords are annotations and never block (E-FORM-5). Silent: no schema warnings in logs. */
// loopEnum: a long `enum` is checked in a loop instead of compiled into one comparison per option, which
// took seconds for an agent's 100 000-option select.
// validateSchema: false: every schema ajv sees here is built by `fieldSchema` from a normalised field, so it
// is valid by construction, and ajv's meta-schema check of a 5 000-option `enum` took 355 ms per field
// (5.6 ms without it), which a 500-field form turned into a 16 s stall of main.
// Made on the first form, not when the app starts: ajv's constructor and its formats cost start-up ~25 ms idle.
let formAjv: Ajv | undefined;
function ajv(): Ajv {
  if (!formAjv) {
    formAjv = new Ajv({ strict: false, allErrors: false, logger: false, loopEnum: 16, validateSchema: false });
    addFormats(formAjv, [...CHECKED_FORMATS]);
  }
  return formAjv;
}

/** One field with its compiled checks. */
interface CompiledField {
  field: FieldSpec;
  /** ajv check of the converted value (type, lengths, ranges, counts; not the options); absent for unsupported fields. */
  validate?: ValidateFunction;
  /**
   * A select's option values. Checked here, not by ajv: ajv compares a value with an `enum` one option at a time,
   * so a multi-select of 10 000 options with all of them chosen took 480–550 ms per check,
   * on every keystroke in the card and on main at Send.
   */
  options?: ReadonlySet<string>;
  /** The agent's `pattern`, compiled by re2js. */
  pattern?: RE2JS;
  /** Its {@link patternWeight}: matching it costs about this much per character (MAX_FORM_MATCH_WORK). */
  patternCost?: number;
  /** Set when the `pattern` cannot be compiled and its check is off (E-FORM-6). */
  patternNote?: string;
}

/** Compiled checks per field list, so typing does not recompile (keyed by the array the core keeps per item). */
const compiledByFields = new WeakMap<FieldSpec[], CompiledField[]>();

function isCheckedFormat(format: string | undefined): format is StringFormat {
  return CHECKED_FORMATS.includes(format as StringFormat);
}

/** Copies only the keys whose value is defined, so ajv never sees `minLength: undefined`. */
function compact(schema: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));
}

/**
 * The JSON Schema ajv checks one converted value against. `pattern` is left out on purpose (re2js runs it), and
 * so are a select's options ({@link CompiledField.options}).
 */
function fieldSchema(field: FieldSpec): Record<string, unknown> | undefined {
  switch (field.kind) {
    case 'string':
      return compact({
        type: 'string',
        minLength: field.minLength,
        maxLength: field.maxLength,
        format: isCheckedFormat(field.format) ? field.format : undefined,
      });
    case 'single-select':
      return { type: 'string' };
    case 'number':
    case 'integer':
      return compact({ type: field.kind, minimum: field.minimum, maximum: field.maximum });
    case 'boolean':
      return { type: 'boolean' };
    case 'multi-select':
      return compact({ type: 'array', items: { type: 'string' }, minItems: field.minItems, maxItems: field.maxItems });
    default:
      return undefined;
  }
}

/**
 * Distinct compiled field validators kept: an agent that sends the same form again, or
 * many forms with the same kinds of field, has each compiled once. Bounded; least recently used go first.
 */
export const MAX_CACHED_VALIDATORS = 512;
/** Characters of schema text the validator cache may hold as keys (a field's key is its kind and bounds, well under 1 KB). */
const MAX_CACHED_SCHEMA_CHARS = 8 * 1024 * 1024;

/** Compiled validators by the JSON of their normalised schema, in least-recently-used order. */
const validators = new Map<string, ValidateFunction>();
let cachedChars = 0;

function compileValidator(field: FieldSpec): ValidateFunction | undefined {
  const schema = fieldSchema(field);
  if (!schema) return undefined;
  const key = JSON.stringify(schema);
  const cached = validators.get(key);
  if (cached) {
    validators.delete(key);
    validators.set(key, cached);
    return cached;
  }
  const validate = ajv().compile(schema);
  // ajv caches every compiled schema object forever; our own cache is bounded, so drop it from ajv's.
  ajv().removeSchema(schema);
  validators.set(key, validate);
  cachedChars += key.length;
  for (const [oldest] of validators) {
    if (validators.size <= MAX_CACHED_VALIDATORS && cachedChars <= MAX_CACHED_SCHEMA_CHARS) break;
    validators.delete(oldest);
    cachedChars -= oldest.length;
  }
  return validate;
}

/**
 * The most a single `pattern` may weigh (see {@link patternWeight}) before its check is turned off with a note
 * (E-FORM-6). re2js matches in linear time, but compiling grows with each counted repetition: an 11 KB pattern
 * of `[a-z]{1000}` repeated took 2 s and 100 MB to compile on main as its card showed, and a 312-character
 * `((…){31}){31}` 250 ms. 4 000 takes real patterns (a UUID's weighs 2 046, `^[A-Z]{2,5}-\d{1,6}$` 240) and keeps
 * the worst allowed compile to tens of milliseconds.
 */
export const MAX_PATTERN_WEIGHT = 4_000;

/**
 * The most one form's patterns may weigh together: three heavy ones. Past it, later patterns are not checked.
 * Main compiles a form's patterns once, when its draft is first checked, so this is how long one form can hold
 * main: five patterns of `(?i)[\p{L}]…` just under the single limit took 232–312 ms there, and every other
 * agent waited; three of the heaviest allowed now compile in about 75 ms.
 */
export const MAX_FORM_PATTERN_WEIGHT = 12_000;

/**
 * What one Unicode property class (`\p{L}`, `\P{N}`) adds to a pattern's weight, four times over when the pattern
 * folds case (`(?i`): such a class compiles to hundreds of ranges. Measured with re2js: 800 × `\p{L}` took 25 ms
 * and 499 × `(?i)[\p{L}]` 55 ms, where 500 × `[a-z]` took 8 ms.
 */
const UNICODE_CLASS_WEIGHT = 8;

/**
 * The most matching work (a pattern's weight times the characters it runs over) one check of a form may do;
 * past it the rest of its patterns are not checked, with a note. re2js is linear, but linear in the program
 * times the input: a pattern of weight 1 008 that must try every start (`(\p{L}{31}){31}$`) cost 68–176 ns
 * per unit here, so 40 000 agent-chosen default characters held main for 8–18 s on every draft check. 250 000
 * keeps a check under about 45 ms; real patterns on real values (a UUID, 2 046 × 36) use a fraction of it.
 */
export const MAX_FORM_MATCH_WORK = 250_000;

const PATTERN_SKIPPED_NOTE = "This value is too long to check against the agent's pattern here, so the agent will check it.";

/**
 * A cheap bound on how hard `pattern` is to compile: its length, plus {@link UNICODE_CLASS_WEIGHT} per Unicode
 * property class (four times that when it folds case), times one plus the sum of every counted repetition's
 * largest count (`{n}`, `{n,}`, `{n,m}`; an escaped `\{3\}` counts too). Three scans of the text.
 */
export function patternWeight(pattern: string): number {
  let repeats = 0;
  for (const match of pattern.matchAll(/\{(\d{1,9})(?:,(\d{0,9}))?\}/g)) {
    repeats += Math.max(Number(match[1]), match[2] ? Number(match[2]) : 0);
  }
  const classes = pattern.match(/\\[pP]\{/g)?.length ?? 0;
  const folding = pattern.includes('(?i') ? 4 : 1;
  return (pattern.length + classes * UNICODE_CLASS_WEIGHT * folding) * (1 + repeats);
}

/** Compiles a string field's pattern within what is left of the form's weight; returns what it used. */
function compilePattern(compiled: CompiledField, weightLeft: number): number {
  const { pattern } = compiled.field;
  if (compiled.field.kind !== 'string' || pattern === undefined) return 0;
  const weight = patternWeight(pattern);
  if (weight > MAX_PATTERN_WEIGHT || weight > weightLeft) {
    compiled.patternNote = PATTERN_DISABLED_NOTE;
    return 0;
  }
  try {
    compiled.pattern = RE2JS.compile(RE2JS.translateRegExp(pattern));
    compiled.patternCost = weight;
  } catch {
    compiled.patternNote = PATTERN_DISABLED_NOTE;
  }
  return weight;
}

function compiledFields(fields: FieldSpec[]): CompiledField[] {
  const cached = compiledByFields.get(fields);
  if (cached) return cached;
  let weightLeft = MAX_FORM_PATTERN_WEIGHT;
  const compiled = fields.map((field) => {
    const one: CompiledField = { field, validate: compileValidator(field) };
    if (field.kind === 'single-select' || field.kind === 'multi-select') one.options = new Set(field.options?.map((option) => option.value));
    weightLeft -= compilePattern(one, weightLeft);
    return one;
  });
  compiledByFields.set(fields, compiled);
  return compiled;
}

// ---------------------------------------------------------------------------------------------
// Converting form values to wire values (E-FORM-7, E-FORM-8)

/** The outcome of reading one form value: nothing entered, a wire value, or a plain-words error. */
type Converted = { kind: 'empty' } | { kind: 'value'; value: WireValue } | { kind: 'error'; message: string };

const EMPTY: Converted = { kind: 'empty' };

function wire(value: WireValue): Converted {
  return { kind: 'value', value };
}

function failure(message: string): Converted {
  return { kind: 'error', message };
}

/** Plain decimal notation only: no hex, no `Infinity`, no blanks. Linear: every quantifier is unambiguous. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function numberMessage(field: FieldSpec): string {
  return field.kind === 'integer' ? 'Enter a whole number.' : 'Enter a number.';
}

function parseNumber(field: FieldSpec, raw: number | string): Converted {
  const textValue = typeof raw === 'string' ? raw.trim() : undefined;
  if (textValue === '') return EMPTY;
  if (textValue !== undefined && !DECIMAL.test(textValue)) return failure(numberMessage(field));
  const value = typeof raw === 'number' ? raw : Number(textValue);
  if (!Number.isFinite(value)) return failure(numberMessage(field));
  if (field.kind !== 'integer') return wire(value);
  if (!Number.isInteger(value)) return failure(numberMessage(field));
  if (!Number.isSafeInteger(value)) return failure('Enter a smaller whole number.');
  return wire(value);
}

function convertText(raw: unknown, wrongType: string): Converted {
  if (raw === '') return EMPTY;
  return typeof raw === 'string' ? wire(raw) : failure(wrongType);
}

function convertNumber(field: FieldSpec, raw: unknown): Converted {
  if (typeof raw !== 'string' && typeof raw !== 'number') return failure(numberMessage(field));
  return parseNumber(field, raw);
}

function convertBoolean(raw: unknown): Converted {
  return typeof raw === 'boolean' ? wire(raw) : failure('Tick or clear this box.');
}

/** An empty optional multi-select is omitted (E-FORM-8); an empty required one sends `[]`, a real answer. */
function convertMulti(field: FieldSpec, raw: unknown): Converted {
  if (!Array.isArray(raw) || !raw.every((entry) => typeof entry === 'string')) {
    return failure('Choose only from the listed options.');
  }
  if (raw.length === 0 && !field.required) return EMPTY;
  return wire([...new Set(raw as string[])]);
}

/** Reads one form value (FormValues shapes) into its wire value. Missing or null values count as untouched. */
function convert(field: FieldSpec, raw: unknown): Converted {
  switch (field.kind) {
    case 'string':
      return convertText(raw ?? '', 'Enter text.');
    case 'single-select':
      return convertText(raw ?? '', 'Choose one of the listed options.');
    case 'number':
    case 'integer':
      return convertNumber(field, raw ?? '');
    case 'boolean':
      return convertBoolean(raw ?? false);
    case 'multi-select':
      return convertMulti(field, raw ?? []);
    default:
      return EMPTY;
  }
}

// ---------------------------------------------------------------------------------------------
// ajv errors in plain words (E-FORM-5)

function plural(amount: number, word: string): string {
  return `${amount} ${word}${amount === 1 ? '' : 's'}`;
}

function rangeMessage(field: FieldSpec): string {
  const what = field.kind === 'integer' ? 'a whole number' : 'a number';
  const { minimum, maximum } = field;
  if (minimum !== undefined && maximum !== undefined) return `Enter ${what} from ${minimum} to ${maximum}.`;
  if (minimum !== undefined) return `Enter ${what} of at least ${minimum}.`;
  return `Enter ${what} no greater than ${maximum}.`;
}

function formatMessage(field: FieldSpec): string {
  return isCheckedFormat(field.format) ? FORMAT_MESSAGES[field.format] : 'Enter a value in the expected format.';
}

function messageFor(field: FieldSpec, error: ErrorObject): string {
  switch (error.keyword) {
    case 'minLength': return `Enter at least ${plural(field.minLength ?? 0, 'character')}.`;
    case 'maxLength': return `Enter no more than ${plural(field.maxLength ?? 0, 'character')}.`;
    case 'format': return formatMessage(field);
    case 'minimum':
    case 'maximum': return rangeMessage(field);
    case 'minItems': return `Choose at least ${plural(field.minItems ?? 0, 'option')}.`;
    case 'maxItems': return `Choose no more than ${plural(field.maxItems ?? 0, 'option')}.`;
    case 'type': return field.kind === 'number' || field.kind === 'integer' ? numberMessage(field) : 'This value has the wrong type.';
    default: return 'This value is not valid.';
  }
}

// ---------------------------------------------------------------------------------------------
// Checking

/** The error for one converted, present value, or undefined when it passes ajv and the pattern. */
function valueError(compiled: CompiledField, value: WireValue, check: FormCheckInProgress): string | undefined {
  const { field, validate, pattern, options } = compiled;
  if (validate && !validate(value)) {
    const [first] = validate.errors ?? [];
    return first ? messageFor(field, first) : 'This value is not valid.';
  }
  if (options && typeof value === 'string' && !options.has(value)) return 'Choose one of the listed options.';
  if (options && Array.isArray(value) && !value.every((entry) => options.has(entry))) return 'Choose only from the listed options.';
  if (pattern && typeof value === 'string') {
    const work = (compiled.patternCost ?? 0) * value.length;
    if (work > check.matchWorkLeft) {
      setOwn(check.notes, field.name, PATTERN_SKIPPED_NOTE);
      return undefined;
    }
    check.matchWorkLeft -= work;
    if (!pattern.test(value)) return PATTERN_MESSAGE;
  }
  return undefined;
}

/** A check being built, with the matching work it may still do (MAX_FORM_MATCH_WORK). */
type FormCheckInProgress = Required<FormCheck> & { matchWorkLeft: number };

function unsupportedFormError(field: FieldSpec): string {
  return `The field “${field.label}” cannot be shown in this app, so this form cannot be sent. You can only Decline or Cancel.`;
}

function ownValue(values: unknown, name: string): unknown {
  if (typeof values !== 'object' || values === null) return undefined;
  return Object.prototype.hasOwnProperty.call(values, name) ? (values as FormValues)[name] : undefined;
}

function checkField(compiled: CompiledField, values: FormValues, check: FormCheckInProgress): void {
  const { field } = compiled;
  if (compiled.patternNote) setOwn(check.notes, field.name, compiled.patternNote);
  if (field.kind === 'unsupported') {
    if (field.required) check.formErrors.push(unsupportedFormError(field));
    return;
  }
  const converted = convert(field, ownValue(values, field.name));
  if (converted.kind === 'error') return setOwn(check.errors, field.name, converted.message);
  if (converted.kind === 'empty') {
    if (field.required) setOwn(check.errors, field.name, REQUIRED_MESSAGE);
    return;
  }
  const error = valueError(compiled, converted.value, check);
  if (error) return setOwn(check.errors, field.name, error);
  setOwn(check.content, field.name, converted.value);
}

/**
 * Checks a draft and builds the `content` an accept would carry (spec E-FORM-5..9, E-FORM-11).
 *
 * Input: the fields from `describeForm` and the draft shaped as {@link FormValues}; keys that are not fields
 * are ignored. Output: per-field plain-English `errors` (never ajv's wording), `formErrors` (a required
 * unsupported field: the form cannot be sent, E-FORM-9), `notes` (a `pattern` that cannot be compiled, or
 * whose value is past MAX_FORM_MATCH_WORK, so only that check is off, E-FORM-6), and `content` holding only valid values: integers as JSON integers,
 * numbers as numbers, booleans as booleans (untouched = `false`, which satisfies `required`), multi-selects
 * as `string[]` of option values, selects as the option value, never its title (E-FORM-7). Optional fields
 * left empty are omitted, never sent as `''`, `null` or `0` (E-FORM-8). Number text that does not parse is
 * an error, not an omission. Unknown formats are annotations and never block (E-FORM-11).
 * Compiled checks are cached per `fields` array (do not mutate it after the first call). Never throws for fields
 * produced by `describeForm`.
 */
export function checkValues(fields: FieldSpec[], values: FormValues): FormCheck {
  const check: FormCheckInProgress = { errors: {}, formErrors: [], content: {}, notes: {}, matchWorkLeft: MAX_FORM_MATCH_WORK };
  for (const compiled of compiledFields(fields)) checkField(compiled, values, check);
  const { matchWorkLeft: _, ...result } = check;
  return result;
}
