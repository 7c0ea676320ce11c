/**
 * The demo agent's stand-in for a real service's OAuth pages: a tiny HTTP server on 127.0.0.1 (a free port,
 * started on first use, closed when the agent exits) that the URL-mode questions point to.
 *
 * - `GET /authorize?state=<s>` serves a self-contained "Demo sign-in" page whose Authorize link goes to
 * - `GET /callback?state=<s>&code=<c>`, which answers "You can close this window." and resolves the
 *   registration's `completed` promise, so the waiting scenario or sign-in request sends
 *   `elicitation/complete` for that registration's elicitation and carries on.
 *
 * An unknown or withdrawn `state`, or a `code` the authorize page did not issue, gets 400. Only the most recent
 * {@link MAX_REGISTRATIONS} registrations are kept. States and codes are never logged (spec E-PRIV-1).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { log } from './info';

/** Registrations kept at most; the oldest is forgotten (and its waiter told so) when a new one needs room. */
export const MAX_REGISTRATIONS = 32;

/** One authorize page, registered for one URL elicitation. */
export interface PageRegistration {
  /** The elicitation this page belongs to. */
  readonly elicitationId: string;
  /** The loopback authorize URL to send as the elicitation's `url`. */
  readonly url: string;
  /**
   * Resolves when the callback arrives. Rejects when the registration is disposed or evicted first
   * (a rejection nobody waits for is not reported).
   */
  readonly completed: Promise<void>;
  /** Whether the callback has arrived. */
  readonly done: boolean;
  /** Forgets the page (a later callback gets 400). Does nothing once the callback has arrived. */
  dispose(): void;
}

interface Entry {
  readonly elicitationId: string;
  readonly code: string;
  done: boolean;
  resolve(): void;
  reject(error: Error): void;
}

/** Security headers for every response: nothing external, no framing, no caching, no referrer. */
const COMMON_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;

/** The loopback page server. One per agent process; shared by every session and both protocol versions. */
export class SignInPages {
  private server?: Server;
  private starting?: Promise<number>;
  private closed = false;
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxRegistrations = MAX_REGISTRATIONS) {}

  /** Starts the server if needed and registers a fresh authorize page for `elicitationId`. */
  async register(elicitationId: string): Promise<PageRegistration> {
    const port = await this.start();
    const state = randomToken();
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const completed = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    completed.catch(() => undefined);
    const entry: Entry = { elicitationId, code: randomToken(), done: false, resolve, reject };
    this.entries.set(state, entry);
    while (this.entries.size > this.maxRegistrations) {
      const [oldest, old] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      old.reject(new Error('the sign-in page expired'));
    }
    const entries = this.entries;
    return {
      elicitationId,
      url: `http://127.0.0.1:${port}/authorize?state=${encodeURIComponent(state)}`,
      completed,
      get done() {
        return entry.done;
      },
      dispose() {
        if (entry.done || entries.get(state) !== entry) return;
        entries.delete(state);
        entry.reject(new Error('the sign-in page was withdrawn'));
      },
    };
  }

  /** Stops the server and forgets every page. Later registrations fail. */
  close(): void {
    this.closed = true;
    for (const entry of this.entries.values()) entry.reject(new Error('the demo agent is shutting down'));
    this.entries.clear();
    if (this.server) {
      this.server.close();
      this.server.closeAllConnections();
    }
  }

  /** Listens on 127.0.0.1 at a free port (once); resolves with the port. */
  private start(): Promise<number> {
    if (this.closed) return Promise.reject(new Error('the sign-in page server is closed'));
    this.starting ??= new Promise<number>((resolve, reject) => {
      const server = createServer((request, response) => this.handle(request, response));
      server.on('error', (error) => {
        log(`sign-in page server error: ${error.message}`);
        reject(error);
      });
      server.listen(0, '127.0.0.1', () => {
        // Never keeps the process alive on its own: the agent exits when its connection closes.
        server.unref();
        const { port } = server.address() as AddressInfo;
        log(`sign-in pages served on http://127.0.0.1:${port}`);
        resolve(port);
      });
      this.server = server;
    });
    this.starting.catch(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const port = (this.server?.address() as AddressInfo | null)?.port;
    // Refuse other host names (a DNS-rebinding page could otherwise reach this server).
    const host = request.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      return send(response, 421, page('Wrong address', ['This server only answers on 127.0.0.1.']));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return send(response, 405, page('Not allowed', ['Only GET is supported here.']));
    }
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const state = url.searchParams.get('state') ?? '';
    if (url.pathname === '/authorize') return this.authorize(state, response);
    if (url.pathname === '/callback') return this.callback(state, url.searchParams.get('code') ?? '', response);
    send(response, 404, page('Not found', ['There is nothing here.']));
  }

  private authorize(state: string, response: ServerResponse): void {
    const entry = this.entries.get(state);
    if (!entry) {
      return send(response, 400, page('Unknown sign-in', ['This sign-in link is unknown or has expired. Ask the agent again.']));
    }
    if (entry.done) {
      return send(response, 200, page('Demo sign-in', ['This sign-in is already complete.', 'You can close this window.']));
    }
    const callback = `/callback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(entry.code)}`;
    send(
      response,
      200,
      page(
        'Demo sign-in',
        [
          'This page is served by the Switchboard demo agent on your own computer (127.0.0.1). It stands in for ' +
            'the sign-in page of a real service: there is no password, nothing is checked, and nothing leaves ' +
            'this machine.',
          'Choose Authorize to tell the demo agent that you signed in as demo-user. To refuse, close this window.',
        ],
        `<p><a class="button" id="authorize" href="${escapeHtml(callback)}">Authorize</a></p>`,
      ),
    );
  }

  private callback(state: string, code: string, response: ServerResponse): void {
    const entry = this.entries.get(state);
    if (!entry) {
      return send(response, 400, page('Unknown sign-in', ['This sign-in link is unknown or has expired. Ask the agent again.']));
    }
    if (code !== entry.code) {
      return send(response, 400, page('Invalid sign-in', ['This sign-in link is not valid. Start again from the sign-in page.']));
    }
    if (!entry.done) {
      entry.done = true;
      log(`sign-in page callback for elicitation ${entry.elicitationId}`);
      entry.resolve();
    }
    send(response, 200, page('Signed in', ['You are signed in to the demo service.', 'You can close this window.']));
  }
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
  });
  response.end(response.req.method === 'HEAD' ? undefined : html);
}

/** A small self-contained HTML page: no scripts, no external resources. */
function page(heading: string, paragraphs: string[], extra = ''): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2430; }
  main { max-width: 32rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .button { display: inline-block; padding: .6rem 1.4rem; border-radius: 6px; background: #2456d3; color: #fff; text-decoration: none; font-weight: 600; }
  .button:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
${extra}
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An unguessable URL-safe token (128 bits). */
function randomToken(): string {
  return randomBytes(16).toString('base64url');
}
