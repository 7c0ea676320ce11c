/**
 * What a URL-mode page may load and what its window title (the trusted strip) says. Pure functions over
 * strings, so the sealed window and the system-browser path share one scheme allow-list (spec E-URL-4,
 * E-URL-5) and the glue tests can check it without a window.
 */

/**
 * True for a WHATWG-parsed hostname that is the local machine: `localhost`, any `127.x.x.x` (the parser has
 * already normalised forms such as `127.1` or `0x7f.1`), or `[::1]`.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Returns the re-serialised `href` of `url` when a URL-mode page may go there: `https:` to any host, or
 * `http:` to a loopback host. Returns `null` for anything else (`javascript:`, `data:`, `file:`, `blob:`,
 * `about:`, custom schemes, `http:` to other hosts, strings that are not absolute URLs).
 */
export function allowedPageHref(url: string | undefined | null): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.hostname) return null;
  if (parsed.protocol === 'https:') return parsed.href;
  if (parsed.protocol === 'http:' && isLoopbackHostname(parsed.hostname)) return parsed.href;
  return null;
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
