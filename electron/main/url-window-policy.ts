/**
 * What a URL-mode page may load and what its window title (the trusted strip) says. Pure functions over
 * strings, so the sealed window and the system-browser path share one scheme allow-list (spec E-URL-4,
 * E-URL-5) and the glue tests can check it without a window.
 */
import { analyzeUrl } from '../../shared/url-analysis';
import { redactLogLine } from '../core/agents/redact';

/**
 * Returns the re-serialised `href` of `url` when a URL-mode page may go there, else `null`. The rule is
 * the one the consent view showed the user (shared/url-analysis.ts): `https:` to any host or `http:` to
 * loopback, nothing with hidden control characters; `javascript:`, `data:`, `file:`, `blob:`, `about:`,
 * custom schemes and `http:` to other hosts are refused.
 */
export function allowedPageHref(url: string | undefined | null): string | null {
  if (!url) return null;
  const analysis = analyzeUrl(url);
  return analysis.openable && analysis.normalized ? analysis.normalized : null;
}

/** Documents a subframe may hold besides allowed pages: empty frames and `srcdoc` frames, which stay in their parent's origin. */
const INERT_SUBFRAME_URLS: ReadonlySet<string> = new Set(['about:blank', 'about:srcdoc']);

/**
 * True when a frame of a URL-mode window may navigate to `url`: an allowed page (see {@link allowedPageHref})
 * for any frame, plus `about:blank` / `about:srcdoc` for subframes only.
 */
export function mayFrameNavigate(url: string, isMainFrame: boolean): boolean {
  if (allowedPageHref(url) !== null) return true;
  return !isMainFrame && INERT_SUBFRAME_URLS.has(url);
}

/**
 * The trusted strip for the page at `url`: `"🔒 host"` for https, `"⚠ host (not encrypted)"` for http,
 * `"⚠ Unknown page"` otherwise. The host is the WHATWG `host` (punycode for internationalised names, port
 * when not the default, no user info), so what the strip shows is where the page really is.
 */
export function stripTitle(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '⚠ Unknown page';
  }
  if (!parsed.host) return '⚠ Unknown page';
  if (parsed.protocol === 'https:') return `🔒 ${parsed.host}`;
  if (parsed.protocol === 'http:') return `⚠ ${parsed.host} (not encrypted)`;
  return '⚠ Unknown page';
}

/** The strip after a certificate error on the page at `url`: the page was refused. */
export function certificateErrorTitle(url: string): string {
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    // Keep the note without a host.
  }
  return host ? `⚠ Certificate error — page refused (${host})` : '⚠ Certificate error — page refused';
}

/** The host of `url` for log lines, which never carry full URLs (spec E-PRIV-1); `"?"` when unparsable. */
export function hostForLog(url: string): string {
  try {
    return new URL(url).host || '?';
  } catch {
    return '?';
  }
}

/**
 * What of a failed load or `openExternal` error goes into a log line: Chromium's error code (`ERR_NAME_NOT_RESOLVED`)
 * when it has one — its message repeats the full URL, query and all — else the message with every URL cut to its
 * host and token shapes redacted (spec E-PRIV-1).
 */
export function errorForLog(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,63}$/.test(code)) return code;
  return redactLogLine(error instanceof Error ? error.message : String(error));
}
