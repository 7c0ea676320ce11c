/**
 * Stopping the built harness (out/harness/cli.js, built by `npm test` before vitest runs) leaves no process behind:
 * a SIGTERM stops its agents and exits; and when the process that started it goes away without passing a signal on
 * (`npm run harness` runs it under `sh -c`, and SIGTERM to npm ends npm and that shell only), it stops as well.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { alive } from '../../electron/harness/process-alive';
import { Puppet } from './puppet';

const CLI = resolve('out/harness/cli.js');
let puppet: Puppet | undefined;
const spawned: ChildProcess[] = [];
/** Harness processes not started by this test process directly (killed after the test, should one survive). */
const orphans: number[] = [];
afterEach(async () => {
  for (const child of spawned.splice(0)) child.kill('SIGKILL');
  for (const pid of orphans.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await puppet?.close();
  puppet = undefined;
});

async function configWithPuppet(): Promise<string> {
  puppet = await Puppet.create();
  const path = join(mkdtempSync(join(tmpdir(), 'switchboard-stop-')), 'agents.json');
  writeFileSync(path, JSON.stringify({ agents: [puppet.agentConfig('p', 'Puppet')] }));
  return path;
}

async function gone(pid: number, timeoutMs = 10_000): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (!alive(pid)) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return !alive(pid);
}

// Windows has no SIGTERM to catch: kill() there ends the process at once.
it.runIf(process.platform !== 'win32')('SIGTERM stops its agents, then the harness exits with 0', async () => {
  const config = await configWithPuppet();
  const harness = spawn(process.execPath, [CLI, '--config', config], { stdio: 'ignore' });
  spawned.push(harness);
  // No page asks for a snapshot here: the agents start after the fallback wait.
  await puppet!.next((m) => m.method === 'initialize');
  const exited = new Promise<number | null>((done) => harness.once('exit', (code) => done(code)));
  const agentGone = puppet!.gone();
  harness.kill('SIGTERM');
  expect(await exited).toBe(0);
  await agentGone;
});

it('stops, with its agents, when the process that started it is killed without passing the signal on', async () => {
  const config = await configWithPuppet();
  // A parent like npm's `sh -c`: starts the harness, prints its pid, and dies on SIGKILL without a word to it.
  const launcher = spawn(
    process.execPath,
    ['-e', `const c = require('node:child_process').spawn(process.execPath, ${JSON.stringify([CLI, '--config', config])}, { stdio: 'ignore' }); console.log(c.pid);`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  spawned.push(launcher);
  const harnessPid = Number(await new Promise<string>((done) => launcher.stdout!.once('data', (data: Buffer) => done(String(data)))));
  orphans.push(harnessPid);
  await puppet!.next((m) => m.method === 'initialize');
  const agentGone = puppet!.gone();
  launcher.kill('SIGKILL');
  expect(await gone(harnessPid)).toBe(true);
  await agentGone;
});

it.runIf(process.platform === 'linux')('stops when npm above its shell ends alone (SIGHUP to npm), the shell living on', async () => {
  const config = await configWithPuppet();
  // npm → sh -c → harness: the middle process stays (as sh does, reparented) when the top one dies of a SIGHUP.
  const middle = `const c = require('node:child_process').spawn(process.execPath, ${JSON.stringify([CLI, '--config', config])}, { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1000);`;
  const top = spawn(
    process.execPath,
    ['-e', `const m = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(middle)}], { stdio: ['ignore', 'pipe', 'inherit'] }); m.stdout.once('data', (d) => console.log(m.pid + ' ' + String(d).trim())); setInterval(() => {}, 1000);`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  spawned.push(top);
  const [middlePid, harnessPid] = (await new Promise<string>((done) => top.stdout!.once('data', (data: Buffer) => done(String(data))))).trim().split(' ').map(Number);
  orphans.push(harnessPid, middlePid);
  await puppet!.next((m) => m.method === 'initialize');
  const agentGone = puppet!.gone();
  top.kill('SIGHUP');
  expect(await gone(harnessPid)).toBe(true);
  expect(alive(middlePid)).toBe(true);
  await agentGone;
});

it('says on start that its address is new each time, so a tab from an earlier run is not left silently dead', async () => {
  const harness = spawn(process.execPath, [CLI], { stdio: ['ignore', 'pipe', 'ignore'] });
  spawned.push(harness);
  const lines = await new Promise<string[]>((done) => {
    let out = '';
    harness.stdout!.on('data', (data: Buffer) => {
      out += String(data);
      const got = out.split('\n');
      if (got.length > 3) done(got.slice(0, 3));
    });
  });
  expect(lines[0]).toMatch(/^harness listening on http:\/\/127\.0\.0\.1:\d+$/);
  expect(lines[1]).toMatch(/^open http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+$/);
  // Stopped the polite way, so the demo agent it starts goes with it (a SIGKILL in afterEach would orphan it).
  const exited = new Promise((done) => harness.once('exit', done));
  harness.kill(process.platform === 'win32' ? undefined : 'SIGTERM');
  await exited;
  expect(lines[2]).toBe(
    'This address is new each time the harness starts (its port and its token; --port N keeps the port): after a restart, open the new one; a tab from before cannot reconnect.',
  );
});

it('prints its usage for --help, and a sentence with the usage, not a stack trace, for an unknown option', async () => {
  // `--help` was an uncaught ERR_PARSE_ARGS_UNKNOWN_OPTION with a stack trace.
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((done) => {
      const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      spawned.push(child);
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('exit', (code) => done({ code, out, err }));
    });
  const help = await run(['--help']);
  expect(help.code).toBe(0);
  expect(help.out).toMatch(/^Usage: npm run harness -- /);
  expect(help.out).toContain('--data DIR');
  const unknown = await run(['--colour']);
  expect(unknown.code).toBe(2);
  expect(unknown.err).toMatch(/^Unknown option '--colour'/);
  expect(unknown.err).toContain('Usage: npm run harness');
  expect(unknown.err).not.toMatch(/^\s+at /m);
});
