/**
 * The harness's bridge transport as a page lives with it (renderer/src/shell/model/socket-bridge.ts; architecture "The test
 * harness", rule 7: a reconnect loses nothing): the connection notice follows the socket in use and nothing else, and a
 * page whose harness went away (stopped, or restarted with a new token) says so and stops retrying instead of saying
 * "Reconnecting…" for ever.
 */
import { describe, expect, it } from 'vitest';
import { FAILED_OPENS_BEFORE_CHECK, harnessConnection, type BridgeConnection } from '../../renderer/src/shell/model/socket-bridge';
import { connectionSentence } from '../../renderer/src/shell/model/connection-text';
import type { ConnectionStatus } from '../../renderer/src/state/model/store';

/** A socket the test opens, closes and reads by hand. */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(frame: string): void {
    this.sent.push(frame);
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  close(): void {
    this.readyState = 3;
    this.onclose?.();
  }
}

/** A transport over fakes: sockets made, timers waiting, and a check whose answer the test gives. */
function fakeHarness(check: () => Promise<number>) {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const statuses: ConnectionStatus[] = [];
  let checks = 0;
  const connection: BridgeConnection = harnessConnection({
    socketUrl: 'ws://127.0.0.1:1/__bridge?token=t',
    checkUrl: 'http://127.0.0.1:1/__bridge?token=t',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    check: () => {
      checks++;
      return check();
    },
    later: (run) => timers.push(run),
  });
  connection.onStatus((status) => statuses.push(status));
  return {
    connection,
    sockets,
    statuses,
    checks: () => checks,
    latest: () => sockets[sockets.length - 1],
    /** Runs the waiting reconnect timers (the backoff is not what is tested). */
    runTimers() {
      for (const run of timers.splice(0)) run();
    },
    /** Lets the check's promise settle. */
    settle: () => new Promise((done) => setTimeout(done, 0)),
  };
}

describe('the connection notice follows the socket in use', () => {
  it('says "Reconnecting…" only after the open socket closed, and not once the next one is open', () => {
    const h = fakeHarness(() => Promise.resolve(204));
    h.latest().open();
    expect(h.connection.getStatus()).toBe('open');
    expect(connectionSentence(h.connection.getStatus())).toBe('');

    h.latest().close();
    expect(h.connection.getStatus()).toBe('reconnecting');
    expect(connectionSentence('reconnecting')).toBe('Lost the connection to Switchboard. Reconnecting…');

    h.runTimers();
    h.latest().open();
    expect(h.connection.getStatus()).toBe('open');
    expect(h.statuses).toEqual(['open', 'reconnecting', 'open']);
  });

  it('does not call a first connection that failed "lost": the page had nothing yet', () => {
    const h = fakeHarness(() => Promise.resolve(204));
    h.latest().close();
    expect(h.connection.getStatus()).toBe('connecting');
  });
});

describe('a page whose harness went away', () => {
  /** Opens once, then lets `FAILED_OPENS_BEFORE_CHECK` reconnect attempts fail before they open. */
  async function loseTheHarness(check: () => Promise<number>) {
    const h = fakeHarness(check);
    h.latest().open();
    h.latest().close();
    for (let i = 0; i < FAILED_OPENS_BEFORE_CHECK; i++) {
      h.runTimers();
      h.latest().close();
    }
    await h.settle();
    return h;
  }

  it('says Switchboard is not running at this address when nothing answers, and stops retrying', async () => {
    const h = await loseTheHarness(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(h.checks()).toBe(1);
    expect(h.connection.getStatus()).toBe('stopped');
    expect(connectionSentence('stopped')).toMatch(/^Switchboard is no longer running at this address\. If you started it again, open the address it printed/);
    const made = h.sockets.length;
    h.runTimers();
    expect(h.sockets.length).toBe(made);
    await expect(h.connection.bridge.invoke('getSnapshot', {})).rejects.toThrow('Open the address Switchboard printed');
  });

  it('says Switchboard restarted when it answers but refuses the token, and stops retrying', async () => {
    const h = await loseTheHarness(() => Promise.resolve(401));
    expect(h.connection.getStatus()).toBe('restarted');
    expect(connectionSentence('restarted')).toMatch(/^Switchboard restarted, so this page’s address no longer works\. Open the new address it printed/);
    const made = h.sockets.length;
    h.runTimers();
    expect(h.sockets.length).toBe(made);
  });

  it('keeps trying while the harness still takes the token, and asks again only after as many more failures', async () => {
    const h = await loseTheHarness(() => Promise.resolve(204));
    expect(h.connection.getStatus()).toBe('reconnecting');
    h.runTimers();
    for (let i = 0; i < FAILED_OPENS_BEFORE_CHECK - 1; i++) {
      h.latest().close();
      h.runTimers();
    }
    await h.settle();
    expect(h.checks()).toBe(1);
    h.latest().open();
    expect(h.connection.getStatus()).toBe('open');
  });

  it('tells a stale tab (never connected) the same, instead of "Connecting…" for ever', async () => {
    const h = fakeHarness(() => Promise.resolve(401));
    for (let i = 0; i < FAILED_OPENS_BEFORE_CHECK; i++) {
      h.latest().close();
      h.runTimers();
    }
    await h.settle();
    expect(h.connection.getStatus()).toBe('restarted');
  });
});
