import { describe, expect, it, vi } from 'vitest';
import { createOpenExternal } from '../../electron/main/open-external';
import { FakeShell } from './fake-electron';

describe('openExternal', () => {
  it('hands https and loopback http addresses to the system browser, re-serialised', () => {
    const shell = new FakeShell();
    const open = createOpenExternal(shell);
    open('https://example.com/docs?q=1');
    open('HTTPS://EXAMPLE.com/a b');
    open('http://127.0.0.1:8080/callback');
    expect(shell.opened).toEqual([
      'https://example.com/docs?q=1',
      'https://example.com/a%20b',
      'http://127.0.0.1:8080/callback',
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com/',
    'vscode://open?file=/etc/passwd',
    'not a url',
  ])('refuses %s with a plain sentence and opens nothing', (url) => {
    const shell = new FakeShell();
    const open = createOpenExternal(shell);
    expect(() => open(url)).toThrow('Switchboard opens only https: pages, or http: pages on this computer.');
    expect(shell.opened).toEqual([]);
  });

  it('logs a failing system browser with the host only', async () => {
    const log = vi.fn();
    const open = createOpenExternal({ openExternal: () => Promise.reject(new Error('no browser')) }, log);
    open('https://example.com/secret/path?token=abc');
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(log).toHaveBeenCalledWith('The system browser could not open the link on example.com: no browser');
  });
});
