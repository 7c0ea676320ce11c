import type { App, Session } from 'electron';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { denyPermissions, installWebContentsDefaults } from '../../electron/main/web-security';
import { FakeSession, FakeWebContents, fakeEvent } from './fake-electron';

const APP_PAGE = 'app://switchboard/index.html';

function hardenedSession(ownOrigin?: string): FakeSession {
  const session = new FakeSession();
  denyPermissions(session as unknown as Session, ownOrigin);
  return session;
}

describe('permissions', () => {
  it('denies every permission request, even from the app page', async () => {
    const session = hardenedSession('app://switchboard');
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
      'fullscreen',
      'pointerLock',
      'display-capture',
      'unknown',
    ]) {
      expect(await session.request(permission, APP_PAGE), permission).toBe(false);
    }
  });

  it('lets only the app page write plain text to the clipboard', async () => {
    const session = hardenedSession('app://switchboard');
    expect(await session.request('clipboard-sanitized-write', APP_PAGE)).toBe(true);
    expect(await session.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
  });

  it('grants nothing at all in a session without an own origin', async () => {
    const session = hardenedSession();
    expect(await session.request('clipboard-sanitized-write', APP_PAGE)).toBe(false);
  });

  it('answers permission checks with no, except clipboard writes by the app origin', () => {
    const check = hardenedSession('app://switchboard').checkHandler;
    expect(check?.(null, 'media', 'app://switchboard', {})).toBe(false);
    expect(check?.(null, 'notifications', 'app://switchboard', {})).toBe(false);
    expect(check?.(null, 'clipboard-sanitized-write', 'https://evil.example', {})).toBe(false);
    expect(check?.(null, 'clipboard-sanitized-write', 'app://switchboard', {})).toBe(true);
  });

  it('cancels every download', () => {
    const session = hardenedSession('app://switchboard');
    const event = fakeEvent();
    session.emit('will-download', event, {}, null);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('defaults for every web contents', () => {
  it('denies window.open and webviews on web contents the app creates later', () => {
    const app = new EventEmitter();
    installWebContentsDefaults(app as unknown as App);
    const contents = new FakeWebContents('https://login.example/');
    app.emit('web-contents-created', fakeEvent(), contents);
    expect(contents.windowOpenHandler?.({ url: 'https://elsewhere.example/' })).toEqual({ action: 'deny' });
    const attach = fakeEvent();
    contents.emit('will-attach-webview', attach, {}, {});
    expect(attach.defaultPrevented).toBe(true);
  });
});
