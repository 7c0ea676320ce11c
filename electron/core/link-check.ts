/**
 * Whether a link the user clicked in an agent's message may open on that one click. The agent writes both the
 * link's text and its address, so `[paypal.com](https://evil.example/)` reads as one host and goes to another;
 * and a userinfo, punycode, mixed-script or raw-IP address is what URL mode warns about before consent (spec
 * E-URL-3, E-URL-4). Such a link is not opened on a click; the sentence names the real host and why.
 */
import { parse as parseDomain } from 'tldts';
import { analyzeUrl } from '../../shared/url-analysis';

/**
 * Last labels that are country domains but far more often file extensions in an agent's link text
 * (`[main.py](…)`, `[README.md](…)`): such text is not read as a host.
 */
const FILE_LIKE_SUFFIXES = new Set(['md', 'py', 'rs', 'sh', 'pl', 'ps', 'so', 'sc', 'ml', 'gd', 'cc', 'cx', 'mk', 'zip', 'mov']);

/** Longest host quoted back in the sentence; longer ones are cut with an ellipsis. */
const MAX_HOST_SHOWN = 80;

/** A link's check: `open` is the re-serialised address to open, or `refused` the user's sentence. */
export type LinkCheck = { open: string } | { refused: string };

/**
 * Checks a clicked link (see the module comment).
 * @param url the address as the agent wrote it.
 * @param text the link's visible text, when the renderer has it.
 * @returns `refused` for an address URL mode would block, one it would warn about, or text that reads as a
 *   different host; otherwise the normalised address to open.
 */
export function checkLink(url: string, text?: string): LinkCheck {
  const analysis = analyzeUrl(url);
  if (!analysis.openable || !analysis.normalized) {
    const reason = analysis.findings.find((f) => f.severity === 'blocked')?.message ?? 'it is not a web address.';
    return { refused: `Switchboard does not open this link: ${reason}` };
  }
  const host = shown(analysis.hostUnicode ?? analysis.hostAscii ?? '');
  const ascii = analysis.hostAscii && analysis.hostAscii !== analysis.hostUnicode ? ` (${shown(analysis.hostAscii)})` : '';
  const warnings = analysis.findings.filter((f) => f.severity === 'warning').map((f) => f.message);
  const claimed = text === undefined ? undefined : hostInText(text);
  if (claimed && !sameSite(claimed, analysis.hostAscii ?? '')) warnings.unshift(`its text names ${shown(claimed)}, but it goes to ${host}.`);
  if (!warnings.length) return { open: analysis.normalized };
  return { refused: `Switchboard does not open this link on a click: it goes to ${host}${ascii}. ${warnings.join(' ')}` };
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

function shown(host: string): string {
  return host.length > MAX_HOST_SHOWN ? `${host.slice(0, MAX_HOST_SHOWN)}…` : host;
}
