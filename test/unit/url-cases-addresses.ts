// Table cases of analyzeUrl about where an address leads: its host and domain, its scheme, loopback http and raw IPs.
import type { Case } from './url-analysis-fixture';

/** Cases about the address itself (spec E-URL-3, E-URL-4). */
export const URL_ADDRESS_CASES: Case[] = [
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

];
