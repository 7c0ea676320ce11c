import { describe, expect, it } from 'vitest';
import { describeForm } from '../../shared/form-schema/describe';
import { looksLikeSecret, SECRET_CHECK_FORM_CHARS, secretFields, formTextAsksForSecret, withSoleFieldSecret } from '../../shared/form-schema/secrets';
import { fieldOf } from './form-schema-fixture';

describe('secret detection', () => {
  it('flags format password even when the name is innocent', () => {
    // spec E-FORM-12
    expect(fieldOf({ type: 'string', format: 'password' }).looksSecret).toBe(true);
  });

  it.each([
    ['password'],
    ['newPassword'],
    ['passphrase'],
    ['api_key'],
    ['apiKey'],
    ['API-Key'],
    ['apikey'],
    ['OPENAI_API_KEY'],
    ['github_token'],
    ['accessToken'],
    ['client_secret'],
    ['ssh_private_key'],
    ['recoveryCodes'],
    ['cardNumber'],
    ['cvv2'],
    ['passWord'],
    ['pass_word'],
    ['userpassword'],
    ['privKey_pwd'],
    ['mnemonic'],
    ['otp'],
  ])('flags the property name %s as a secret', (name) => {
    // spec E-FORM-12
    expect(looksLikeSecret(name)).toBe(true);
  });

  it.each([['tokenizer_mode'], ['max_tokens'], ['token_count'], ['secretary'], ['keyboard_layout'], ['card_color'], ['passenger']])(
    'does not flag the property name %s, which only contains a secret word inside another word or as a quantity',
    (name) => {
      // spec E-FORM-12
      expect(looksLikeSecret(name)).toBe(false);
    },
  );

  it('flags a field whose title names a secret even when its name does not', () => {
    // spec E-FORM-12
    expect(fieldOf({ type: 'string', title: 'Your personal access token' }).looksSecret).toBe(true);
    expect(fieldOf({ type: 'string', title: 'Credit card number' }).looksSecret).toBe(true);
  });

  it('flags a field whose description says it holds a secret, though its name and title do not', () => {
    // spec E-FORM-12: `value` titled "Value", described "Your GitHub password", was shown unmasked
    // with no warning, and the typed password was readable in the transcript.
    expect(fieldOf({ type: 'string', title: 'Value', description: 'Your GitHub password' }).looksSecret).toBe(true);
    expect(fieldOf({ type: 'string', description: 'Paste the API key from the dashboard' }).looksSecret).toBe(true);
    expect(fieldOf({ type: 'string', description: 'The 6-digit verification code we texted you' }).looksSecret).toBe(true);
    expect(fieldOf({ type: 'string', description: 'Your p@ssw0rd' }).looksSecret).toBe(true);
  });

  it('reads a 2 MiB description for the secret check by its start, as a person does', () => {
    // spec E-FORM-12; a 2 MiB description took 0.9 s of main's thread when read whole (SECRET_CHECK_CHARS).
    const filler = ' and more words'.repeat(140_000);
    expect(fieldOf({ type: 'string', title: 'Value', description: `Your GitHub password${filler}` }).looksSecret).toBe(true);
    expect(fieldOf({ type: 'string', title: 'Value', description: `Your GitHub user name${filler}` }).looksSecret).toBe(false);
  });

  it.each([
    ['Your GitHub user name, not your password'],
    ["Don't paste your password here: the login page asks for it"],
    ['Pin the version of the tool to install'],
    ['How many tokens the reply may use'],
    ['The secret sauce: what the function should do'],
    ['Account name for the deployment'],
  ])('does not flag a field described %j, which names no secret it holds', (description) => {
    // spec E-FORM-12: a warning on a field that asks for no secret would teach users to ignore the warning.
    expect(fieldOf({ type: 'string', title: 'Name', description }).looksSecret).toBe(false);
  });

  it('flags a name or title spelled with lookalike letters of another script, as a person reads it', () => {
    // spec E-FORM-12: "Pаssword" with a Cyrillic "а" (U+0430) was not flagged.
    expect(looksLikeSecret('P\u0430ssword')).toBe(true);
    expect(looksLikeSecret('field_1', 'P\u0430ssword')).toBe(true);
    expect(looksLikeSecret('\u0410PI_KEY')).toBe(true); // Cyrillic capital А
    expect(looksLikeSecret('t\u03BFken')).toBe(true); // Greek ο
    expect(looksLikeSecret('ｐａｓｓｗｏｒｄ')).toBe(true); // fullwidth
    expect(fieldOf({ type: 'string', title: 'Аpi kеy' }).looksSecret).toBe(true);
    // Capitals whose small letters do not look Latin, small capitals, accents.
    expect(looksLikeSecret('API \u041AEY')).toBe(true); // Cyrillic К
    expect(looksLikeSecret('\u0422OKEN')).toBe(true); // Cyrillic Т
    expect(looksLikeSecret('TOKE\u039D')).toBe(true); // Greek Ν
    expect(looksLikeSecret('\u1D18\u1D00ssword')).toBe(true); // small capitals ᴘᴀ
    expect(looksLikeSecret('p\u0251ssword')).toBe(true); // Latin alpha ɑ
    expect(looksLikeSecret('p\u00E1ssword')).toBe(true); // á
    expect(looksLikeSecret('t\u0585ken')).toBe(true); // Armenian օ
    // Folding does not make an ordinary word a secret.
    expect(looksLikeSecret('t\u03BFkenizer_m\u043Ede')).toBe(false);
    expect(looksLikeSecret('Имя пользователя')).toBe(false);
  });

  it('lists only the secret-looking fields', () => {
    // spec E-FORM-12
    const form = describeForm({ type: 'object', properties: { user: { type: 'string' }, password: { type: 'string' } } });
    expect(secretFields(form.fields).map((field) => field.name)).toEqual(['password']);
  });
});

// "p@ssword" and "GitHub PAT" were not flagged. Both sides of the line, one table.
describe('the secret check, widened (spec E-FORM-12)', () => {
  it.each([
    ['p@ssword'], ['P@$$w0rd'], ['passw0rd'], ['pa55word'], ['s3cret'], ['t0ken'], ['p1n'], ['api_k3y'],
    ['GitHub PAT'], ['github_pat'], ['ghPAT'], ['gitlab-pat'], ['Personal access token'], ['API key'], ['api_token'],
    ['Client secret'], ['clientSecret'], ['Passphrase'], ['OTP'], ['One-time code'], ['2FA code'], ['TOTP'],
    ['Bearer'], ['Security code'], ['Verification code'],
  ])('flags %s', (label) => {
    // spec E-FORM-12
    expect(looksLikeSecret(label)).toBe(true);
    expect(looksLikeSecret('field_1', label)).toBe(true);
  });

  it.each([
    ['path'], ['patch'], ['compatible'], ['pattern'], ['spatial'], ['dispatch'], ['output_path'], ['patient_id'],
    ['Pat'], ['Contact: Pat Smith'], ['patrol'], ['Patrick'], ['option'], ['topic'], ['top10'], ['field_1'], ['v2_api'],
    ['Email (you@example.com)'], ['Price in $'], ['pinned'], ['spinner'], ['max_tokens'], ['tokenizer_mode'], ['404 page'],
  ])('does not flag %s', (label) => {
    // spec E-FORM-12: a warning on every form would teach people to ignore it.
    expect(looksLikeSecret(label)).toBe(false);
  });
});

describe('the secret check of a whole form, bounded (spec E-FORM-12)', () => {
  // A hostile form within the size limits (500 fields of 1 300-character lookalike words) took 771 ms of main per
  // request: the check now reads a bounded number of characters per form, and what it could not read is masked.
  const longWords = 'Wordy description of a plain field. '.repeat(120).slice(0, 4000);
  const properties = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`field_${i}`, { type: 'string', title: `Plain field ${i}`, description: longWords }]),
  );
  const fields = describeForm({ type: 'object', properties }).fields;

  it('reads the first fields in full and finds no secret in them', () => {
    // Each field costs its name, title and 4 000 characters of description; the first one fits the budget whole.
    expect(SECRET_CHECK_FORM_CHARS).toBeGreaterThan(4100);
    expect(fields[0]!.looksSecret).toBe(false);
    expect(fields.filter((field) => !field.looksSecret).length).toBe(Math.floor(SECRET_CHECK_FORM_CHARS / (4000 + 'field_0'.length + 'Plain field 0'.length)));
  });

  it('counts every field past the budget as a secret, so what was not read is masked and never kept', () => {
    expect(fields.at(-1)!.looksSecret).toBe(true);
    expect(secretFields(fields).length).toBeGreaterThan(0);
    // The same plain field alone, with the budget whole, is not a secret: only the budget marked it.
    expect(describeForm({ type: 'object', properties: { field_39: properties.field_39 } }).fields[0]!.looksSecret).toBe(false);
  });
});

describe('a form of one field whose message asks for a secret (spec E-FORM-12)', () => {
  const valueField = () => describeForm({ type: 'object', properties: { value: { type: 'string', title: 'Value' } } }).fields;

  it('reads the message as a description is read: unambiguous words, lookalikes, negations, its start only', () => {
    expect(formTextAsksForSecret('Enter your GitHub password')).toBe(true);
    expect(formTextAsksForSecret('Paste the API key from the dashboard')).toBe(true);
    expect(formTextAsksForSecret('Your p@ssw0rd, please')).toBe(true);
    expect(formTextAsksForSecret('Your user name, not your password')).toBe(false);
    expect(formTextAsksForSecret('Pin the version to install')).toBe(false);
    expect(formTextAsksForSecret(`${'Which branch? '.repeat(400)}Your password`)).toBe(false); // past SECRET_CHECK_CHARS
    expect(formTextAsksForSecret(undefined)).toBe(false);
  });

  it('marks only a sole plain text field, and gives the same marked list for the same fields', () => {
    const fields = valueField();
    const marked = withSoleFieldSecret(fields, true);
    expect(marked[0]).toMatchObject({ name: 'value', looksSecret: true });
    expect(fields[0]!.looksSecret).toBe(false);
    expect(withSoleFieldSecret(fields, true)).toBe(marked);
    expect(withSoleFieldSecret(fields, false)).toBe(fields);
    const two = describeForm({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } }).fields;
    expect(withSoleFieldSecret(two, true)).toBe(two);
    const choice = describeForm({ type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'] } } }).fields;
    expect(withSoleFieldSecret(choice, true)).toBe(choice);
  });
});
