/**
 * Whether a link the user clicked in an agent's message may open on that one click. The agent writes both the
 * link's text and its address, so `[paypal.com](https://evil.example/)` reads as one host and goes to another;
 * and a userinfo, punycode, mixed-script or raw-IP address is what URL mode warns about before consent (spec
 * E-URL-3, E-URL-4). Such a link opens only after the user confirms a dialog naming the real host, as main
 * parsed it, and why; one URL mode would block never opens.
 */
import { parse as parseDomain } from 'tldts';
import type { LinkConsentView } from '../../../shared/views/links';
import { analyzeUrl } from '../../../shared/url-analysis';

/**
 * Last labels that are country domains but far more often file extensions in an agent's link text
 * (`[main.py](…)`, `[README.md](…)`): such text is not read as a host.
 */
const FILE_LIKE_SUFFIXES = new Set(['md', 'py', 'rs', 'sh', 'pl', 'ps', 'so', 'sc', 'ml', 'gd', 'cc', 'cx', 'mk', 'zip', 'mov']);

/**
 * Longest host quoted in the dialog's sentences; a longer one keeps its end (where the registrable domain is:
 * `paypal.com.….evil.example`) behind an ellipsis. DNS names are at most 253 characters, the URL parser has no bound.
 */
const MAX_HOST_SHOWN = 80;

/**
 * A link's check: `open` alone opens on the click; with `confirm`, only after the user's Open in the dialog
 * `confirm` describes; `refused` never opens and is the user's sentence.
 */
export type LinkCheck = { open: string; confirm?: LinkConsentView } | { refused: string };

/**
 * Checks a clicked link (see the module comment). Pure and offline (spec E-URL-2).
 * @param url the address as the agent wrote it.
 * @param text the link's visible text, when the renderer has it.
 * @returns `refused` for an address URL mode would block (spec E-URL-4); otherwise `open`, the re-serialised
 *   address (the only form ever opened), with `confirm` when URL mode would warn about it or its text reads
 *   as a different host.
 */
export function checkLink(url: string, text?: string): LinkCheck {
  const analysis = analyzeUrl(url);
  if (!analysis.openable || !analysis.normalized) {
    const reason = analysis.findings.find((f) => f.severity === 'blocked')?.message ?? 'it is not a web address.';
    return { refused: `Switchboard does not open this link: ${reason}` };
  }
  const hostAscii = analysis.hostAscii ?? '';
  const hostUnicode = analysis.hostUnicode ?? hostAscii;
  const warnings = analysis.findings.filter((f) => f.severity === 'warning').map((f) => f.message);
  const claimed = text === undefined ? undefined : hostInText(text);
  if (claimed && !sameSite(claimed, hostAscii)) warnings.unshift(`Its text names ${shown(claimed)}, but it goes to ${shown(hostAscii)}.`);
  if (!warnings.length) return { open: analysis.normalized };
  const domain = analysis.registrableDomain;
  const confirm: LinkConsentView = {
    address: analysis.normalized,
    host: shown(hostAscii),
    ...(domain && hostAscii.endsWith(domain) ? { domain } : {}),
    ...(hostUnicode !== hostAscii ? { hostUnicode: shown(hostUnicode) } : {}),
    warnings,
  };
  return { open: analysis.normalized, confirm };
}

/** The host a link's text reads as (lowercase ASCII), when it reads as one: `paypal.com`, `https://x.org/y`. */
function hostInText(text: string): string | undefined {
  const t = text.trim();
  if (!t || /\s/.test(t)) return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(t);
  let hostname: string;
  try {
    hostname = new URL(hasScheme ? t : `https://${t}`).hostname;
  } catch {
    return undefined;
  }
  if (hasScheme) return hostname || undefined;
  const parsed = parseDomain(hostname);
  if (!parsed.domain || !parsed.isIcann || !parsed.publicSuffix) return undefined;
  if (FILE_LIKE_SUFFIXES.has(parsed.publicSuffix) && !/^www\./i.test(t)) return undefined;
  return hostname;
}

/** The text's host is the link's host, or a parent of it (`example.com` for `docs.example.com`). */
function sameSite(claimed: string, actual: string): boolean {
  return actual === claimed || actual.endsWith(`.${claimed}`);
}

/** A host cut to MAX_HOST_SHOWN characters from its end, so the registrable domain stays in view. */
function shown(host: string): string {
  return host.length > MAX_HOST_SHOWN ? `…${host.slice(-MAX_HOST_SHOWN)}` : host;
}
