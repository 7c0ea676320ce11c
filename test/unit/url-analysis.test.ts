import { describe, expect, it } from 'vitest';
import { isLookalikeHost } from '../../electron/core/elicitation/url-descriptions';
import { analyzeUrl } from '../../shared/url-analysis';
import { pick } from './url-analysis-fixture';
import { URL_ADDRESS_CASES } from './url-cases-addresses';
import { URL_TEXT_CASES } from './url-cases-text';

const cases = [...URL_ADDRESS_CASES, ...URL_TEXT_CASES];

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
