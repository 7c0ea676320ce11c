/**
 * Reading an agent's restricted `requestedSchema` into form fields (spec "Form mode", E-FORM-1..12).
 *
 * Pure and dependency-light: the core describes each form once and checks it (architecture rule 10); the renderer
 * draws the described fields and takes only their types and value helpers from here.
 * Validation of typed values (ajv + RE2) lives in `form-validation.ts`, which only the main process
 * imports, so the renderer's CSP never needs `unsafe-eval`.
 *
 * Every text an agent wrote for display (form title and description, field labels and descriptions, option
 * titles and descriptions) comes out of {@link describeForm} with its invisible formatting characters shown as
 * markers (shared/visible-text.ts, issue 8 scope 8): this is the one choke point for form text. Values — property
 * names as keys, option `value`s, defaults — stay exactly as sent, since they go back to the agent.
 */
import { foldLookalikes } from './confusables';
import { revealInvisible, withoutInvisible } from './visible-text';
import { cutText } from './cut-text';

/** The control a property is drawn as (spec E-FORM-2); `unsupported` per E-FORM-9. */
export type FieldKind = 'string' | 'single-select' | 'number' | 'integer' | 'boolean' | 'multi-select' | 'unsupported';

/** One choice of a single- or multi-select. `value` is what goes on the wire (E-FORM-7), `title` what is shown. */
export interface FieldOption {
  value: string;
  title: string;
  description?: string;
}

/** One property of the requested schema, ready to render. */
export interface FieldSpec {
  /** Property name: the key in `content`. */
  name: string;
  /** The property's `title`, else its name. */
  label: string;
  description?: string;
  required: boolean;
  kind: FieldKind;
  /** Choices of a single- or multi-select, in schema order. */
  options?: FieldOption[];
  /** String `format` as given (email | uri | date | date-time, or unknown: an annotation, E-FORM-11). */
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** The schema `default`, kept only when it is valid for the field (E-FORM-3). */
  defaultValue?: string | number | boolean | string[];
  /** Why an `unsupported` field cannot be shown as a control (E-FORM-9). */
  unsupportedReason?: string;
  /** True when the name, title or format suggests a secret (E-FORM-12). */
  looksSecret: boolean;
}

/** A described form: the schema's own title/description and its fields in property order. */
export interface FormDescription {
  title?: string;
  description?: string;
  fields: FieldSpec[];
}

/**
 * Values as the form holds them, keyed by property name:
 * string and single-select → string (`''` = empty / unselected), number and integer → the typed text
 * (string), boolean → boolean, multi-select → string[]. Unsupported fields have no value.
 */
export type FormValues = Record<string, unknown>;

/** Main's verdict on a draft: per-field errors in plain words, and the `content` that Send would send. */
export interface FormCheck {
  /** Property name → a plain sentence. Empty when the form may be sent. */
  errors: Record<string, string>;
  /** Errors that belong to no single field (e.g. a required unsupported field, E-FORM-9). */
  formErrors: string[];
  /** Exactly the `content` an accept would carry now (E-FORM-7, E-FORM-8). */
  content: Record<string, string | number | boolean | string[]>;
  /**
   * Property name → a plain sentence about a check that is switched off, to show beside the field
   * (e.g. the agent's `pattern` cannot be read, so it is not checked, E-FORM-6). Never blocks Send.
   * `checkValues` always sets it (possibly empty); optional so older producers stay valid.
   */
  notes?: Record<string, string>;
}

/** A plain JSON object (not null, not an array). */
type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOwn(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Reads an own property; `null` counts as absent, as the ACP schema says of every optional field. */
function own(object: JsonObject, key: string): unknown {
  if (!hasOwn(object, key)) return undefined;
  const value = object[key];
  return value === null ? undefined : value;
}

/** Sets an own, enumerable property even for names like `__proto__` that plain assignment would misroute. */
export function setOwn<T>(target: Record<string, T>, key: string, value: NoInfer<T>): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function text(object: JsonObject, key: string): string | undefined {
  const value = own(object, key);
  return typeof value === 'string' ? value : undefined;
}

function finiteNumber(object: JsonObject, key: string): number | undefined {
  const value = own(object, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function count(object: JsonObject, key: string): number | undefined {
  const value = finiteNumber(object, key);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Quotes an agent-chosen name for a message, cut short so a huge name cannot flood it. */
function quote(name: string): string {
  const shown = cutText(name, 80);
  return JSON.stringify(shown);
}

// ---------------------------------------------------------------------------------------------
// Secrets (E-FORM-12)

/**
 * Word sequences that mark a secret. Names and titles are split into lowercase words first
 * (camelCase, snake_case, kebab-case, spaces, digits), so `tokenizer_mode` and `max_tokens` do not
 * match `token`, while `apiKey`, `API-Key`, `github_token` and "Card number" do.
 */
const SECRET_PHRASES: readonly (readonly string[])[] = [
  ['password'], ['passwords'], ['passwd'], ['passphrase'], ['passcode'],
  ['secret'], ['secrets'], ['token'],
  ['apikey'], ['api', 'key'], ['api', 'keys'],
  ['privatekey'], ['private', 'key'], ['private', 'keys'],
  ['recovery', 'code'], ['recovery', 'codes'], ['seed', 'phrase'],
  ['cardnumber'], ['card', 'number'], ['cvv'], ['cvc'],
  ['pwd'], ['pin'], ['otp'], ['mnemonic'], ['credential'], ['credentials'],
  // A personal access token (GitHub, GitLab, Azure DevOps) is called a PAT; `path`, `patch` are other words.
  ['pat'], ['pats'], ['bearer'], ['totp'], ['hotp'], ['2fa'], ['2', 'fa'],
  ['security', 'code'], ['verification', 'code'], ['one', 'time', 'code'], ['mfa', 'code'], ['auth', 'code'],
];

/** Secret words that are also ordinary words when written as a person's name is: "Pat" (not "PAT", not `pat`). */
const NAME_LIKE_SECRET_WORDS = new Map([['pat', 'Pat']]);

/**
 * Secret words found even when split oddly (`passWord` → "pass word") or run together with others
 * (`userpassword`): checked against the name with everything but letters and digits removed.
 */
const JOINED_SECRET_WORDS = [
  'password', 'passwd', 'passphrase', 'apikey', 'apitoken', 'privatekey', 'secretkey', 'clientsecret', 'accesstoken', 'authtoken',
  'mnemonic', 'seedphrase', 'recoverycode',
];

/**
 * Characters people write for letters in secret words ("p@ssw0rd", "s3cret", "P@T"): each variant of a label with
 * them read as letters is checked too. `1` reads as `i` ("p1n") or `l`, so both are tried. Only labels with one of
 * them between letters get a variant, so an ordinary `field_1` or "Email (you@example.com)" is read as written too.
 */
const LEET_VARIANTS: ReadonlyArray<Record<string, string>> = [
  { '@': 'a', '4': 'a', $: 's', '5': 's', '0': 'o', '3': 'e', '7': 't', '1': 'i', '!': 'i' },
  { '1': 'l', '|': 'l' },
];
const LEET_CHARACTERS = /[@4$5037!1|]/;

/** The label with lookalike digits and signs read as letters, one string per variant (none when it has none). */
function leetReadings(label: string): string[] {
  if (!LEET_CHARACTERS.test(label)) return [];
  return LEET_VARIANTS.map((variant) => label.replace(/[@4$5037!1|]/g, (c) => variant[c] ?? c));
}

function joinedLooksSecret(label: string): boolean {
  const joined = label.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return JOINED_SECRET_WORDS.some((word) => joined.includes(word));
}

/** Words after `token` that make it a quantity, not a credential (`token_count`, "Token limit"). */
const TOKEN_QUANTITY_WORDS = new Set(['count', 'counts', 'limit', 'limits', 'budget', 'usage', 'length', 'size']);

/**
 * Splits a name or title into words as written (camelCase, snake_case, kebab-case, spaces, digits); the secret check
 * lowercases them. Every regex here is linear: fixed-width matches only.
 */
function writtenWords(label: string): string[] {
  return label
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\d)/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

function phraseAt(list: string[], index: number, phrase: readonly string[]): boolean {
  return phrase.every((word, offset) => list[index + offset] === word);
}

/** `list` are a label's words lowercased, `written` the same words as written (for {@link NAME_LIKE_SECRET_WORDS}). */
function wordsLookSecret(list: string[], written: string[]): boolean {
  for (let index = 0; index < list.length; index += 1) {
    for (const phrase of SECRET_PHRASES) {
      if (!phraseAt(list, index, phrase)) continue;
      if (phrase[0] === 'token' && TOKEN_QUANTITY_WORDS.has(list[index + 1] ?? '')) continue;
      if (phrase.length === 1 && NAME_LIKE_SECRET_WORDS.get(phrase[0]) === written[index]) continue;
      return true;
    }
  }
  return false;
}

/**
 * True when a property looks like it asks for a secret (spec E-FORM-12): `format: "password"`, or a
 * name or title containing a word such as password, passphrase, api key, token, secret, private key,
 * recovery code, card number, cvv, PAT or otp. Matching is by whole words, so `tokenizer_mode` and `path` are not
 * secrets; letters of other scripts that imitate Latin ones count as those letters, so "Pаssword" with a Cyrillic
 * "а" is one, and so do digits and signs written for letters ("p@ssw0rd").
 */
export function looksLikeSecret(name: string, title?: string, format?: string, description?: string): boolean {
  return new SecretCheck(Infinity).looksSecret(name, title, format, description);
}

/**
 * The secret check of one form's fields in turn, reading at most {@link SECRET_CHECK_FORM_CHARS} characters of their
 * names, titles and descriptions in all (and {@link SECRET_CHECK_CHARS} of each). A field whose words the budget
 * left partly unread counts as a secret: masked, and never kept in the history or the transcript, the safe side.
 */
class SecretCheck {
  constructor(private charsLeft: number) {}

  /** {@link looksLikeSecret}, within what is left of the form's budget. */
  looksSecret(name: string, title?: string, format?: string, description?: string): boolean {
    if (format?.toLowerCase() === 'password') return true;
    let unread = false;
    const read = (text: string) => {
      const wanted = Math.min(text.length, SECRET_CHECK_CHARS);
      const taken = Math.min(wanted, this.charsLeft);
      this.charsLeft -= taken;
      if (taken < wanted) unread = true;
      return text.slice(0, taken);
    };
    // A zero-width character must not hide "password" (E-FORM-12); only what is read is cleaned, as it is read.
    const label = (text: string) => labelLooksSecret(withoutInvisible(read(text)));
    const named = label(name) || (title !== undefined && label(title)) || (description !== undefined && descriptionAsksForSecret(read(description)));
    return named || unread;
  }
}

/**
 * Characters of a name, title or description read for the secret check (spec E-FORM-12): far more than any real
 * label or description, and what a person reads before the rest. The check folds lookalikes and tries up to three
 * readings, about 450 ns a character: a 2 MiB description (within MAX_FORM_SCHEMA_BYTES) took 0.9 s of the
 * thread that describes the form, in main and again in the renderer; 4000 characters take about 2 ms.
 */
const SECRET_CHECK_CHARS = 4000;

/**
 * Characters one form's secret check reads in all, across its fields' names, titles and descriptions: about 30 ms
 * of the describing thread (main, then the renderer). A real form reads far fewer (the bench's 13 fields about
 * 1 200; 100 fields with 500-character descriptions about 55 000, which still fit, since a field masked for
 * nothing warns the user for nothing); a 2 MB form of 500 fields, each with a name, title and description of
 * 1 300 lookalike characters, took 771 ms of main for every request, and an agent asking it and withdrawing it in
 * a loop stalled main for 0.5–2 s at a time (hostile review, session 27). Fields past it count as secrets
 * ({@link SecretCheck}).
 */
export const SECRET_CHECK_FORM_CHARS = 64_000;

/**
 * Secret words that, in a field's description, say what the field holds ("Your GitHub password"): only
 * unambiguous ones. Prose uses `token`, `secret`, `pin` and `credentials` for other things ("Pin the version",
 * "the token budget"), which names and titles rarely do, so those count in a name or title only.
 */
const DESCRIBED_SECRET_PHRASES: readonly (readonly string[])[] = [
  ['password'], ['passwords'], ['passwd'], ['passphrase'], ['passcode'],
  ['apikey'], ['api', 'key'], ['privatekey'], ['private', 'key'], ['secret', 'key'],
  ['access', 'token'], ['auth', 'token'], ['recovery', 'code'], ['recovery', 'codes'], ['seed', 'phrase'],
  ['card', 'number'], ['cvv'], ['cvc'], ['mnemonic'], ['verification', 'code'], ['security', 'code'], ['one', 'time', 'code'],
];

/** A description that says what the field is not ("not your password", "never your API key") names no secret in it. */
const NEGATION_WORDS = new Set(['not', 'never', 'no', 'without', 'instead', 'cannot']);

/**
 * True when a field's description says the field holds a secret (spec E-FORM-12): a field named `value` titled
 * "Value" and described "Your GitHub password" asks for a password. Read as names are (lookalike letters and
 * digits written for letters count as letters), with the stricter {@link DESCRIBED_SECRET_PHRASES}, and not when a
 * negation comes before the phrase in the description. Linear in the description's length.
 */
function descriptionAsksForSecret(description: string): boolean {
  const read = foldLookalikes(withoutInvisible(description));
  return [read, ...leetReadings(read)].some((reading) => {
    const words = writtenWords(reading).map((word) => word.toLowerCase());
    for (let index = 0; index < words.length; index += 1) {
      // "don't" and "isn't" are split at the apostrophe into "don", "t".
      if (NEGATION_WORDS.has(words[index]!) || (words[index] === 't' && words[index - 1]?.endsWith('n'))) return false;
      if (DESCRIBED_SECRET_PHRASES.some((phrase) => phraseAt(words, index, phrase))) return true;
    }
    return false;
  });
}

/** A name or title read as a person reads it (lookalike letters folded to Latin, confusables.ts) names a secret. */
function labelLooksSecret(label: string): boolean {
  const read = foldLookalikes(label);
  return [read, ...leetReadings(read)].some((reading) => {
    const written = writtenWords(reading);
    return wordsLookSecret(written.map((word) => word.toLowerCase()), written) || joinedLooksSecret(reading);
  });
}

/**
 * True when a form's own words (its `message`, or its schema's `description`) ask for a secret, read as a field's
 * description is: the unambiguous {@link DESCRIBED_SECRET_PHRASES}, lookalikes folded, not after a negation, and
 * only the first {@link SECRET_CHECK_CHARS} characters. Only meaningful for a form of one field (see
 * {@link withSoleFieldSecret}).
 */
export function formTextAsksForSecret(text: string | undefined): boolean {
  return text !== undefined && descriptionAsksForSecret(text.slice(0, SECRET_CHECK_CHARS));
}

/**
 * Whether `fields` are one plain text field whose own name, title and description name no secret: the one form
 * whose message can say what that field holds ("Enter your GitHub password" over a field `value` titled "Value";
 * hostile review, session 20). With two fields or more the message does not say which one it means, and a select,
 * number or checkbox holds no typed secret, so those are left to their own words (false warnings cost trust too).
 */
export function soleFieldCouldBeSecret(fields: readonly FieldSpec[]): boolean {
  return fields.length === 1 && fields[0]!.kind === 'string' && !fields[0]!.looksSecret;
}

/** Marked copies of described field lists, so a form asked again gets the same array (form-validation's cache key). */
const markedSecret = new WeakMap<FieldSpec[], FieldSpec[]>();

/**
 * `fields` with their one plain text field marked secret (spec E-FORM-12) when `formAsks` (main's
 * {@link formTextAsksForSecret} of the form's message or description) and {@link soleFieldCouldBeSecret}; else
 * `fields` itself. The same marked array for the same `fields`.
 */
export function withSoleFieldSecret(fields: FieldSpec[], formAsks: boolean): FieldSpec[] {
  if (!formAsks || !soleFieldCouldBeSecret(fields)) return fields;
  let marked = markedSecret.get(fields);
  if (!marked) {
    marked = [{ ...fields[0]!, looksSecret: true }];
    markedSecret.set(fields, marked);
  }
  return marked;
}

/** The fields that look like secrets (spec E-FORM-12), in form order; empty when none do. */
export function secretFields(fields: FieldSpec[]): FieldSpec[] {
  return fields.filter((field) => field.looksSecret);
}

// ---------------------------------------------------------------------------------------------
// Describing a form (E-FORM-1, 2, 3, 9)

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

// ---------------------------------------------------------------------------------------------
// Contradictions (E-FORM-1, E-FORM-10)

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
 * front instead, with a -32602 that names them (issue 8 scope 8).
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

// ---------------------------------------------------------------------------------------------
// Starting values (E-FORM-3)

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

// ---------------------------------------------------------------------------------------------
// Size limits (DECIDED: a form a person can fill; protects main and the renderer from a hostile schema)

/** At most this many properties in one form. */
export const MAX_FORM_FIELDS = 500;
/** At most this many options in one select. */
export const MAX_FIELD_OPTIONS = 10_000;
/**
 * Options across all fields of one form (issue 8, scope 3). Each select may offer MAX_FIELD_OPTIONS, but
 * 500 fields × 5 000 options once took main 16 s to check; the total is what costs, in the UI too.
 */
export const MAX_FORM_OPTIONS_TOTAL = 20_000;

/**
 * Returns a plain sentence when a schema is larger than a person could fill (more than
 * {@link MAX_FORM_FIELDS} properties, or a select with more than {@link MAX_FIELD_OPTIONS} options), else
 * undefined. The core answers such a request -32602 with this message, before any work scales with it.
 */
export function findSchemaSizeProblem(requestedSchema: unknown): string | undefined {
  if (!isObject(requestedSchema)) return undefined;
  const properties = own(requestedSchema, 'properties');
  if (!isObject(properties)) return undefined;
  const names = Object.keys(properties);
  if (names.length > MAX_FORM_FIELDS) {
    return `The form has ${names.length} fields; Switchboard shows at most ${MAX_FORM_FIELDS}.`;
  }
  let total = 0;
  for (const name of names) {
    const property = own(properties, name);
    if (!isObject(property)) continue;
    const items = own(property, 'items');
    const lists = [own(property, 'enum'), own(property, 'oneOf'), isObject(items) ? own(items, 'enum') : undefined, isObject(items) ? own(items, 'anyOf') : undefined];
    const longest = Math.max(0, ...lists.map((list) => (Array.isArray(list) ? list.length : 0)));
    if (longest > MAX_FIELD_OPTIONS) {
      return `Property ${quote(name)} offers ${longest} options; Switchboard shows at most ${MAX_FIELD_OPTIONS}.`;
    }
    total += longest;
  }
  if (total > MAX_FORM_OPTIONS_TOTAL) {
    return `The form offers ${total} options across its fields; Switchboard shows at most ${MAX_FORM_OPTIONS_TOTAL}.`;
  }
  return undefined;
}

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
