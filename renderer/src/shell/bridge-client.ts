/**
 * Finds the one bridge object the renderer depends on (architecture rule 2, style: "one context object").
 *
 * In Electron the preload exposes `window.switchboard`. In the test harness there is no preload: the page
 * is served by a Node harness and reaches the same hub over a loopback WebSocket at
 * `/__bridge?token=<token>`, the token being read from the page URL's `?token=` query.
 *
 * The socket's wire format, its reconnects and how it learns that the harness went away: socket-bridge.ts.
 */
import type { SwitchboardBridge } from '../../../shared/bridge';
import { harnessConnection, type BridgeConnection, type BridgeSocket } from './model/socket-bridge';

export type { BridgeConnection } from './model/socket-bridge';

/**
 * True when there is no preload bridge and the page URL has no `?token=`: the harness would refuse every
 * connection, so the app says how to open it instead of retrying forever.
 */
export function missingHarnessToken(): boolean {
  return !isBridge((window as unknown as { switchboard?: unknown }).switchboard) && harnessToken() === '';
}

function harnessToken(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

/** Picks `window.switchboard` when the preload provided it, else the harness WebSocket bridge. */
export function connectBridge(): BridgeConnection {
  const provided = (window as unknown as { switchboard?: unknown }).switchboard;
  if (isBridge(provided)) return preloadConnection(provided);
  const token = encodeURIComponent(harnessToken());
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return harnessConnection({
    socketUrl: `${scheme}://${window.location.host}/__bridge?token=${token}`,
    checkUrl: `${window.location.origin}/__bridge?token=${token}`,
    // The DOM socket has every member BridgeSocket names; its handler types are the DOM's event types.
    createSocket: (url) => new WebSocket(url) as unknown as BridgeSocket,
    check: (url) => fetch(url, { cache: 'no-store' }).then((response) => response.status),
    later: (run, ms) => void window.setTimeout(run, ms),
  });
}

function isBridge(value: unknown): value is SwitchboardBridge {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SwitchboardBridge>;
  return typeof candidate.invoke === 'function' && typeof candidate.subscribe === 'function';
}

function preloadConnection(bridge: SwitchboardBridge): BridgeConnection {
  return {
    bridge,
    getStatus: () => 'open',
    onStatus: () => () => {},
    onOpen(listener) {
      let active = true;
      queueMicrotask(() => {
        if (active) listener();
      });
      return () => {
        active = false;
      };
    },
  };
}
