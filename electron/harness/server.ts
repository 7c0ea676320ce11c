/**
 * The test harness: the same hub as the Electron app, running in plain Node, with the bridge carried over
 * a loopback WebSocket and the built renderer served over HTTP (architecture "The test harness").
 *
 * Bound to 127.0.0.1 only. The page is opened as `http://127.0.0.1:PORT/?token=T`; the WebSocket at
 * `/__bridge?token=T` is refused without that random token or from another origin, so no other page or
 * local process can drive the agents. Every request is refused (403) unless its `Host` is this loopback
 * address and port (`127.0.0.1:PORT` or `localhost:PORT`), so a page that rebinds its own DNS name to
 * 127.0.0.1 reads nothing. Every `/__harness/*` route also needs the token — `Authorization: Bearer T`
 * (see {@link Harness.authHeaders}) or `?token=T` — (401 without), and a route that changes state also needs
 * the `Origin` of a page served here (403 without). Both loopback names are this server, for `Host` and `Origin`
 * alike: a page opened at `http://localhost:PORT/?token=T` connects as the printed `127.0.0.1` one does.
 * A plain `GET /__bridge?token=T` (no upgrade) answers 204 while the token is this harness's, 401 otherwise: a page
 * whose socket keeps failing asks it to tell "restarted, new token" from "not running" (renderer/src/shell/model/socket-bridge.ts).
 *
 * Nothing leaves the harness; what Electron would do is recorded instead, for tests to read:
 * - `GET /__harness/opened`: URL-mode pages, `[{ itemId, url, mode, at }]` ({@link RecordingUrlOpener}), so
 *   tests can prove nothing opens without consent; `POST /__harness/close?itemId=…` plays the user closing
 *   that item's window.
 * - `GET /__harness/notifications`: OS notifications, `[{ itemId, agentId, agentName, kind, at }]`
 *   ({@link RecordingAttention}); the page counts as never focused, so every request that reaches the
 *   attention sink (not from a muted agent) is listed. `GET /__harness/badge`: `{ count }`, the waiting count.
 * - `GET /__harness/links`: links opened in the system browser (`openExternal`), `["https://…", …]`, each
 *   the re-serialised address the core handed over.
 * Agent edits from the UI go to a {@link MemoryConfigStore} (`harness.configStore.saved`); the config file
 * the harness was started from is never written.
 *
 * Wire format (JSON text frames): client → server `{kind:"invoke", id, command, params}`; server → client
 * `{kind:"result", id, ok:true, value}` | `{kind:"result", id, ok:false, error}` | `{kind:"events", events}`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { homedir } from 'node:os';
import { WebSocketServer, type WebSocket } from 'ws';
import { Hub } from '../core/hub';
import type { AppSettingsHost } from '../core/app-settings';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import type { AgentsConfig } from '../core/config/config';
import { MemoryConfigStore } from '../core/config/config-store';
import { RecordingAttention } from './recording-attention';
import { RecordingUrlOpener } from './recording-url-opener';

export interface HarnessOptions {
  config: AgentsConfig;
  /** 0 picks a free port. */
  port?: number;
  /** Folder of the built renderer (default `out/renderer`). */
  rendererDir?: string;
  /** The built demo agent (default `out/main/demo-agent.js`). */
  demoAgentPath?: string;
  defaultCwd?: string;
  log?: (line: string) => void;
  /**
   * Where history and the demo agent's own sessions are kept (`--data DIR`), so a restarted harness finds
   * them again. Without it both live in memory and go with the process.
   */
  dataDir?: string;
  /** The app's preferences host (default: in memory, in a copy that never updates, app-settings.ts `memoryAppSettings`). */
  appSettings?: AppSettingsHost;
  /**
   * When the agents start: `afterFirstSnapshot` (default), as the app does, once the page has its first snapshot
   * (Hub.startAfterFirstSnapshot; the CLI, so the bench); or `atOnce`, on the turn after listening, for the e2e
   * fixture, whose waits for "Ready" were sized for agents that start while the page loads.
   */
  startAgents?: 'afterFirstSnapshot' | 'atOnce';
  /**
   * The recorded URL-mode opens stand for the app's sealed window and browser (the e2e fixture, whose tests play
   * them), so the URL card speaks as in the app. Default false (the CLI): the card says nothing was opened.
   */
  urlOpensStandForTheApp?: boolean;
}

export interface Harness {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The page URL including the token. */
  pageUrl: string;
  /** Headers a `/__harness/*` request needs: `{ authorization: 'Bearer T' }`; add `origin` for a POST. */
  authHeaders: Record<string, string>;
  hub: Hub;
  /** What would have been opened in URL mode (also served at `GET /__harness/opened`). */
  urlOpener: RecordingUrlOpener;
  /** What would have been notified (also served at `GET /__harness/notifications` and `/__harness/badge`). */
  attention: RecordingAttention;
  /** Links that would have opened in the system browser (also served at `GET /__harness/links`). */
  links: string[];
  /** Where agent edits are kept; the config file is never written. */
  configStore: MemoryConfigStore;
  /** Stops the agents and the server; a second call returns the first's promise. */
  close(): Promise<void>;
}

/** The names a browser on this machine may use for the harness's loopback address (it listens on 127.0.0.1 only). */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

/** Starts a harness and resolves once it listens. */
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const rendererDir = resolve(options.rendererDir ?? 'out/renderer');
  const demoAgentPath = resolve(options.demoAgentPath ?? 'out/main/demo-agent.js');
  const token = randomBytes(16).toString('hex');
  const urlOpener = new RecordingUrlOpener(!options.urlOpensStandForTheApp);
  const attention = new RecordingAttention();
  const links: string[] = [];
  const configStore = new MemoryConfigStore();
  const hub = new Hub({
    urlOpener,
    config: options.config,
    builtinAgents: {
      demo: {
        command: process.execPath,
        args: [demoAgentPath],
        ...(options.dataDir ? { env: { DEMO_AGENT_DATA_DIR: join(resolve(options.dataDir), 'demo-agent') } } : {}),
      },
    },
    ...(options.dataDir ? { historyFile: join(resolve(options.dataDir), 'history.sqlite') } : {}),
    defaultCwd: options.defaultCwd ?? homedir(),
    log: options.log,
    configStore,
    attention,
    openExternal: (url) => links.push(url),
    ...(options.appSettings ? { appSettings: options.appSettings } : {}),
  });
  /** What the `GET /__harness/…` endpoints serve, read at request time. */
  const records = new Map<string, () => unknown>([
    ['/__harness/opened', () => urlOpener.opened],
    ['/__harness/notifications', () => attention.notifications],
    ['/__harness/badge', () => ({ count: attention.waiting })],
    ['/__harness/links', () => links],
  ]);

  /** Loopback `Host` values of this server; anything else is a foreign name resolved to us (DNS rebinding). */
  const hostAllowed = (req: IncomingMessage): boolean => LOOPBACK_NAMES.some((name) => req.headers.host === `${name}:${port}`);
  /** The `Origin` of a page this server served, under either loopback name (the same names {@link hostAllowed} takes). */
  const originAllowed = (req: IncomingMessage): boolean =>
    LOOPBACK_NAMES.some((name) => req.headers.origin === `http://${name}:${port}`);
  const tokenGiven = (req: IncomingMessage, url: URL): boolean => {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    return sameSecret(bearer ?? url.searchParams.get('token') ?? '', token);
  };

  const server = createServer((req, res) => {
    const url = URL.parse(req.url ?? '/', origin);
    if (!url || !hostAllowed(req)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden host');
      return;
    }
    if (url.pathname.startsWith('/__harness/')) {
      serveHarnessRoute(req, res, url);
      return;
    }
    if (url.pathname === '/__bridge') {
      res.writeHead(tokenGiven(req, url) ? 204 : 401, { 'cache-control': 'no-store' }).end();
      return;
    }
    void serveStatic(rendererDir, req, res);
  });

  const serveHarnessRoute = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    if (!tokenGiven(req, url)) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('token required');
      return;
    }
    const record = req.method === 'GET' ? records.get(url.pathname) : undefined;
    if (record) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(record()));
      return;
    }
    if (url.pathname === '/__harness/close' && req.method === 'POST') {
      // Changes state: only from the harness's own page (or a test that says it is), never a foreign origin.
      if (!originAllowed(req)) {
        res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden origin');
        return;
      }
      // Plays the user closing a URL-mode window by hand (Electron reports that; the harness has no window).
      urlOpener.simulateUserClose(url.searchParams.get('itemId') ?? '');
      res.writeHead(204).end();
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  let origin = '';
  let port = 0;

  server.on('upgrade', (req, socket, head) => {
    const url = URL.parse(req.url ?? '/', origin);
    if (!url || !hostAllowed(req) || url.pathname !== '/__bridge' || !sameSecret(url.searchParams.get('token') ?? '', token) || !originAllowed(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => bindSocket(ws, hub, options.log));
  });

  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  let closing: Promise<void> | undefined;
  origin = `http://127.0.0.1:${port}`;
  // Agents start once the page has its first snapshot (each agent shown as starting), so spawning them and their
  // connection workers does not compete with the page's loading (bench scenario e). The app does the same with
  // its window (electron/main/app-lifecycle.ts).
  if (options.startAgents === 'atOnce') setImmediate(() => hub.start());
  else hub.startAfterFirstSnapshot();

  return {
    origin,
    pageUrl: `${origin}/?token=${token}`,
    authHeaders: { authorization: `Bearer ${token}` },
    hub,
    urlOpener,
    attention,
    links,
    configStore,
    close() {
      // Once: a test may stop its harness itself (a restart) before the fixture's teardown closes it again.
      closing ??= (async () => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        await hub.stop();
        const closed = new Promise<void>((done) => server.close(() => done()));
        server.closeAllConnections(); // keep-alive sockets would hold close() open
        await closed;
      })();
      return closing;
    },
  };
}

/** Constant-time comparison of a presented token with the harness's own. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Close codes a page going away or the harness closing sends; any other is worth a line in the log. */
const ORDINARY_CLOSE_CODES = new Set([1000, 1001, 1005]);

function bindSocket(ws: WebSocket, hub: Hub, log?: (line: string) => void): void {
  const unsubscribe = hub.subscribe((events) => send(ws, { kind: 'events', events }));
  ws.on('close', (code) => {
    unsubscribe();
    // The code only: a close reason is the peer's text.
    if (!ORDINARY_CLOSE_CODES.has(code)) log?.(`bridge: a page's socket closed with code ${code}`);
  });
  ws.on('error', (error) => log?.(`bridge: a page's socket failed: ${error.message}`));
  ws.on('message', (data) => {
    let message: { kind?: unknown; id?: unknown; command?: unknown; params?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (message.kind !== 'invoke' || typeof message.id !== 'number') return;
    const id = message.id;
    hub
      .invoke(String(message.command), message.params)
      .then((value) => send(ws, { kind: 'result', id, ok: true, value }))
      .catch((error: Error) => send(ws, { kind: 'result', id, ok: false, error: error.message }));
  });
}

function send(ws: WebSocket, message: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
  if (!file.startsWith(root + sep)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // The app's own policy, as Electron sends it; 'self' covers the same-origin bridge WebSocket.
      'content-security-policy': CONTENT_SECURITY_POLICY,
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}
