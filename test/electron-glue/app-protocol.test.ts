import type { Protocol } from 'electron';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppProtocolHandler,
  handleAppProtocol,
  registerAppScheme,
  resolveAppFile,
} from '../../electron/main/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import { FakeProtocol } from './fake-electron';

const SECRET = 'root:x:0:0:the secret outside the renderer folder';
let base: string;
let root: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'switchboard-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Switchboard</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1);');
  writeFileSync(join(base, 'secret.txt'), SECRET);
  mkdirSync(join(base, 'etc'));
  writeFileSync(join(base, 'etc', 'passwd'), SECRET);
  serve = createAppProtocolHandler(root);
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('app scheme registration', () => {
  it('registers app: as a standard, secure scheme without bypassing the CSP', () => {
    const protocol = new FakeProtocol();
    registerAppScheme(protocol as unknown as Protocol);
    expect(protocol.privileged).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    const [{ privileges }] = protocol.privileged as Array<{ privileges: Record<string, unknown> }>;
    expect(privileges.bypassCSP).toBeFalsy();
    expect(privileges.allowServiceWorkers).toBeFalsy();
  });

  it('handles the app scheme with a handler that serves the renderer folder', async () => {
    const protocol = new FakeProtocol();
    handleAppProtocol(protocol as unknown as Protocol, root);
    const handler = protocol.handlers.get('app');
    expect(handler).toBeDefined();
    const response = await handler!(new Request('app://switchboard/index.html'));
    expect(await response.text()).toContain('<title>Switchboard</title>');
  });
});

describe('app protocol handler', () => {
  it('serves index.html for the root with the HTML type and the strict CSP header', async () => {
    const response = await serve(new Request('app://switchboard/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves a script asset as JavaScript', async () => {
    const response = await serve(new Request('app://switchboard/assets/index-abc.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log(1);');
  });

  it('answers 404 with the CSP header for a file that does not exist', async () => {
    const response = await serve(new Request('app://switchboard/missing.js'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it.each([
    'app://switchboard/../../etc/passwd',
    'app://switchboard/../secret.txt',
    'app://switchboard/..%2fsecret.txt',
    'app://switchboard/..%2f..%2fetc%2fpasswd',
    'app://switchboard/%2e%2e/secret.txt',
    'app://switchboard/%2e%2e%2fsecret.txt',
    'app://switchboard/assets/..%2f..%2fsecret.txt',
    'app://switchboard/..%5csecret.txt',
    'app://switchboard/index.html%00.js',
    'app://switchboard/%E0%A4%A',
  ])('refuses to serve anything outside the renderer folder for %s', async (url) => {
    const response = await serve(new Request(url));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(SECRET);
  });

  it('maps traversal attempts to no file at all, or to a file inside the renderer folder', () => {
    expect(resolveAppFile(root, 'app://switchboard/..%2fsecret.txt')).toBeNull();
    expect(resolveAppFile(root, 'app://switchboard/..%2f..%2fetc%2fpasswd')).toBeNull();
    // Backslashes are separators on Windows; NUL bytes end a path in C.
    expect(resolveAppFile(root, 'app://switchboard/..%5csecret.txt')).toBeNull();
    expect(resolveAppFile(root, 'app://switchboard/index.html%00.js')).toBeNull();
    // The URL parser already folds plain dot segments, so this one stays inside the root.
    expect(resolveAppFile(root, 'app://switchboard/../../etc/passwd')).toBe(join(root, 'etc', 'passwd'));
  });

  it('serves nothing for another host or scheme', async () => {
    expect((await serve(new Request('app://evil/index.html'))).status).toBe(404);
    expect(resolveAppFile(root, 'file:///index.html')).toBeNull();
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await serve(new Request('app://switchboard/index.html', { method: 'POST', body: 'x' }));
    expect(response.status).toBe(405);
  });
});
