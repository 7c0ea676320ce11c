/**
 * Quitting waits for the agents to end: the first `before-quit` is prevented, the hub is stopped, then
 * `app.quit()` runs again and is let through.
 */
import type { App } from 'electron';

export interface QuitGuardOptions {
  /** Longest wait for `stop` before quitting anyway, in milliseconds. */
  timeoutMs: number;
  /** Receives a plain sentence when `stop` fails or times out. */
  log: (line: string) => void;
}

/**
 * Installs the guard on `app`. `stop` runs at most once; while it runs, further quit requests are
 * swallowed; once it settles (or `options.timeoutMs` passes) the app quits for real.
 */
export function installQuitGuard(app: Pick<App, 'on' | 'quit'>, stop: () => Promise<void>, options: QuitGuardOptions): void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        options.log(`The agents did not stop within ${options.timeoutMs} ms; quitting anyway.`);
        resolve();
      }, options.timeoutMs);
    });
    // The executor runs `stop` at once and turns a synchronous throw into a rejection.
    const stopped = new Promise<void>((resolve) => resolve(stop())).catch((error: unknown) => options.log(`Stopping the agents failed: ${(error as Error).message}`));
    void Promise.race([stopped, timeout]).then(() => {
      clearTimeout(timer);
      state = 'stopped';
      app.quit();
    });
  });
}
