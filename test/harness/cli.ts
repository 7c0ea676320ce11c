/**
 * `npm run harness -- --config <agents.json> [--port N] [--data DIR]`: runs Switchboard's hub in Node and serves the
 * built renderer (run `npm run build` first). Prints `harness listening on http://127.0.0.1:PORT` when
 * ready, then the page URL with its access token. Ctrl+C stops every agent and exits. Agent edits made in
 * the page are kept in memory only; the `--config` file is never written. `--data DIR` keeps the session
 * history (and the demo agent's sessions) there, so a restart finds them; without it they are in memory.
 */
import { parseArgs } from 'node:util';
import { defaultAgentsConfig, loadAgentsConfig } from '../../electron/core/config';
import { startHarness } from './server';

const { values } = parseArgs({
  options: { config: { type: 'string' }, port: { type: 'string', default: '0' }, verbose: { type: 'boolean' }, data: { type: 'string' } },
});

try {
  const config = values.config ? await loadAgentsConfig(values.config) : defaultAgentsConfig();
  const harness = await startHarness({
    config,
    port: Number(values.port),
    ...(values.data ? { dataDir: values.data } : {}),
    log: values.verbose ? (line) => console.error(line) : undefined,
  });
  console.log(`harness listening on ${harness.origin}`);
  console.log(`open ${harness.pageUrl}`);
  const shutdown = () => void harness.close().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
