/**
 * `npm run harness -- --config <agents.json> [--port N] [--data DIR]`: runs Switchboard's hub in Node and serves the
 * built renderer (run `npm run build` first). Prints `harness listening on http://127.0.0.1:PORT` when
 * ready, then the page URL with its access token. Ctrl+C, SIGTERM or SIGHUP stops every agent and exits, and so
 * does the end of the process that started it or of npm above it (npm passes neither SIGHUP nor, to a shell that
 * does not, SIGTERM on). Agent edits made in
 * the page are kept in memory only; the `--config` file is never written. `--data DIR` keeps the session
 * history (and the demo agent's sessions) there, so a restart finds them; without it they are in memory. `--help`
 * prints the options; an unknown one is told in a sentence with them (exit 2).
 */
import { parseArgs } from 'node:util';
import { defaultAgentsConfig, loadAgentsConfig } from '../core/config/config';
import { ancestry, ancestryBroken } from './ancestry';
import { alive } from './process-alive';
import { startHarness } from './server';

/** How often, in ms, the harness checks that the process that started it is still running: stops within about this. */
const PARENT_CHECK_MS = 500;

const USAGE = `Usage: npm run harness -- [--port N] [--data DIR] [--config FILE] [--verbose]
  Serves Switchboard's real window in a browser, against the real core, on 127.0.0.1.
  --port N       keep this port across restarts (default: a free one)
  --data DIR     keep session history in DIR, so a restart finds it (default: in memory)
  --config FILE  read agents from FILE, never written (default: the demo agents)
  --verbose      print the core's log lines (redacted) to stderr
  --help         print this`;

/** The options, or undefined after printing the usage (asked for, or after an unknown option, with its sentence). */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: { config: { type: 'string' }, port: { type: 'string', default: '0' }, verbose: { type: 'boolean' }, data: { type: 'string' }, help: { type: 'boolean' } },
    });
    if (!values.help) return values;
    console.log(USAGE);
    process.exit(0);
  } catch (error) {
    // parseArgs' own message ("Unknown option '--x'…") is a sentence; its stack trace is not.
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = readOptions();

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
  // The token (and, without --port, the port) is new at every start: a tab left open from an earlier run cannot reconnect.
  console.log(
    `This address is new each time the harness starts${values.port === '0' ? ' (its port and its token; --port N keeps the port)' : ' (its token)'}: after a restart, open the new one; a tab from before cannot reconnect.`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void harness.close().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, shutdown);
  // `npm run harness` runs this as npm → `sh -c` → node; a SIGTERM or SIGHUP to npm ends npm alone without passing it
  // on, and the shell lives on. So it also stops (agents first) once the process that started it, or npm above that
  // shell, is gone (ancestry.ts).
  const parent = process.ppid;
  const watched = ancestry(process.pid, parent);
  setInterval(() => {
    if (process.ppid !== parent || !alive(parent) || ancestryBroken(watched)) shutdown();
  }, PARENT_CHECK_MS).unref();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
