import { describe, expect, it } from 'vitest';
import { findingsToShow, isLookalikeHost } from '../../electron/core/elicitation/url-descriptions';
import { analyzeUrl, LONG_URL_LENGTH, MAX_HOST_CHARS, MAX_HOST_LABEL_CHARS, MAX_URL_CHARS, type FindingSeverity, type UrlAnalysis, type UrlFinding } from '../../shared/url-analysis';

type Code = UrlFinding['code'];
type Fields = Partial<Omit<UrlAnalysis, 'findings' | 'openable'>>;

interface Case {
  /** Reads as a sentence about behaviour. */
  name: string;
  url: string;
  expect: {
    /** Every finding, by code, with its severity: exactly these and no others. */
    findings: Partial<Record<Code, FindingSeverity>>;
    openable: boolean;
    /** Fields checked for equality; a field given as `undefined` must be absent. */
    fields?: Fields;
  };
}

const HOST_20 = 'https://example.com/'; // 20 characters

const cases: Case[] = [
  // --- plain https: full URL, host, registrable domain ---
  {
    // spec E-URL-3
    name: 'opens a plain https URL with no findings and splits its host',
    url: 'https://example.com/',
    expect: {
      findings: {},
      openable: true,
      fields: {
        normalized: 'https://example.com/',
        scheme: 'https:',
        hostAscii: 'example.com',
        hostUnicode: 'example.com',
        registrableDomain: 'example.com',
        registrableDomainUnicode: 'example.com',
        subdomain: '',
        port: undefined,
      },
    },
  },
  {
    // spec E-URL-3
    name: 'separates the subdomain accounts. from the registrable domain',
    url: 'https://accounts.example.com/login',
    expect: {
      findings: {},
      openable: true,
      fields: { hostAscii: 'accounts.example.com', registrableDomain: 'example.com', subdomain: 'accounts.', pathLength: 6 },
    },
  },
  {
    // spec E-URL-3
    name: 'keeps every label before the registrable domain in the subdomain',
    url: 'https://a.b.accounts.example.com/',
    expect: { findings: {}, openable: true, fields: { registrableDomain: 'example.com', subdomain: 'a.b.accounts.' } },
  },
  {
    // spec E-URL-3
    name: 'treats attacker.github.io as its own registrable domain (private suffix)',
    url: 'https://attacker.github.io/',
    expect: { findings: {}, openable: true, fields: { registrableDomain: 'attacker.github.io', subdomain: '' } },
  },
  {
    // spec E-URL-3
    name: 'puts login. in the subdomain of a github.io site',
    url: 'https://login.attacker.github.io/',
    expect: { findings: {}, openable: true, fields: { registrableDomain: 'attacker.github.io', subdomain: 'login.' } },
  },
  {
    // spec E-URL-3
    name: 'honours a multi-part public suffix such as co.uk',
    url: 'https://shop.x.co.uk/',
    expect: { findings: {}, openable: true, fields: { registrableDomain: 'x.co.uk', subdomain: 'shop.' } },
  },
  {
    // spec E-URL-3
    name: 'leaves the registrable domain empty for a bare public suffix',
    url: 'https://co.uk/',
    expect: { findings: {}, openable: true, fields: { hostAscii: 'co.uk', registrableDomain: undefined, subdomain: undefined } },
  },
  {
    // spec E-URL-3
    name: 'lower-cases an upper-case scheme and host in the normalized form',
    url: 'HTTPS://EXAMPLE.COM',
    expect: { findings: {}, openable: true, fields: { normalized: 'https://example.com/', scheme: 'https:', hostAscii: 'example.com' } },
  },
  {
    // spec E-URL-3
    name: 'keeps the trailing dot of the host but not in the registrable domain',
    url: 'https://example.com./',
    expect: {
      findings: {},
      openable: true,
      fields: { normalized: 'https://example.com./', hostAscii: 'example.com.', registrableDomain: 'example.com', subdomain: '' },
    },
  },
  {
    // spec E-URL-3
    name: 'counts the path and the query (without its ?) and ignores the fragment',
    url: 'https://example.com/a/b?x=1&y=2#frag',
    expect: { findings: {}, openable: true, fields: { pathLength: 4, queryLength: 7 } },
  },
  {
    // spec E-URL-3
    name: 'counts the root path as one character and an empty query as zero',
    url: 'https://example.com?',
    expect: { findings: {}, openable: true, fields: { normalized: 'https://example.com/?', pathLength: 1, queryLength: 0 } },
  },
  {
    // spec E-URL-3
    name: 'drops the default https port from the normalized form without a finding',
    url: 'https://example.com:443/',
    expect: { findings: {}, openable: true, fields: { normalized: 'https://example.com/', port: undefined } },
  },

  // --- refused schemes ---
  {
    // spec E-URL-4
    name: 'refuses a javascript: URL',
    url: 'javascript:alert(1)',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false, fields: { scheme: 'javascript:', hostAscii: undefined } },
  },
  {
    // spec E-URL-4
    name: 'refuses a javascript: URL written in mixed case',
    url: 'JaVaScRiPt:alert(document.cookie)',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false, fields: { scheme: 'javascript:' } },
  },
  {
    // spec E-URL-4
    name: 'refuses a data: URL carrying a page',
    url: 'data:text/html,<script>alert(1)</script>',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false, fields: { scheme: 'data:' } },
  },
  {
    // spec E-URL-4
    name: 'refuses a file: URL',
    url: 'file:///etc/passwd',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false, fields: { scheme: 'file:', pathLength: 11 } },
  },
  {
    // spec E-URL-4
    name: 'refuses a blob: URL even when it wraps an https origin',
    url: 'blob:https://x/uuid',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false, fields: { scheme: 'blob:' } },
  },
  {
    // spec E-URL-4
    name: 'refuses about:blank',
    url: 'about:blank',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false, fields: { scheme: 'about:' } },
  },
  {
    // spec E-URL-4
    name: 'refuses a custom app scheme such as vscode:',
    url: 'vscode://x',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false, fields: { scheme: 'vscode:', registrableDomain: undefined } },
  },
  {
    // spec E-URL-4
    name: 'refuses a custom scheme even with an https-looking body',
    url: 'myapp://https://example.com/callback?code=1',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses ftp:',
    url: 'ftp://example.com/file.txt',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses a browser-internal chrome: URL',
    url: 'chrome://settings',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses wss: (only https and loopback http are allowed)',
    url: 'wss://example.com/socket',
    expect: { findings: { 'blocked-scheme': 'blocked' }, openable: false },
  },

  // --- http: only to loopback ---
  {
    // spec E-URL-4
    name: 'refuses http: to a public host',
    url: 'http://example.com',
    expect: { findings: { 'insecure-http': 'blocked' }, openable: false, fields: { normalized: 'http://example.com/', scheme: 'http:' } },
  },
  {
    // spec E-URL-4
    name: 'refuses http: to a private-network IP and warns about the raw IP',
    url: 'http://10.0.0.1/',
    expect: { findings: { 'insecure-http': 'blocked', 'ip-host': 'warning' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses http: to localhost with a trailing dot, which is not trusted to stay local',
    url: 'http://localhost.:3000/',
    expect: { findings: { 'insecure-http': 'blocked', 'non-default-port': 'warning' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'refuses http: to a subdomain of localhost',
    url: 'http://app.localhost/',
    expect: { findings: { 'insecure-http': 'blocked' }, openable: false },
  },
  {
    // spec E-URL-4
    name: 'opens http: to 127.0.0.1 with a port, noting both as info only',
    url: 'http://127.0.0.1:8080/cb',
    expect: {
      findings: { 'insecure-http': 'info', 'ip-host': 'info', 'non-default-port': 'info' },
      openable: true,
      fields: { port: '8080', hostAscii: '127.0.0.1', registrableDomain: undefined, pathLength: 3 },
    },
  },
  {
    // spec E-URL-4
    name: 'opens http: to localhost with a port',
    url: 'http://localhost:3000/cb',
    expect: { findings: { 'insecure-http': 'info', 'non-default-port': 'info' }, openable: true, fields: { port: '3000', hostAscii: 'localhost' } },
  },
  {
    // spec E-URL-4
    name: 'opens http: to the IPv6 loopback [::1]',
    url: 'http://[::1]:9000/',
    expect: { findings: { 'insecure-http': 'info', 'ip-host': 'info', 'non-default-port': 'info' }, openable: true, fields: { hostAscii: '[::1]' } },
  },
  {
    // spec E-URL-4
    name: 'opens http: anywhere in 127.0.0.0/8',
    url: 'http://127.9.9.9/',
    expect: { findings: { 'insecure-http': 'info', 'ip-host': 'info' }, openable: true },
  },
  {
    // spec E-URL-4
    name: 'judges an obfuscated loopback address by the form that will open',
    url: 'http://2130706433/',
    expect: { findings: { 'insecure-http': 'info', 'ip-host': 'info' }, openable: true, fields: { normalized: 'http://127.0.0.1/' } },
  },

  // --- raw IP hosts ---
  {
    // spec E-URL-4
    name: 'warns about a raw IPv4 host',
    url: 'https://1.2.3.4/',
    expect: { findings: { 'ip-host': 'warning' }, openable: true, fields: { hostAscii: '1.2.3.4', registrableDomain: undefined } },
  },
  {
    // spec E-URL-4
    name: 'warns about a raw IPv6 host',
    url: 'https://[2001:db8::1]/',
    expect: { findings: { 'ip-host': 'warning' }, openable: true, fields: { hostAscii: '[2001:db8::1]', registrableDomain: undefined } },
  },
  {
    // spec E-URL-4
    name: 'notes https to a loopback IP as info only',
    url: 'https://127.0.0.1/',
    expect: { findings: { 'ip-host': 'info' }, openable: true },
  },

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

/** Only the fields a case names, so `toEqual` treats a field expected `undefined` as "absent". */
function pick(analysis: UrlAnalysis, fields: Fields): Fields {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, analysis[key as keyof Fields]]));
}

describe('analyzeUrl', () => {
  it('has a table of at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$name', ({ url, expect: want }) => {
    const analysis = analyzeUrl(url);
    const codes = analysis.findings.map((f) => f.code);
    expect(new Set(codes).size, 'each code at most once').toBe(codes.length);
    expect(Object.fromEntries(analysis.findings.map((f) => [f.code, f.severity]))).toEqual(want.findings);
    expect(analysis.openable).toBe(want.openable);
    expect(analysis.openable).toBe(!analysis.findings.some((f) => f.severity === 'blocked'));
    expect(analysis.original).toBe(url);
    if (want.fields) expect(pick(analysis, want.fields)).toEqual(want.fields);
    for (const finding of analysis.findings) expect(finding.message.length).toBeGreaterThan(20);
  });

  it('normalizes every openable URL to an https: or loopback http: href that re-parses to itself', () => {
    // spec E-URL-4
    for (const { url } of cases) {
      const analysis = analyzeUrl(url);
      if (!analysis.openable) continue;
      expect(analysis.normalized).toBeDefined();
      expect(new URL(analysis.normalized as string).href).toBe(analysis.normalized);
      expect(['https:', 'http:']).toContain(analysis.scheme);
    }
  });

  it('names the real host in the userinfo warning', () => {
    // spec E-URL-4
    const finding = analyzeUrl('https://good.com@evil.com/').findings.find((f) => f.code === 'userinfo');
    expect(finding?.message).toContain('"good.com@"');
    expect(finding?.message).toContain('the real host is evil.com');
  });

  it('names the host a backslash before "@" imitates, and the real one', () => {
    // spec E-URL-4
    const analysis = analyzeUrl('https://evil.com\\@good.com/');
    const finding = analysis.findings.find((f) => f.code === 'userinfo');
    expect(finding?.message).toContain('can read as a link to good.com');
    expect(finding?.message).toContain('the real host is evil.com');
    expect(isLookalikeHost(analysis)).toBe(true);
  });

  it.each(['https:\\\\evil.com\\@good.com/', 'https:/\\evil.com\\@good.com/', 'https:\\evil.com\\@good.com/', 'https:evil.com\\@good.com/'])(
    'warns about a backslash before "@" however the slashes after the scheme are written: %s',
    (url) => {
      // spec E-URL-4: only a literal "//" was recognised.
      const analysis = analyzeUrl(url);
      expect(analysis.findings.find((f) => f.code === 'userinfo')?.message).toContain('can read as a link to good.com');
      expect(isLookalikeHost(analysis)).toBe(true);
    },
  );

  it('shows both the xn-- and the Unicode form in the punycode warning', () => {
    // spec E-URL-4
    const finding = analyzeUrl('https://xn--80ak6aa92e.com/').findings.find((f) => f.code === 'punycode');
    expect(finding?.message).toContain('xn--80ak6aa92e.com');
    expect(finding?.message).toContain('аррӏе.com');
  });

  it('says which Latin name a look-alike label imitates', () => {
    // spec E-URL-4
    const mixed = analyzeUrl('https://раураl.com/').findings.find((f) => f.code === 'mixed-script');
    expect(mixed?.message).toContain('"paypal"');
    const confusable = analyzeUrl('https://xn--80ak6aa92e.com/').findings.find((f) => f.code === 'confusable');
    expect(confusable?.message).toContain('"apple"');
  });

  it('lists blocked findings before warnings and warnings before info', () => {
    // spec E-URL-4
    const severities = analyzeUrl(' http://1.2.3.4:81/ ').findings.map((f) => f.severity);
    expect(severities).toEqual(['blocked', 'warning', 'warning', 'warning']);
    const local = analyzeUrl(' http://127.0.0.1:81/ ').findings.map((f) => f.severity);
    expect(local).toEqual(['warning', 'info', 'info', 'info']);
  });

  it('names at most three look-alike parts of a host in one warning and counts the rest', () => {
    // spec E-URL-4: a warning stays a sentence however many labels imitate a name
    const host = Array(12).fill('xn--80ak6aa92e').join('.');
    const mixed = analyzeUrl(`https://${host}.com/`).findings.find((f) => f.code === 'confusable')!;
    expect(mixed.message.match(/"аррӏе"/g)).toHaveLength(3);
    expect(mixed.message).toContain('9 other parts do the same');
  });

  it('refuses an address of a whole line (7.5 MB) in one sentence, before anything walks it', () => {
    // Bounded time on the main thread: the length is checked before anything walks the address
    const huge = `https://${Array(500_000).fill('xn--80ak6aa92e').join('.')}.com/`;
    const analysis = analyzeUrl(huge);
    expect(analysis.findings.map((f) => [f.code, f.severity])).toEqual([['long-url', 'blocked']]);
    expect(analysis.findings[0].message.length).toBeLessThan(200);
  });

  it('quotes a long user:pass@ part cut short, and still names the real host', () => {
    // spec E-URL-4
    const finding = analyzeUrl(`https://${'u'.repeat(5000)}:pw@example.com/`).findings.find((f) => f.code === 'userinfo')!;
    expect(finding.message.length).toBeLessThan(400);
    expect(finding.message).toContain('the real host is example.com');
  });

  it('never throws, even for a value that is not a string', () => {
    // spec E-URL-4
    for (const bad of [undefined, null, 42, {}, 'https://example.com/\uD800', '\u0000'.repeat(5), 'https://[::1']) {
      const analysis = analyzeUrl(bad as string);
      expect(analysis.findings.length + (analysis.openable ? 1 : 0)).toBeGreaterThan(0);
    }
    expect(analyzeUrl(undefined as unknown as string).openable).toBe(false);
  });
});

describe('the consent view says "this computer" once', () => {
  // Http://127.0.0.1:PORT read "this computer" in three notes in a row (spec E-URL-4).
  const shown = (url: string) => findingsToShow(analyzeUrl(url));

  it('merges the loopback notes of http://127.0.0.1:PORT into one sentence naming the host and port', () => {
    const notes = shown('http://127.0.0.1:46821/authorize?state=x');
    expect(notes.map((n) => [n.severity, n.message])).toEqual([
      ['info', 'This page is served without encryption (http:) by a program on this computer (127.0.0.1, port 46821); the traffic never leaves this machine.'],
    ]);
  });

  it('does so for localhost with a port and for https to a loopback address too', () => {
    expect(shown('http://localhost:3000/cb').map((n) => n.message)).toEqual([
      'This page is served without encryption (http:) by a program on this computer (localhost, port 3000); the traffic never leaves this machine.',
    ]);
    expect(shown('https://127.0.0.1:8443/').map((n) => n.message)).toEqual(['This page is served by a program on this computer (127.0.0.1, port 8443).']);
  });

  it('leaves a single note, warnings and refusals as they are', () => {
    expect(shown('https://127.0.0.1/')).toEqual(analyzeUrl('https://127.0.0.1/').findings);
    expect(shown('http://1.2.3.4:81/')).toEqual(analyzeUrl('http://1.2.3.4:81/').findings);
    const long = `http://127.0.0.1:9/${'a'.repeat(LONG_URL_LENGTH)}`;
    expect(shown(long).map((n) => n.code)).toEqual(['long-url', 'insecure-http']);
  });
});
