// Table cases of analyzeUrl about how an address is written: userinfo, international hosts, ports and length,
// invisible characters, and text that is not a URL.
import { MAX_HOST_CHARS, MAX_HOST_LABEL_CHARS, MAX_URL_CHARS, LONG_URL_LENGTH } from '../../shared/url-analysis';
import { HOST_20, type Case } from './url-analysis-fixture';

/** Cases about the way an address is spelled (spec E-URL-3, E-URL-4). */
export const URL_TEXT_CASES: Case[] = [
  // --- userinfo ---
  {
    // spec E-URL-4
    name: 'warns about user:pass@ and reports the real host after the last @',
    url: 'https://user:pass@evil.com@good.com',
    expect: {
      findings: { userinfo: 'warning' },
      openable: true,
      fields: { normalized: 'https://user:pass%40evil.com@good.com/', hostAscii: 'good.com', registrableDomain: 'good.com' },
    },
  },
  {
    // spec E-URL-4
    name: 'warns about a trusted-looking name used as userinfo',
    url: 'https://good.com@evil.com/',
    expect: { findings: { userinfo: 'warning' }, openable: true, fields: { hostAscii: 'evil.com', registrableDomain: 'evil.com' } },
  },

  {
    // spec E-URL-4: a backslash before "@" got no warning
    name: 'warns about a backslash before "@", which reads as userinfo but ends the host',
    url: 'https://evil.com\\@good.com/login',
    expect: { findings: { userinfo: 'warning' }, openable: true, fields: { hostAscii: 'evil.com', registrableDomain: 'evil.com' } },
  },
  {
    // spec E-URL-4
    name: 'does not warn about a backslash that comes after the host, or an "@" in the path',
    url: 'https://example.com/a\\b@c',
    expect: { findings: {}, openable: true, fields: { hostAscii: 'example.com' } },
  },

  // --- internationalized hosts ---
  {
    // spec E-URL-4
    name: 'shows a punycode host in both forms and flags its all-Cyrillic look-alike label',
    url: 'https://xn--80ak6aa92e.com/',
    expect: {
      findings: { punycode: 'warning', confusable: 'warning' },
      openable: true,
      fields: { hostAscii: 'xn--80ak6aa92e.com', hostUnicode: 'аррӏе.com', registrableDomain: 'xn--80ak6aa92e.com', registrableDomainUnicode: 'аррӏе.com' },
    },
  },
  {
    // spec E-URL-4
    name: 'converts a raw Unicode host to punycode and flags a Cyrillic а among Latin letters',
    url: 'https://аpple.com',
    expect: {
      findings: { punycode: 'warning', 'mixed-script': 'warning' },
      openable: true,
      fields: { normalized: 'https://xn--pple-43d.com/', hostAscii: 'xn--pple-43d.com', hostUnicode: 'аpple.com' },
    },
  },
  {
    // spec E-URL-4
    name: 'flags a label mixing Cyrillic and Latin letters in a subdomain-bearing host',
    url: 'https://accounts.exаmple.co.uk/',
    expect: {
      findings: { punycode: 'warning', 'mixed-script': 'warning' },
      openable: true,
      fields: { registrableDomain: 'xn--exmple-4nf.co.uk', registrableDomainUnicode: 'exаmple.co.uk', subdomain: 'accounts.' },
    },
  },
  {
    // spec E-URL-4
    name: 'flags an all-Greek label made of Latin look-alikes',
    url: 'https://οκ.com/',
    expect: { findings: { punycode: 'warning', confusable: 'warning' }, openable: true, fields: { hostUnicode: 'οκ.com' } },
  },
  {
    // spec E-URL-4
    name: 'does not call a Cyrillic name confusable when it has real Cyrillic letters',
    url: 'https://пример.рф/',
    expect: { findings: { punycode: 'warning' }, openable: true, fields: { hostAscii: 'xn--e1afmkfd.xn--p1ai', hostUnicode: 'пример.рф' } },
  },
  {
    // spec E-URL-4
    name: 'does not call a look-alike Cyrillic name confusable under a Cyrillic top-level domain',
    url: 'https://сор.рф/',
    expect: { findings: { punycode: 'warning' }, openable: true },
  },
  {
    // spec E-URL-4
    name: 'accepts Han and Hiragana together in one Japanese label',
    url: 'https://例え.jp/',
    expect: { findings: { punycode: 'warning' }, openable: true, fields: { hostUnicode: '例え.jp' } },
  },
  {
    // spec E-URL-4
    name: 'accepts Latin with Han in one label',
    url: 'https://abc漢字.jp/',
    expect: { findings: { punycode: 'warning' }, openable: true },
  },
  {
    // spec E-URL-4
    name: 'warns only about punycode for an accented Latin name',
    url: 'https://münchen.de/',
    expect: { findings: { punycode: 'warning' }, openable: true, fields: { hostAscii: 'xn--mnchen-3ya.de', hostUnicode: 'münchen.de' } },
  },
  {
    // spec E-URL-4
    name: 'refuses invalid punycode as unparseable',
    url: 'https://xn--zz.com/',
    expect: { findings: { unparseable: 'blocked' }, openable: false, fields: { normalized: undefined } },
  },

  // --- ports and length ---
  {
    // spec E-URL-4
    name: 'warns about a non-default port on a public host',
    url: 'https://example.com:8443/',
    expect: { findings: { 'non-default-port': 'warning' }, openable: true, fields: { port: '8443', normalized: 'https://example.com:8443/' } },
  },
  {
    // spec E-URL-4
    name: 'warns about a 3000-character URL',
    url: HOST_20 + 'a'.repeat(2980),
    expect: { findings: { 'long-url': 'warning' }, openable: true, fields: { pathLength: 2981 } },
  },
  {
    // spec E-URL-4
    name: 'does not warn about a URL of exactly the length limit',
    url: HOST_20 + 'a'.repeat(LONG_URL_LENGTH - HOST_20.length),
    expect: { findings: {}, openable: true },
  },
  {
    // spec E-URL-4
    name: 'warns about a URL one character over the length limit',
    url: HOST_20 + '?' + 'q'.repeat(LONG_URL_LENGTH - HOST_20.length),
    expect: { findings: { 'long-url': 'warning' }, openable: true, fields: { queryLength: LONG_URL_LENGTH - HOST_20.length } },
  },

  {
    // spec E-URL-4; every input is bounded: refused before it is parsed
    name: 'refuses a URL one character over the bound Switchboard takes',
    url: HOST_20 + 'a'.repeat(MAX_URL_CHARS - HOST_20.length + 1),
    expect: { findings: { 'long-url': 'blocked' }, openable: false, fields: { normalized: undefined, hostAscii: undefined } },
  },
  {
    // spec E-URL-4
    name: 'still opens, with a warning, a URL of exactly the bound',
    url: HOST_20 + 'a'.repeat(MAX_URL_CHARS - HOST_20.length),
    expect: { findings: { 'long-url': 'warning' }, openable: true },
  },
  {
    // RFC 1035 §2.3.4: no DNS name is longer, so no site could be reached
    name: 'refuses a host longer than any DNS name',
    url: `https://${Array(64).fill('abc').join('.')}.com/`,
    expect: { findings: { 'impossible-host': 'blocked' }, openable: false, fields: { registrableDomain: undefined } },
  },
  {
    // RFC 1035 §2.3.4
    name: 'opens a host of exactly the DNS length and label bounds',
    url: `https://${Array(3).fill('a'.repeat(MAX_HOST_LABEL_CHARS)).join('.')}.${'b'.repeat(MAX_HOST_CHARS - 3 * (MAX_HOST_LABEL_CHARS + 1) - 4)}.com/`,
    expect: { findings: {}, openable: true },
  },
  {
    // RFC 1035 §2.3.4
    name: 'refuses a host with a label longer than DNS allows',
    url: `https://${'a'.repeat(MAX_HOST_LABEL_CHARS + 1)}.example.com/`,
    expect: { findings: { 'impossible-host': 'blocked' }, openable: false },
  },

  // --- whitespace, control and invisible characters ---
  {
    // spec E-URL-4
    name: 'trims surrounding spaces with a warning and still opens the URL',
    url: '  https://example.com  ',
    expect: { findings: { 'whitespace-or-control': 'warning' }, openable: true, fields: { original: '  https://example.com  ', normalized: 'https://example.com/' } },
  },
  {
    // spec E-URL-4
    name: 'trims a trailing newline with a warning',
    url: 'https://example.com/cb\n',
    expect: { findings: { 'whitespace-or-control': 'warning' }, openable: true, fields: { normalized: 'https://example.com/cb' } },
  },
  {
    // spec E-URL-4
    name: 'refuses a newline inside the host, which browsers would silently remove',
    url: 'https://exa\nmple.com',
    expect: { findings: { 'whitespace-or-control': 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses a tab inside the path',
    url: 'https://example.com/a\tb',
    expect: { findings: { 'whitespace-or-control': 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses a NUL character',
    url: 'https://example.com/\u0000',
    expect: { findings: { 'whitespace-or-control': 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses a right-to-left override that disguises the path',
    url: 'https://example.com/\u202Egnp.exe',
    expect: { findings: { 'whitespace-or-control': 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses a zero-width space inside the host',
    url: 'https://exa\u200Bmple.com/',
    expect: { findings: { 'whitespace-or-control': 'blocked' }, openable: false },
  },

  // --- not a URL at all ---
  {
    // spec E-URL-4
    name: 'refuses an empty string',
    url: '',
    expect: { findings: { unparseable: 'blocked' }, openable: false, fields: { normalized: undefined, scheme: undefined, pathLength: 0, queryLength: 0 } },
  },
  {
    // spec E-URL-4
    name: 'refuses a string of spaces, noting the trimmed whitespace too',
    url: '   ',
    expect: { findings: { unparseable: 'blocked', 'whitespace-or-control': 'warning' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses text that is not a URL',
    url: 'not a url',
    expect: { findings: { unparseable: 'blocked' }, openable: false, fields: { normalized: undefined, hostAscii: undefined } },
  },
  {
    // spec E-URL-4
    name: 'refuses an https URL with no host',
    url: 'https://',
    expect: { findings: { unparseable: 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses a scheme-relative URL, which has no scheme to check',
    url: '//example.com/',
    expect: { findings: { unparseable: 'blocked' }, openable: false },
  },
];
