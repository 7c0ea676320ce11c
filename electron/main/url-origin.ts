/**
 * Origin comparison that also works for our custom `app:` scheme.
 *
 * Node's WHATWG `URL` reports `origin === "null"` for schemes it does not know as special (such as `app:`),
 * while Chromium, where the scheme is registered as standard, reports `app://switchboard`. Comparing
 * `protocol//host` gives the same answer in both places.
 */

/**
 * Returns `"<protocol>//<host>"` of an absolute URL (host includes a non-default port), e.g.
 * `"app://switchboard"` or `"http://localhost:5173"`; `null` when `url` is not an absolute URL or has no host.
 */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/** True when `url` is an absolute URL whose origin is exactly `allowedOrigin` (as returned by {@link originOf}). */
export function isSameOrigin(url: string | undefined | null, allowedOrigin: string): boolean {
  const origin = originOf(url);
  return origin !== null && origin === allowedOrigin.toLowerCase();
}
