/**
 * The one Content-Security-Policy of the app's own pages (style: "a small, hardened shell").
 *
 * Sent as a response header on every `app://switchboard/` response and on every page the harness serves: it
 * lives in shared/ because both hosts serve the same renderer. The renderer's `index.html` carries the same
 * policy in a `<meta>` tag (a glue test compares the two). No `unsafe-inline`, no `unsafe-eval`:
 * scripts and styles come only from the app's own origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
