/**
 * Describes a URL-mode request's address once, in main, for the consent view (spec E-URL-3, E-URL-4; architecture
 * rule 10): the host split for emphasis, the findings to show, and whether its host may imitate another site's. The
 * renderer draws the result (shared/url-description.ts) and never analyses the address itself. Pure.
 */
import type { UrlAnalysis, UrlFinding } from '../../../shared/url-analysis';
import type { HostDisplay, HostParts, UrlDescription } from '../../../shared/url-description';

/**
 * The consent view's description of an analysed address (shared/url-analysis.ts `analyzeUrl`). Never throws;
 * an unparseable address has no host and only its findings.
 */
export function describeUrl(analysis: UrlAnalysis): UrlDescription {
  const host = hostDisplay(analysis);
  const opensAs = openedFormIfDifferent(analysis);
  return {
    openable: analysis.openable,
    ...(host ? { host } : {}),
    ...(analysis.normalized !== undefined ? { normalized: analysis.normalized } : {}),
    ...(opensAs !== undefined ? { opensAs } : {}),
    findings: findingsToShow(analysis),
    cautions: cautionsToOpenYourself(analysis),
    ...(isLookalikeHost(analysis) ? { lookalike: lookalikeReason(analysis) } : {}),
  };
}

/** Splits the analysed host for the consent view; undefined when the URL has no host (unparseable, `data:` …). */
export function hostDisplay(analysis: UrlAnalysis): HostDisplay | undefined {
  const { hostAscii, hostUnicode, registrableDomain, registrableDomainUnicode, port } = analysis;
  if (!hostAscii) return undefined;
  const ascii = split(hostAscii, registrableDomain);
  const display: HostDisplay = { ascii };
  if (hostUnicode && hostUnicode !== hostAscii) display.unicode = split(hostUnicode, registrableDomainUnicode);
  if (port) display.port = port;
  return display;
}

function split(host: string, domain: string | undefined): HostParts {
  if (!domain || !host.endsWith(domain)) return { prefix: '', domain: host };
  return { prefix: host.slice(0, host.length - domain.length), domain };
}

/** Findings that say the host's name may imitate another (an internationalized, mixed-script or confusable name). */
const LOOKALIKE_CODES: ReadonlySet<UrlFinding['code']> = new Set(['punycode', 'mixed-script', 'confusable', 'userinfo']);

/**
 * Whether the consent view should treat the host as a possible imitation (spec E-URL-4): an
 * internationalized (`xn--`) or mixed-script host, a confusable label, or `user:pass@` before the real host. The
 * card then leads with the ASCII host, makes Decline its primary button and has Open ask once more.
 */
export function isLookalikeHost(analysis: UrlAnalysis): boolean {
  return analysis.openable && analysis.findings.some((finding) => LOOKALIKE_CODES.has(finding.code));
}

/**
 * Why Open asks once more for a {@link isLookalikeHost} address, as the clause after "Open <domain> anyway?", from
 * the same findings that raised it: a host whose name imitates another's, or `user:pass@` that reads as a host
 * before the real one (spec E-URL-4). The name is only blamed when the name is what looks alike.
 */
export function lookalikeReason(analysis: UrlAnalysis): string {
  const codes = new Set(analysis.findings.map((finding) => finding.code));
  if (codes.has('punycode') || codes.has('mixed-script') || codes.has('confusable')) return 'Its name imitates another site’s';
  return 'Its address puts other text before “@”, which can read as another site’s name';
}

/**
 * The findings a card still shows once the address was agreed to and the user must open it themselves (the harness
 * records pages instead of opening them): the same warnings and refusals as the consent view, without its notes.
 */
export function cautionsToOpenYourself(analysis: UrlAnalysis): UrlFinding[] {
  return analysis.findings.filter((finding) => finding.severity !== 'info');
}

/** The notes the analysis makes only about an address on this computer (loopback), each naming "this computer". */
const LOOPBACK_NOTE_CODES: ReadonlySet<UrlFinding['code']> = new Set(['insecure-http', 'ip-host', 'non-default-port']);

/**
 * The consent view's findings with the notes about an address on this computer said once (otherwise
 * `http://127.0.0.1:PORT` reads "this computer" in three notes in a row). Only `info` findings of
 * {@link LOOPBACK_NOTE_CODES} are merged, into one in the first one's place; warnings and refusals stay as they are.
 */
export function findingsToShow(analysis: UrlAnalysis): UrlFinding[] {
  const isLoopbackNote = (finding: UrlFinding) => finding.severity === 'info' && LOOPBACK_NOTE_CODES.has(finding.code);
  const notes = analysis.findings.filter(isLoopbackNote);
  if (notes.length < 2) return analysis.findings;
  const where = `this computer (${analysis.hostAscii ?? ''}${analysis.port ? `, port ${analysis.port}` : ''})`;
  const message = notes.some((note) => note.code === 'insecure-http')
    ? `This page is served without encryption (http:) by a program on ${where}; the traffic never leaves this machine.`
    : `This page is served by a program on ${where}.`;
  const first = analysis.findings.findIndex(isLoopbackNote);
  const rest = analysis.findings.filter((finding) => !isLoopbackNote(finding));
  return [...rest.slice(0, first), { ...notes[0], message }, ...rest.slice(first)];
}

/**
 * The form that will be opened, when it reads differently from what the agent sent beyond the parser's usual
 * trailing slash (e.g. whitespace trimmed, an internationalized host turned into `xn--`, `..` segments resolved).
 */
export function openedFormIfDifferent(analysis: UrlAnalysis): string | undefined {
  const { original, normalized } = analysis;
  if (!normalized || normalized === original || normalized === `${original}/`) return undefined;
  return normalized;
}
