import { describe, expect, it } from 'vitest';
import { analyzeUrl } from '../../shared/url-analysis';
import { FOLD_CHARS, FOLD_LINES, isLongMessage, messageExcerpt, messagePreview, messageSize, utf8Length } from '../../renderer/src/elicitation/model/message-fold';
import { cautionsToOpenYourself, describeUrl, isLookalikeHost, lookalikeReason } from '../../electron/core/elicitation/url-descriptions';
import { urlSegments } from '../../renderer/src/elicitation/model/url-display';
import { optionLook, primaryOption } from '../../renderer/src/elicitation/model/permission-choices';
import { MAX_TARGET_COMMAND_CHARS, MAX_TARGET_PATHS, permissionTargets } from '../../electron/core/acp/permission-targets';

// The pure parts of a request card: how a message folds, which hosts count as
// lookalikes, which permission option is the default, and what a permission's tool call acts on.

const lines = (n: number) => Array.from({ length: n }, (_unused, i) => `line ${i + 1}`).join('\n');

describe('a long message folds', () => {
  it('keeps a short message whole', () => {
    expect(messagePreview('Please fill in the form.')).toBe('Please fill in the form.');
    expect(isLongMessage(lines(FOLD_LINES))).toBe(false);
  });

  it('shows the first 20 lines of a longer one', () => {
    expect(messagePreview(lines(FOLD_LINES + 1))).toBe(lines(FOLD_LINES));
    expect(isLongMessage(lines(FOLD_LINES + 1))).toBe(true);
  });

  it('draws a bounded prefix of a 500 KB single-line message', () => {
    const huge = 'x'.repeat(500 * 1024);
    expect(messagePreview(huge)).toHaveLength(FOLD_CHARS);
  });

  it('names the size in lines, and in KB once it is large', () => {
    expect(messageSize(lines(64))).toBe('64 lines');
    expect(messageSize(`${'y'.repeat(20 * 1024)}\nend`)).toBe('2 lines, 20 KB');
  });

  it('counts KB as the UTF-8 bytes the agent sent, without encoding the message', () => {
    // The last one puts a surrogate pair across the 16 K step.
    for (const text of ['plain', 'é日本😀', '\uD800 lone \uDC00', `${'é'.repeat(6000)}\n${'😀'.repeat(3000)}`, `${'a'.repeat(16 * 1024 - 1)}😀${'b'.repeat(40_000)}`]) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
    expect(messageSize(`${'é'.repeat(10 * 1024)}`)).toBe('1 line, 20 KB');
    expect(messageSize(`${'é'.repeat(10 * 1024)}`)).toBe('1 line, 20 KB'); // the kept answer, for a second mount
    expect(messageSize('short\nmessage')).toBe('2 lines');
  });

  it('refers to a long message by its opening words only', () => {
    expect(messageExcerpt(`${'word '.repeat(100)}\nmore`)).toMatch(/^(word ){23}word…$/);
    expect(messageExcerpt(`Short first line\n${lines(40)}`)).toBe('Short first line…');
  });
});

describe('lookalike hosts', () => {
  it('treats an internationalized (punycode) host as a lookalike', () => {
    // spec E-URL-4
    expect(isLookalikeHost(analyzeUrl('https://xn--pple-43d.com/login'))).toBe(true);
    expect(isLookalikeHost(analyzeUrl('https://user:pw@example.com/'))).toBe(true);
  });

  it('does not treat an ordinary host, or a refused address, as one', () => {
    expect(isLookalikeHost(analyzeUrl('https://accounts.example.com/login'))).toBe(false);
    expect(isLookalikeHost(analyzeUrl('javascript:alert(1)'))).toBe(false);
  });
});

// spec E-URL-4: the warnings come from one assessment, wherever the address is shown.
describe('why a lookalike address asks once more, and what the recorded-only card still warns of', () => {
  it('blames user:pass@ for a userinfo address, never the real host\'s name', () => {
    const reason = lookalikeReason(analyzeUrl('https://user:pass@example.com/'));
    expect(reason).toContain('“@”');
    expect(reason).not.toMatch(/imitates/);
  });

  it('blames the name for an internationalized or look-alike host', () => {
    expect(lookalikeReason(analyzeUrl('https://xn--pple-43d.com/login'))).toBe('Its name imitates another site’s');
  });

  it('keeps the userinfo warning for an address the user must open themselves, and drops plain notes', () => {
    expect(cautionsToOpenYourself(analyzeUrl('https://user:pass@example.com/')).map((f) => f.code)).toEqual(['userinfo']);
    expect(cautionsToOpenYourself(analyzeUrl('http://127.0.0.1:8080/cb'))).toEqual([]);
  });

  // Architecture rule 10: main describes the address once; the card draws exactly this.
  it('describes an address for the card with its host parts, findings, cautions and the reason Open asks again', () => {
    const analysis = analyzeUrl('https://user:pass@accounts.example.com/');
    const described = describeUrl(analysis);
    expect(described).toMatchObject({ openable: true, host: { ascii: { prefix: 'accounts.', domain: 'example.com' } }, lookalike: lookalikeReason(analysis) });
    expect(described.host?.unicode).toBeUndefined();
    expect(described.cautions.map((f) => f.code)).toEqual(['userinfo']);
    expect(describeUrl(analyzeUrl('https://accounts.example.com/login')).lookalike).toBeUndefined();
  });
});

describe('a URL as drawn', () => {
  it('draws every character the rest of the app reveals as its code point, in the path and the fragment', () => {
    // spec E-URL-4: Hangul fillers, variation selectors and U+034F drew as nothing in the Address box.
    const segments = urlSegments('https://example.com/a\u3164b\uFE0Fc\u034Fd#e\u180Bf');
    expect(segments.filter((s) => s.kind === 'hidden').map((s) => (s.kind === 'hidden' ? s.codePoint : ''))).toEqual(['U+3164', 'U+FE0F', 'U+034F', 'U+180B']);
    expect(urlSegments('https://example.com/plain')).toEqual([{ kind: 'text', text: 'https://example.com/plain' }]);
  });
});

describe('the default answer to a permission', () => {
  const options = [
    { optionId: 'a1', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'a2', name: 'Always allow', kind: 'allow_always' },
    { optionId: 'r1', name: 'Reject', kind: 'reject_once' },
  ];

  it('is "allow once" for an ordinary tool call', () => {
    expect(primaryOption(options, false)?.optionId).toBe('a1');
  });

  it('is a reject option, never an allow one, for delete, move or execute', () => {
    expect(primaryOption(options, true)?.optionId).toBe('r1');
    expect(primaryOption(options.slice(0, 2), true)).toBeUndefined();
  });
});

describe('how a permission option looks, by its ACP kind', () => {
  const [allowOnce, allowAlways, reject] = [
    { optionId: 'a1', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'a2', name: 'Always allow', kind: 'allow_always' },
    { optionId: 'r1', name: 'Reject', kind: 'reject_once' },
  ];
  const rejectAlways = { optionId: 'r2', name: 'Never', kind: 'reject_always' };

  it('draws a reject option as an ordinary secondary button, default or not, risky or not', () => {
    for (const risky of [false, true]) {
      for (const isDefault of [false, true]) {
        expect(optionLook(reject, risky, isDefault)).toBe('neutral');
        expect(optionLook(rejectAlways, risky, isDefault)).toBe('neutral');
      }
    }
  });

  it('marks the allow options of a delete, move or execute as the destructive choice', () => {
    expect(optionLook(allowOnce, true, false)).toBe('danger');
    expect(optionLook(allowAlways, true, false)).toBe('danger');
  });

  it('draws an ordinary tool call’s default "allow once" as primary and the other allows as neutral', () => {
    expect(optionLook(allowOnce, false, true)).toBe('primary');
    expect(optionLook(allowAlways, false, false)).toBe('neutral');
  });
});

describe('what a permission acts on', () => {
  it('reads the kind, the locations and the paths and command in rawInput, without duplicates', () => {
    expect(
      permissionTargets({
        kind: 'move',
        locations: [{ path: '/a' }, { nope: 1 }],
        rawInput: { source: '/a', destination: '/b', command: 'mv /a /b', token: 'secret' },
      }),
    ).toEqual({ toolKind: 'move', paths: ['/a', '/b'], command: 'mv /a /b' });
  });

  it('joins an argv command and skips one that is not all strings', () => {
    expect(permissionTargets({ rawInput: { command: ['rm', '-rf', 'x'] } }).command).toBe('rm -rf x');
    expect(permissionTargets({ rawInput: { command: ['rm', 42] } }).command).toBeUndefined();
  });

  it('bounds what an agent sends', () => {
    const many = Array.from({ length: 500 }, (_unused, i) => ({ path: `/p/${i}` }));
    const targets = permissionTargets({ locations: many, rawInput: { command: 'x'.repeat(100_000) } });
    expect(targets.paths).toHaveLength(MAX_TARGET_PATHS);
    expect(targets.command).toHaveLength(MAX_TARGET_COMMAND_CHARS);
  });

  it('returns nothing for a missing or malformed tool call', () => {
    expect(permissionTargets(undefined)).toEqual({ paths: [] });
    expect(permissionTargets({ kind: 7, locations: 'x', rawInput: [] })).toEqual({ paths: [] });
  });
});
