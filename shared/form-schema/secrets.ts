/**
 * Whether a form field asks for a secret (spec E-FORM-12): its format, or the words of its name, title and
 * description read as a person reads them (lookalike letters folded, invisible characters removed), within a
 * reading budget per form. A secret-looking field is masked on screen and never kept with its value.
 */
import { foldLookalikes } from '../confusables';
import { withoutInvisible } from '../visible-text';
import type { FieldSpec } from './types';

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
export class SecretCheck {
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
 * a loop stalled main for 0.5–2 s at a time. Fields past it count as secrets
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
 * whose message can say what that field holds ("Enter your GitHub password" over a field `value` titled
 * "Value"). With two fields or more the message does not say which one it means, and a select,
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
