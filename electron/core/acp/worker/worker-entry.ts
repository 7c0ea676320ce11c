/**
 * Where the connection worker's code is, in each way Switchboard runs (docs/isolation.md, "Worker entry"):
 * - built (the app, and the harness or tests run from `out/`): `connection-worker.js` next to the main
 *   bundle, an entry of its own in electron.vite.config.ts, so it ships inside the app;
 * - from source (vitest, `npm run harness`): a Worker does not inherit the TypeScript transform of the
 *   thread that starts it, so a small bootstrap registers tsx in the worker and imports the .ts entry.
 */
/** The URL to start the worker from, and the data the bootstrap needs (when from source). */
export function connectionWorkerEntry(): { url: URL; workerData?: unknown } {
  const here = import.meta.url;
  if (!/\.ts($|\?)/.test(here)) return { url: new URL('./connection-worker.js', here) };
  return {
    url: new URL('./tsx-bootstrap.mjs', here),
    workerData: { entry: new URL('./connection-worker.ts', here).href },
  };
}
