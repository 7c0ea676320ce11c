/**
 * What the two builds of main's core (electron.vite.config.ts for the app, harness.vite.config.ts for the harness
 * and the bench) share about bundling, so the harness starts exactly as the app's main does.
 */

/**
 * Rolldown's `treeshake.moduleSideEffects`: the ACP SDK's modules only declare (classes, functions, zod schemas;
 * no top-level calls outside its unused transports), so a module of it none of whose exports is used is left out.
 * Main imports the SDK's index for `RequestError` alone; without this it built all the v1 zod schemas at start
 * (~50 ms of CPU under load, docs/performance.md "Start-up"), which only the connection worker uses.
 */
export function moduleSideEffects(id: string): boolean {
  return !/node_modules[\\/]@agentclientprotocol[\\/]sdk[\\/]/.test(id);
}
