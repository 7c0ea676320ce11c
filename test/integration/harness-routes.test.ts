/**
 * The harness's own routes (test/harness/server.ts): every `/__harness/*` route needs the
 * token; every request needs a loopback `Host` of this server (a DNS-rebinding page sends its own name);
 * a route that changes state also needs the harness's `Origin`; the bridge WebSocket checks all three.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startHarness, type Harness } from '../../electron/harness/server';

let harness: Harness;
let port: number;
let token: string;
beforeAll(async () => {
  harness = await startHarness({ config: { agents: [], urlMode: 'app-window' } });
  port = Number(new URL(harness.origin).port);
  token = new URL(harness.pageUrl).searchParams.get('token')!;
});
afterAll(() => harness.close());

/** One HTTP request with exactly these headers (Node's fetch will not send a foreign `Host`). */
function call(method: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const loopback = () => ({ host: `127.0.0.1:${port}` });
const withToken = () => ({ ...loopback(), authorization: `Bearer ${token}` });

describe('harness records', () => {
  it('answer with the token in a header or the query, on 127.0.0.1 or localhost', async () => {
    expect((await call('GET', '/__harness/opened', withToken())).status).toBe(200);
    expect(await call('GET', `/__harness/links?token=${token}`, loopback())).toEqual({ status: 200, body: '[]' });
    expect((await call('GET', '/__harness/badge', { ...withToken(), host: `localhost:${port}` })).status).toBe(200);
  });

  it('refuse without the token or with a wrong one', async () => {
    for (const name of ['opened', 'notifications', 'badge', 'links']) {
      expect((await call('GET', `/__harness/${name}`, loopback())).status).toBe(401);
      expect((await call('GET', `/__harness/${name}?token=${'0'.repeat(token.length)}`, loopback())).status).toBe(401);
      expect((await call('GET', `/__harness/${name}`, { ...loopback(), authorization: 'Bearer nope' })).status).toBe(401);
    }
  });

  it('refuse a foreign Host even with the token, as a DNS-rebinding page would send', async () => {
    for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.1:${port + 1}`]) {
      expect((await call('GET', '/__harness/opened', { ...withToken(), host })).status).toBe(403);
    }
    // The page itself too: a rebinding page cannot read it either.
    expect((await call('GET', '/', { host: `attacker.example:${port}` })).status).toBe(403);
  });
});

describe('closing a window through the harness (changes state)', () => {
  it('needs the token and the harness Origin; refused requests close nothing', async () => {
    const close = vi.spyOn(harness.urlOpener, 'simulateUserClose');
    try {
      expect((await call('POST', '/__harness/close?itemId=i1', { ...loopback(), origin: harness.origin })).status).toBe(401);
      expect((await call('POST', '/__harness/close?itemId=i1', withToken())).status).toBe(403);
      expect((await call('POST', '/__harness/close?itemId=i1', { ...withToken(), origin: `http://attacker.example:${port}` })).status).toBe(403);
      expect((await call('POST', '/__harness/close?itemId=i1', { ...withToken(), origin: harness.origin, host: `attacker.example:${port}` })).status).toBe(403);
      expect(close).not.toHaveBeenCalled();
      expect((await call('POST', '/__harness/close?itemId=i1', { ...withToken(), origin: harness.origin })).status).toBe(204);
      expect(close).toHaveBeenCalledWith('i1');
      // A page opened at localhost (which the Host check takes) is this server's page too.
      const fromLocalhost = { ...withToken(), host: `localhost:${port}`, origin: `http://localhost:${port}` };
      expect((await call('POST', '/__harness/close?itemId=i2', fromLocalhost)).status).toBe(204);
      expect(close).toHaveBeenCalledWith('i2');
    } finally {
      close.mockRestore();
    }
  });
});

describe('the bridge WebSocket', () => {
  /** Resolves with the HTTP status of the refused upgrade, or 101 when it opened. */
  function connect(headers: Record<string, string>, query = `token=${token}`): Promise<number> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/__bridge?${query}`, { headers });
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(0));
    });
  }

  it('opens only with the token, the harness Origin and a loopback Host', async () => {
    expect(await connect({ origin: harness.origin })).toBe(101);
    expect(await connect({ origin: harness.origin }, 'token=wrong')).not.toBe(101);
    expect(await connect({ origin: `http://attacker.example:${port}` })).not.toBe(101);
    expect(await connect({ origin: harness.origin, host: `attacker.example:${port}` })).not.toBe(101);
  });

  it('takes both loopback names it serves the page under, for Host and Origin alike, and no other', async () => {
    // The page at http://localhost:PORT loaded (Host taken) but its socket was refused (Origin not).
    expect(await connect({ origin: `http://localhost:${port}`, host: `localhost:${port}` })).toBe(101);
    expect(await connect({ origin: `http://localhost:${port}` })).toBe(101);
    expect(await connect({ origin: harness.origin, host: `localhost:${port}` })).toBe(101);
    for (const origin of [`http://localhost:${port + 1}`, `https://localhost:${port}`, `http://127.0.0.2:${port}`, 'null']) {
      expect(await connect({ origin })).not.toBe(101);
    }
  });

  it('answers a plain GET with 204 for its token and 401 for any other, so a page can tell a restart', async () => {
    expect((await call('GET', `/__bridge?token=${token}`, loopback())).status).toBe(204);
    expect((await call('GET', `/__bridge?token=${'0'.repeat(token.length)}`, loopback())).status).toBe(401);
    expect((await call('GET', '/__bridge', loopback())).status).toBe(401);
    expect((await call('GET', `/__bridge?token=${token}`, { host: `attacker.example:${port}` })).status).toBe(403);
  });
});
