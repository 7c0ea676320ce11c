import type { App } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installQuitGuard } from '../../electron/main/quit-guard';
import { FakeApp } from './fake-electron';

function guardedApp(stop: () => Promise<void>, timeoutMs = 5000): { app: FakeApp; log: string[] } {
  const app = new FakeApp({});
  const log: string[] = [];
  installQuitGuard(app as unknown as App, stop, { timeoutMs, log: (line) => log.push(line) });
  return { app, log };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('quit guard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the quit until the hub has stopped, then quits', async () => {
    let finishStop!: () => void;
    const stop = vi.fn(() => new Promise<void>((resolve) => (finishStop = resolve)));
    const { app } = guardedApp(stop);
    app.quit();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(app.quitted).toBe(false);
    finishStop();
    await settle();
    expect(app.quitted).toBe(true);
    expect(app.quitRequests).toBe(2);
  });

  it('stops the hub only once when quit is asked for again meanwhile', async () => {
    let finishStop!: () => void;
    const stop = vi.fn(() => new Promise<void>((resolve) => (finishStop = resolve)));
    const { app } = guardedApp(stop);
    app.quit();
    app.quit();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(app.quitted).toBe(false);
    finishStop();
    await settle();
    expect(app.quitted).toBe(true);
  });

  it('quits anyway when stopping fails, and logs why', async () => {
    const { app, log } = guardedApp(() => Promise.reject(new Error('kill EPERM')));
    app.quit();
    await settle();
    expect(app.quitted).toBe(true);
    expect(log).toEqual(['Stopping the agents failed: kill EPERM']);
  });

  it('quits anyway when stopping takes longer than the timeout', async () => {
    vi.useFakeTimers();
    const { app, log } = guardedApp(() => new Promise<void>(() => {}), 3000);
    app.quit();
    await vi.advanceTimersByTimeAsync(2999);
    expect(app.quitted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.quitted).toBe(true);
    expect(log).toEqual(['The agents did not stop within 3000 ms; quitting anyway.']);
  });
});
