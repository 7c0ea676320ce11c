/**
 * The `app://switchboard/` protocol that serves the built renderer (style: "the UI served from a custom
 * protocol rather than file://").
 *
 * The scheme is registered as privileged (standard + secure) before the app is ready, then handled with
 * `protocol.handle`, reading files only from inside the renderer folder (`out/renderer`). Every response
 * carries the app's Content-Security-Policy.
 */
import type { Protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';

export const APP_SCHEME = 'app';
export const APP_HOST = 'switchboard';
/** Origin of the app's own pages, as {@link originOf} spells it. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the main window loads in a built app. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Registers `app:` as a standard, secure scheme with fetch support. Must run before the app's `ready` event
 * (Electron ignores it afterwards). No `bypassCSP`, no service workers.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    },
  ]);
}

/**
 * Maps an `app://switchboard/<path>` URL to a file inside `rootDir`.
 * Returns `null` for another scheme or host, an undecodable path, NUL bytes, backslashes, or any path that
 * resolves outside `rootDir` (e.g. `..%2f..%2fetc/passwd`). `/` maps to `index.html`.
 */
export function resolveAppFile(rootDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relativePath = pathname.replace(/^\/+/, '') || 'index.html';
  const root = resolve(rootDir);
  const target = resolve(root, relativePath);
  const fromRoot = relative(root, target);
  if (fromRoot === '' || fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) return null;
  return target;
}

function securityHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: securityHeaders('text/plain; charset=utf-8') });
}

/**
 * Builds the `app:` request handler: GET/HEAD only; 404 for anything that {@link resolveAppFile} refuses or
 * that is not a readable file; every response (errors too) carries {@link CONTENT_SECURITY_POLICY}.
 */
export function createAppProtocolHandler(rootDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method not allowed');
    const file = resolveAppFile(rootDir, request.url);
    if (!file) return textResponse(404, 'Not found');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return textResponse(404, 'Not found');
    }
    const contentType = MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: securityHeaders(contentType),
    });
  };
}

/** Serves `rootDir` on `app://switchboard/` in the default session. Call once, after the app is ready. */
export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rootDir: string): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rootDir));
}
