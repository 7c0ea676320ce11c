import { describe, expect, it } from 'vitest';
import { findSchemaContradiction } from '../../shared/form-schema/contradictions';
import { describeForm } from '../../shared/form-schema/describe';
import { initialValues } from '../../shared/form-schema/initial-values';
import { looksLikeSecret, SECRET_CHECK_FORM_CHARS, secretFields, formTextAsksForSecret, withSoleFieldSecret } from '../../shared/form-schema/secrets';
import type { FieldSpec } from '../../shared/form-schema/types';

/** Describes a one-property schema and returns its field. */
function fieldOf(property: unknown, required = false): FieldSpec {
  const schema = { type: 'object', properties: { answer: property }, required: required ? ['answer'] : [] };
  return describeForm(schema).fields[0];
}

describe('describeForm', () => {
  it('reads the schema title, description and fields in property order', () => {
    // spec E-FORM-1
    const form = describeForm({
      type: 'object',
      title: 'Deploy',
      description: 'Where to deploy',
      properties: { b: { type: 'string' }, a: { type: 'boolean' } },
    });
    expect(form.title).toBe('Deploy');
    expect(form.description).toBe('Where to deploy');
    expect(form.fields.map((field) => field.name)).toEqual(['b', 'a']);
  });

  it('describes a string field with its constraints, format and default', () => {
    // spec E-FORM-2
    const field = fieldOf(
      { type: 'string', title: 'Branch', description: 'Git branch', minLength: 1, maxLength: 40, pattern: '^[a-z]+$', format: 'email', default: 'main' },
      true,
    );
    expect(field).toEqual({
      name: 'answer',
      label: 'Branch',
      description: 'Git branch',
      required: true,
      kind: 'string',
      minLength: 1,
      maxLength: 40,
      pattern: '^[a-z]+$',
      format: 'email',
      defaultValue: 'main',
      looksSecret: false,
    });
  });

  it('uses the property name as the label when there is no title or the title is blank', () => {
    // spec E-FORM-2
    expect(fieldOf({ type: 'string' }).label).toBe('answer');
    expect(fieldOf({ type: 'string', title: '   ' }).label).toBe('answer');
  });

  it('treats null keywords as absent, as the ACP schema defines', () => {
    // spec E-FORM-2
    const field = fieldOf({ type: 'string', title: null, minLength: null, enum: null, oneOf: null, default: null });
    expect(field.kind).toBe('string');
    expect(field.label).toBe('answer');
    expect(field).not.toHaveProperty('minLength');
    expect(field).not.toHaveProperty('defaultValue');
  });

  it('describes an untitled enum as a single-select whose titles are the values', () => {
    // spec E-FORM-2
    const field = fieldOf({ type: 'string', enum: ['dev', 'prod'] });
    expect(field.kind).toBe('single-select');
    expect(field.options).toEqual([
      { value: 'dev', title: 'dev' },
      { value: 'prod', title: 'prod' },
    ]);
  });

  it('describes a titled oneOf as a single-select keeping value, title and description apart', () => {
    // spec E-FORM-2, E-FORM-7
    const field = fieldOf({
      type: 'string',
      oneOf: [
        { const: 'eu-1', title: 'Europe', description: 'Frankfurt' },
        { const: 'us-1', title: 'United States' },
      ],
    });
    expect(field.kind).toBe('single-select');
    expect(field.options).toEqual([
      { value: 'eu-1', title: 'Europe', description: 'Frankfurt' },
      { value: 'us-1', title: 'United States' },
    ]);
  });

  it('marks a single-select with an empty or malformed list of choices as unsupported', () => {
    // spec E-FORM-9
    expect(fieldOf({ type: 'string', enum: [] }).kind).toBe('unsupported');
    expect(fieldOf({ type: 'string', enum: ['a', 2] }).kind).toBe('unsupported');
    expect(fieldOf({ type: 'string', oneOf: [{ title: 'no const' }] }).kind).toBe('unsupported');
  });

  it('describes number and integer fields with inclusive bounds and defaults', () => {
    // spec E-FORM-2
    expect(fieldOf({ type: 'number', minimum: 0.5, maximum: 9.5, default: 1.5 })).toMatchObject({
      kind: 'number',
      minimum: 0.5,
      maximum: 9.5,
      defaultValue: 1.5,
    });
    expect(fieldOf({ type: 'integer', minimum: 1, maximum: 10, default: 3 })).toMatchObject({
      kind: 'integer',
      minimum: 1,
      maximum: 10,
      defaultValue: 3,
    });
  });

  it('describes a boolean field with its default', () => {
    // spec E-FORM-2
    expect(fieldOf({ type: 'boolean', default: true })).toMatchObject({ kind: 'boolean', defaultValue: true });
  });

  it('describes a multi-select with untitled enum items and its item bounds', () => {
    // spec E-FORM-2
    const field = fieldOf({ type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, minItems: 1, maxItems: 2, default: ['y'] });
    expect(field).toMatchObject({ kind: 'multi-select', minItems: 1, maxItems: 2, defaultValue: ['y'] });
    expect(field.options?.map((option) => option.value)).toEqual(['x', 'y', 'z']);
  });

  it('describes a multi-select with titled anyOf items', () => {
    // spec E-FORM-2
    const field = fieldOf({
      type: 'array',
      items: { anyOf: [{ const: 'r', title: 'Read' }, { const: 'w', title: 'Write' }] },
    });
    expect(field.kind).toBe('multi-select');
    expect(field.options).toEqual([
      { value: 'r', title: 'Read' },
      { value: 'w', title: 'Write' },
    ]);
  });

  it('keeps falsy defaults: 0, empty string, false and an empty list', () => {
    // spec E-FORM-3
    expect(fieldOf({ type: 'integer', default: 0 }).defaultValue).toBe(0);
    expect(fieldOf({ type: 'string', default: '' }).defaultValue).toBe('');
    expect(fieldOf({ type: 'boolean', default: false }).defaultValue).toBe(false);
    expect(fieldOf({ type: 'array', items: { type: 'string', enum: ['a'] }, default: [] }).defaultValue).toEqual([]);
  });

  it('drops a select default that is not among the options', () => {
    // spec E-FORM-3
    expect(fieldOf({ type: 'string', enum: ['a', 'b'], default: 'c' })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'A' })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a', 'z'] })).not.toHaveProperty('defaultValue');
  });

  it('drops defaults of the wrong type, including a fractional default for an integer', () => {
    // spec E-FORM-3
    expect(fieldOf({ type: 'integer', default: 2.5 })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'number', default: '3' })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'boolean', default: 'true' })).not.toHaveProperty('defaultValue');
    expect(fieldOf({ type: 'string', default: 7 })).not.toHaveProperty('defaultValue');
  });

  it('shows a nested object as an unsupported field with a reason', () => {
    // spec E-FORM-9
    const field = fieldOf({ type: 'object', properties: { inner: { type: 'string' } } }, true);
    expect(field.kind).toBe('unsupported');
    expect(field.required).toBe(true);
    expect(field.unsupportedReason).toMatch(/nested objects/i);
  });

  it('shows an unknown property type as an unsupported field naming the type', () => {
    // spec E-FORM-9
    const field = fieldOf({ type: '_x.color', title: 'Colour' });
    expect(field.kind).toBe('unsupported');
    expect(field.label).toBe('Colour');
    expect(field.unsupportedReason).toContain('"_x.color"');
  });

  it('shows a property without a single type as unsupported', () => {
    // spec E-FORM-9
    expect(fieldOf({ type: ['string', 'null'] }).kind).toBe('unsupported');
    expect(fieldOf({ title: 'No type' }).kind).toBe('unsupported');
  });

  it('shows a multi-select with an unknown items kind as unsupported', () => {
    // spec E-FORM-9
    expect(fieldOf({ type: 'array', items: { type: 'number', enum: [1, 2] } }).kind).toBe('unsupported');
    expect(fieldOf({ type: 'array', items: { type: 'string' } }).kind).toBe('unsupported');
    expect(fieldOf({ type: 'array' }).kind).toBe('unsupported');
  });

  it('keeps an unknown string format as given so the field is still shown', () => {
    // spec E-FORM-11
    const field = fieldOf({ type: 'string', format: 'hostname' });
    expect(field.kind).toBe('string');
    expect(field.format).toBe('hostname');
  });

  it('marks only the properties listed in required as required', () => {
    // spec E-FORM-1
    const form = describeForm({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['b'] });
    expect(form.fields.map((field) => field.required)).toEqual([false, true]);
  });

  it('returns no fields for a schema that is not an object', () => {
    // spec E-FORM-1
    expect(describeForm('nope')).toEqual({ fields: [] });
    expect(describeForm({ type: 'object', properties: [] })).toEqual({ fields: [] });
  });

  it('keeps a property named __proto__ as an ordinary field', () => {
    // spec E-FORM-1
    const form = describeForm(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"x"}}}'));
    expect(form.fields[0]).toMatchObject({ name: '__proto__', kind: 'string' });
    const values = initialValues(form.fields);
    expect(Object.keys(values)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });
});

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

describe('findSchemaContradiction', () => {
  it('accepts a well-formed schema', () => {
    // spec E-FORM-1
    expect(
      findSchemaContradiction({
        type: 'object',
        properties: { n: { type: 'integer', minimum: 1, maximum: 1 }, s: { type: 'string', minLength: 2, maxLength: 2 } },
        required: ['n'],
      }),
    ).toBeUndefined();
  });

  it('accepts a schema without type or properties, which the ACP schema defaults', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction({})).toBeUndefined();
  });

  it('rejects a schema that is not an object', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction(null)).toMatch(/must be a JSON object/);
    expect(findSchemaContradiction([])).toMatch(/must be a JSON object/);
  });

  it('rejects a schema whose type is not object', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction({ type: 'array', properties: {} })).toMatch(/"type" must be "object"/);
  });

  it('rejects properties that are not an object', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction({ type: 'object', properties: ['a'] })).toMatch(/"properties" must be an object/);
  });

  it('rejects a property that is not an object, naming it', () => {
    // spec E-FORM-1
    expect(findSchemaContradiction({ type: 'object', properties: { age: 'number' } })).toBe('Property "age" must be a schema object.');
  });

  it('rejects a required name missing from properties, naming it', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'ghost'] })).toBe(
      'Property "ghost" is listed in "required" but not defined in "properties".',
    );
  });

  it('does not let an inherited name like toString satisfy required', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: {}, required: ['toString'] })).toMatch(/"toString"/);
  });

  it('rejects required that is not a list of names', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: {}, required: 'a' })).toMatch(/"required" must be a list/);
  });

  it('rejects minimum greater than maximum, naming the property', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: { port: { type: 'integer', minimum: 10, maximum: 5 } } })).toBe(
      'Property "port" has minimum 10 greater than maximum 5.',
    );
  });

  it('rejects minLength greater than maxLength, naming the property', () => {
    // spec E-FORM-10
    expect(findSchemaContradiction({ type: 'object', properties: { code: { type: 'string', minLength: 4, maxLength: 3 } } })).toBe(
      'Property "code" has minLength 4 greater than maxLength 3.',
    );
  });

  it('rejects minItems greater than maxItems, naming the property', () => {
    // spec E-FORM-10
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string', enum: ['a'] }, minItems: 2, maxItems: 1 } } };
    expect(findSchemaContradiction(schema)).toBe('Property "tags" has minItems 2 greater than maxItems 1.');
  });

  it('does not treat unknown types, unknown items or unknown formats as contradictions', () => {
    // spec E-FORM-9, E-FORM-11
    const schema = {
      type: 'object',
      properties: {
        colour: { type: '_x.color' },
        nested: { type: 'object', properties: {} },
        list: { type: 'array', items: { type: 'number' } },
        host: { type: 'string', format: 'hostname' },
      },
      required: ['colour', 'host'],
    };
    expect(findSchemaContradiction(schema)).toBeUndefined();
  });
});

describe('initialValues', () => {
  it('starts every kind of field from its default', () => {
    // spec E-FORM-3
    const form = describeForm({
      type: 'object',
      properties: {
        s: { type: 'string', default: 'hi' },
        one: { type: 'string', enum: ['a', 'b'], default: 'b' },
        n: { type: 'number', default: 2.5 },
        i: { type: 'integer', default: 0 },
        yes: { type: 'boolean', default: true },
        many: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, default: ['x'] },
      },
    });
    expect(initialValues(form.fields)).toEqual({ s: 'hi', one: 'b', n: '2.5', i: '0', yes: true, many: ['x'] });
  });

  it('starts fields without defaults empty, unchecked or unselected and gives unsupported fields no value', () => {
    // spec E-FORM-3, E-FORM-9
    const form = describeForm({
      type: 'object',
      properties: {
        s: { type: 'string' },
        pick: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
        n: { type: 'integer' },
        yes: { type: 'boolean' },
        many: { type: 'array', items: { type: 'string', enum: ['x'] } },
        odd: { type: '_x.color' },
      },
      required: ['pick'],
    });
    expect(initialValues(form.fields)).toEqual({ s: '', pick: '', n: '', yes: false, many: [] });
  });

  it('gives each call its own multi-select list so editing one draft does not touch another', () => {
    // spec E-FORM-3
    const fields = describeForm({ type: 'object', properties: { m: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, default: ['x'] } } }).fields;
    const first = initialValues(fields);
    (first.m as string[]).push('y');
    expect(initialValues(fields).m).toEqual(['x']);
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
