/**
 * Analysis of a URL-mode elicitation's `url` before the user consents (spec E-URL-3, E-URL-4).
 */

import punycode from 'punycode/punycode.js';
import { parse as parseDomain } from 'tldts';
import { LOOKALIKES, latinSkeleton } from './confusables';
import { cutText } from './cut-text';

/** How bad a finding is: `blocked` means the URL is refused outright and never opened. */
export type FindingSeverity = 'blocked' | 'warning' | 'info';

/** One thing the user should know about a URL. `message` is a plain sentence for the consent view. */
export interface UrlFinding {
  code:
    | 'unparseable'
    | 'blocked-scheme'
    | 'insecure-http'
    | 'punycode'
    | 'mixed-script'
    | 'confusable'
    | 'userinfo'
    | 'ip-host'
    | 'non-default-port'
    | 'long-url'
    | 'impossible-host'
    | 'whitespace-or-control';
  severity: FindingSeverity;
  message: string;
}

/** What the consent view shows, and what decides whether Open is possible. */
export interface UrlAnalysis {
  /** The URL exactly as the agent sent it. */
  original: string;
  /** Re-serialised by the WHATWG URL parser; the only form that is ever opened. Undefined when unparseable. */
  normalized?: string;
  /** e.g. `https:` */
  scheme?: string;
  /** Host as ASCII (punycode `xn--…` kept). */
  hostAscii?: string;
  /** Host with IDN labels decoded to Unicode, for display beside the ASCII form. */
  hostUnicode?: string;
  /** Registrable domain (eTLD+1, private suffixes honoured: `attacker.github.io`), ASCII. */
  registrableDomain?: string;
  /** The registrable domain with IDN labels decoded, for emphasis inside `hostUnicode`. */
  registrableDomainUnicode?: string;
  /** Everything of the host before the registrable domain, e.g. `accounts.` for `accounts.example.com`. */
  subdomain?: string;
  /** Explicit non-default port, if any. */
  port?: string;
  /** Characters in the normalized path (`/` counts); 0 when unparseable. */
  pathLength: number;
  /** Characters in the normalized query, without its `?`; 0 when there is none. */
  queryLength: number;
  findings: UrlFinding[];
  /** False when any finding is `blocked`: the broker answers `decline` and the UI only explains why. */
  openable: boolean;
}


/** URLs longer than this many characters get a `long-url` warning (spec E-URL-4). */
export const LONG_URL_LENGTH = 2048;

/**
 * Characters of a URL Switchboard analyses, shows or opens. Web servers commonly refuse a request line over 8 KiB
 * (nginx's default header buffer, Apache's `LimitRequestLine` of 8190), so no page a user could sign in to needs
 * more; twice that leaves room. Past it the address is refused before it is parsed: a 7.5 MB internationalized
 * address once held the main thread 40–58 times as long as an ordinary one.
 */
export const MAX_URL_CHARS = 16_384;

/** Characters of a host name in DNS (RFC 1035 §2.3.4, as written with dots): no reachable site has a longer one. */
export const MAX_HOST_CHARS = 253;

/** Characters of one label (the text between dots) of a host name in DNS (RFC 1035 §2.3.4). */
export const MAX_HOST_LABEL_CHARS = 63;

/** Labels one mixed-script or look-alike warning names; the rest are counted, so a warning stays a sentence. */
const MAX_NAMED_LABELS = 3;

/** Characters of a `user:pass@` part quoted in its warning: enough to recognise it, never a wall of text. */
const MAX_QUOTED_USERINFO_CHARS = 80;

/**
 * Analyses a URL-mode elicitation's `url` for the consent view (spec E-URL-3, E-URL-4). Pure and offline: it
 * never fetches, resolves or opens anything (spec E-URL-2), and it runs unchanged in the main process and the
 * renderer (WHATWG `URL` plus tldts; no Node or DOM API).
 *
 * Leading and trailing whitespace is trimmed (a `whitespace-or-control` warning) and the rest is parsed with
 * `new URL()`; `normalized` is that parser's `href`, the only form that may ever be opened. `openable` is false
 * when any finding is `blocked`: an empty or unparseable URL, control or invisible formatting characters inside
 * it, any scheme but `https:`, or `http:` to anything but a loopback host (`localhost`, 127.0.0.0/8, `[::1]`).
 * Warnings cover internationalized (punycode) hosts, mixed-script and look-alike labels, `user:pass@` userinfo,
 * raw IP hosts, non-default ports and URLs over {@link LONG_URL_LENGTH} characters. Each finding code appears
 * at most once, and findings are ordered blocked, then warning, then info.
 *
 * Bounded work: a URL over {@link MAX_URL_CHARS} is refused (`long-url`, blocked) before it is parsed, and a host
 * no DNS name can be (over {@link MAX_HOST_CHARS}, or a label over {@link MAX_HOST_LABEL_CHARS}) is refused
 * (`impossible-host`) before its labels are decoded or checked, so the cost is linear in at most
 * {@link MAX_URL_CHARS} characters and every message is a sentence, not a copy of the input.
 *
 * Never throws: every failure is a finding. `pathLength` and `queryLength` count characters of the normalized
 * path and of the query without its `?` (0 when unparseable).
 */
export function analyzeUrl(url: string): UrlAnalysis {
  const original = typeof url === 'string' ? url : '';
  const findings: UrlFinding[] = [];
  const result: UrlAnalysis = { original, pathLength: 0, queryLength: 0, findings, openable: false };

  const trimmed = original.trim();
  if (trimmed !== original) {
    findings.push(warning('whitespace-or-control', 'The address had spaces or line breaks at its start or end; they were removed.'));
  }
  if (trimmed === '') {
    findings.push(blocked('unparseable', 'The agent sent an empty address, so there is nothing to open.'));
    return finish(result);
  }
  if (trimmed.length > MAX_URL_CHARS) {
    findings.push(blocked('long-url', urlTooLongSentence(trimmed.length)));
    return finish(result);
  }
  if (HIDDEN_CHARACTER.test(trimmed)) {
    findings.push(
      blocked(
        'whitespace-or-control',
        'The address contains hidden characters (such as a line break, tab or text-direction mark). Browsers drop ' +
          'or reorder them silently, which can disguise where the link goes, so it is refused.',
      ),
    );
  }

  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    findings.push(blocked('unparseable', 'This is not a valid web address, so it cannot be opened.'));
    return finish(result);
  }

  const normalized = parsed.href;
  result.normalized = normalized;
  result.scheme = parsed.protocol;
  result.pathLength = parsed.pathname.length;
  result.queryLength = Math.max(0, parsed.search.length - 1);
  if (parsed.port !== '') result.port = parsed.port;

  const hostAscii = parsed.hostname;
  const impossible = impossibleHostMessage(hostAscii);
  if (impossible !== undefined) {
    findings.push(blocked('impossible-host', impossible));
    return finish(result);
  }
  if (hostAscii !== '') describeHost(result, hostAscii);

  if (normalized.length > LONG_URL_LENGTH) {
    findings.push(
      warning('long-url', `The address is very long (${normalized.length} characters), which can hide where it really goes. Check the host carefully.`),
    );
  }

  const scheme = parsed.protocol;
  if (scheme !== 'https:' && scheme !== 'http:') {
    findings.push(blocked('blocked-scheme', blockedSchemeMessage(scheme)));
    return finish(result);
  }

  const loopback = isLoopback(hostAscii);
  const shownHost = result.hostUnicode ?? hostAscii;
  if (scheme === 'http:') {
    findings.push(
      loopback
        ? info('insecure-http', `This page is served without encryption (http:) by a program on this computer (${hostAscii}); the traffic never leaves this machine.`)
        : blocked(
            'insecure-http',
            'This page would load over unencrypted http:, which anyone on the network can read or change. Only https: pages, ' +
              'or http: pages on this computer, can be opened, so it is refused.',
          ),
    );
  }

  if (isIpAddress(hostAscii)) {
    findings.push(
      loopback
        ? info('ip-host', `The address points to this computer (${hostAscii}).`)
        : warning('ip-host', `The address is a raw IP address (${hostAscii}) instead of a name, so nothing tells you who runs the site.`),
    );
  } else {
    checkLabels(findings, hostAscii);
  }

  if (parsed.username !== '' || parsed.password !== '') {
    const userinfo = cutText(parsed.password !== '' ? `${parsed.username}:${parsed.password}` : parsed.username, MAX_QUOTED_USERINFO_CHARS);
    const what = parsed.password !== '' ? 'a user name and password' : 'a user name';
    findings.push(
      warning('userinfo', `The address starts with "${userinfo}@" before the site. That part is only ${what}, not where the link goes: the real host is ${shownHost}.`),
    );
  } else {
    const readsAs = backslashUserinfoHost(trimmed);
    if (readsAs !== undefined) {
      findings.push(
        warning(
          'userinfo',
          `The address has a backslash before "@", so it can read as a link to ${readsAs}. Browsers treat the backslash as "/": the real host is ${shownHost}.`,
        ),
      );
    }
  }

  if (result.port !== undefined) {
    findings.push(
      loopback
        ? info('non-default-port', `The address uses port ${result.port} on this computer.`)
        : warning('non-default-port', `The address uses an unusual port (${result.port}) instead of the standard one for ${scheme}.`),
    );
  }

  return finish(result);
}

/**
 * The host an address seems to name when a backslash comes before an "@" in what reads as its authority
 * (`https://evil.example\\@good.example/`): a reader, and parsers that keep `\\` in the user name, take the part
 * after "@" as the host, while the WHATWG parser ends the host at the backslash. Undefined when there is no such
 * trick. Linear: one indexOf pass over the text before the first "/", "?" or "#".
 */
function backslashUserinfoHost(url: string): string | undefined {
  // After the scheme a browser skips any run of "/" and "\\" (even none: "https:evil.example" is a host).
  const colon = url.indexOf(':');
  if (colon < 0) return undefined;
  const rest = url.slice(colon + 1).replace(/^[/\\]*/, '');
  const end = rest.search(/[/?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  const backslash = authority.indexOf('\\');
  const at = authority.lastIndexOf('@');
  if (backslash < 0 || at < backslash) return undefined;
  const host = authority.slice(at + 1);
  return host === '' ? undefined : host;
}

/** C0/C1 controls (including tab, newline, NUL), invisible format characters (bidi marks, zero-width), line separators. */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

const SEVERITY_ORDER: Record<FindingSeverity, number> = { blocked: 0, warning: 1, info: 2 };

function blocked(code: UrlFinding['code'], message: string): UrlFinding {
  return { code, severity: 'blocked', message };
}
function warning(code: UrlFinding['code'], message: string): UrlFinding {
  return { code, severity: 'warning', message };
}
function info(code: UrlFinding['code'], message: string): UrlFinding {
  return { code, severity: 'info', message };
}

function finish(result: UrlAnalysis): UrlAnalysis {
  result.findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  result.openable = !result.findings.some((f) => f.severity === 'blocked');
  return result;
}

function blockedSchemeMessage(scheme: string): string {
  switch (scheme) {
    case 'javascript:':
      return 'This is a javascript: link: it runs code instead of opening a page, so it is refused.';
    case 'data:':
      return 'This is a data: link: it carries a whole page inside the link itself (a common way to fake a sign-in page), so it is refused.';
    case 'file:':
      return 'This is a file: link: it opens a file on your computer, so it is refused.';
    case 'blob:':
      return 'This is a blob: link: it points at data held inside another page, not at a web address, so it is refused.';
    default:
      return `This link uses "${scheme}", which may open another program. Only https: pages, or http: pages on this computer, can be opened, so it is refused.`;
  }
}

/** Fills the host fields: ASCII and Unicode forms, and the registrable domain when the host is a name. */
function describeHost(result: UrlAnalysis, hostAscii: string): void {
  result.hostAscii = hostAscii;
  result.hostUnicode = hostAscii.split('.').map(labelToUnicode).join('.');
  if (isIpAddress(hostAscii)) return;
  const domain = parseDomain(hostAscii, { allowPrivateDomains: true });
  if (!domain.domain) return;
  result.registrableDomain = domain.domain;
  result.registrableDomainUnicode = domain.domain.split('.').map(labelToUnicode).join('.');
  result.subdomain = domain.subdomain ? `${domain.subdomain}.` : '';
}

function labelToUnicode(label: string): string {
  if (!label.startsWith('xn--')) return label;
  try {
    return punycode.toUnicode(label);
  } catch {
    return label; // `new URL()` already rejects bad punycode; keep the ASCII form if it ever slips through.
  }
}

/**
 * Why a host cannot be a DNS name, when it is longer than DNS allows or has a label that is; undefined otherwise.
 * IP addresses are short by construction.
 */
function impossibleHostMessage(hostAscii: string): string | undefined {
  if (hostAscii.length > MAX_HOST_CHARS) {
    return `The site name is ${hostAscii.length.toLocaleString('en')} characters long; no real site name has more than ${MAX_HOST_CHARS}, so it is refused.`;
  }
  const longest = hostAscii.split('.').reduce((most, label) => Math.max(most, label.length), 0);
  if (longest > MAX_HOST_LABEL_CHARS) {
    return `Part of the site name is ${longest} characters long between dots; no real site name has a part longer than ${MAX_HOST_LABEL_CHARS}, so it is refused.`;
  }
  return undefined;
}

/** Why an address of `length` characters, over {@link MAX_URL_CHARS}, is refused: one plain sentence. */
export function urlTooLongSentence(length: number): string {
  return (
    `The address is ${length.toLocaleString('en')} characters long. No sign-in page needs more than ` +
    `${MAX_URL_CHARS.toLocaleString('en')}, and an address this long can hide where it goes, so it is refused.`
  );
}

/** Serialised IPv4 (the URL parser canonicalises `0x7f.1`, `2130706433` …) or bracketed IPv6. */
function isIpAddress(hostAscii: string): boolean {
  return hostAscii.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostAscii);
}

/** `localhost`, 127.0.0.0/8 or `[::1]`, exactly; `localhost.` and `*.localhost` are not trusted to stay local. */
function isLoopback(hostAscii: string): boolean {
  return hostAscii === 'localhost' || hostAscii === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostAscii);
}

/** Adds `punycode`, `mixed-script` and `confusable` findings for a host name (one finding per code). */
function checkLabels(findings: UrlFinding[], hostAscii: string): void {
  const asciiLabels = hostAscii.split('.').filter((label) => label !== '');
  if (!asciiLabels.some((label) => label.startsWith('xn--'))) return;

  const hostUnicode = hostAscii.split('.').map(labelToUnicode).join('.');
  findings.push(
    warning('punycode', `The site name is internationalized: it is shown as "${hostUnicode}" but is really "${hostAscii}". Make sure it is the site you expect.`),
  );

  const labels = asciiLabels.map(labelToUnicode);
  const tldScripts = scriptsOf(labels[labels.length - 1]);
  const mixed: string[] = [];
  const confusable: string[] = [];
  for (const label of labels) {
    const scripts = scriptsOf(label);
    if (scripts.size > 1 && !isAllowedMix(scripts)) {
      const names = [...scripts].map((s) => s.replace(/_/g, ' '));
      const reads = latinSkeleton(label);
      mixed.push(`"${label}" mixes ${joinAnd(names)} letters${reads ? ` (it reads like "${reads}")` : ''}`);
      continue;
    }
    const [script] = scripts;
    if (scripts.size !== 1 || !(script in LOOKALIKES)) continue;
    if (tldScripts.size === 1 && tldScripts.has(script)) continue; // e.g. a Cyrillic name under .рф
    const reads = latinSkeleton(label);
    if (reads) confusable.push(`"${label}" is written in ${script} letters that only look like the Latin "${reads}"`);
  }
  if (mixed.length > 0) {
    findings.push(warning('mixed-script', `Part of the site name ${joinAnd(named(mixed))}, a common way to imitate a familiar name.`));
  }
  if (confusable.length > 0) {
    findings.push(warning('confusable', `Part of the site name ${joinAnd(named(confusable))}; it may be imitating another site.`));
  }
}

/** Scripts tested per character; letters in none of them count as one "Other" script. */
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Devanagari',
  'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao',
  'Tibetan', 'Myanmar', 'Khmer', 'Mongolian', 'Ethiopic', 'Cherokee', 'Canadian_Aboriginal', 'Tifinagh', 'Hangul',
  'Hiragana', 'Katakana', 'Bopomofo', 'Han',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** Combinations UTS #39 ("highly restrictive") accepts in one label: Latin with the CJK scripts a language uses. */
const ALLOWED_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of label) {
    if (NEUTRAL.test(char)) continue; // digits, hyphen, combining marks, "ー"
    scripts.add(SCRIPTS.find((s) => s.pattern.test(char))?.name ?? 'Other');
  }
  return scripts;
}

function isAllowedMix(scripts: Set<string>): boolean {
  return ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}

/** The first {@link MAX_NAMED_LABELS} clauses, and the count of the rest as one more. */
function named(clauses: string[]): string[] {
  if (clauses.length <= MAX_NAMED_LABELS) return clauses;
  const more = clauses.length - MAX_NAMED_LABELS;
  return [...clauses.slice(0, MAX_NAMED_LABELS), `${more} other ${more === 1 ? 'part does' : 'parts do'} the same`];
}

function joinAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
