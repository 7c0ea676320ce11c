#!/usr/bin/env node
/**
 * Installs the real ACP agents the interop suite talks to (test/interop/agents.json), each pinned, each in
 * its own folder: `<cache>/<package>@<version>`, where `<cache>` is SWITCHBOARD_INTEROP_CACHE or
 * `~/.cache/switchboard-interop`. An agent already installed at that version (its folder holds the
 * `installed.json` written after a complete install) is skipped.
 *
 * An install that fails or runs longer than SWITCHBOARD_INTEROP_INSTALL_TIMEOUT_MS (default 8 minutes) does
 * not fail this script: it leaves `install-failed.json` in the agent's folder, and the suite skips that
 * agent and prints why. SWITCHBOARD_INTEROP_ONLY=claude,codex limits the run to those agent ids.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { agents } = JSON.parse(readFileSync(join(here, 'agents.json'), 'utf8'));
const cacheRoot = process.env.SWITCHBOARD_INTEROP_CACHE || join(homedir(), '.cache', 'switchboard-interop');
const timeoutMs = Number(process.env.SWITCHBOARD_INTEROP_INSTALL_TIMEOUT_MS) || 8 * 60_000;
const only = (process.env.SWITCHBOARD_INTEROP_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** One install per package@version, even when several agent entries share it. */
const wanted = new Map();
for (const agent of agents) {
  if (only.length && !only.includes(agent.id)) continue;
  wanted.set(`${agent.package}@${agent.version}`, agent);
}

let failures = 0;
for (const [spec, agent] of wanted) {
  const dir = join(cacheRoot, spec);
  const failedMarker = join(dir, 'install-failed.json');
  // Written only after a complete install, so an interrupted one is not taken for installed.
  const doneMarker = join(dir, 'installed.json');
  if (existsSync(doneMarker) && installedVersion(dir, agent.package) === agent.version) {
    console.log(`interop: ${spec} already installed in ${dir}`);
    continue;
  }
  mkdirSync(dir, { recursive: true });
  rmSync(failedMarker, { force: true });
  rmSync(doneMarker, { force: true });
  console.log(`interop: installing ${spec} into ${dir} (this can take a few minutes)…`);
  const started = Date.now();
  const outcome = await npmInstall(dir, spec);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (outcome.ok && installedVersion(dir, agent.package) === agent.version) {
    writeFileSync(doneMarker, JSON.stringify({ spec, at: new Date().toISOString() }, null, 2));
    console.log(`interop: installed ${spec} in ${seconds} s`);
    continue;
  }
  failures++;
  const reason = outcome.ok ? `npm finished but ${agent.package}@${agent.version} is not in ${dir}` : outcome.reason;
  writeFileSync(failedMarker, JSON.stringify({ spec, reason, at: new Date().toISOString() }, null, 2));
  console.error(`interop: could not install ${spec} (${reason}); the suite will skip it.`);
  if (outcome.output) console.error(outcome.output.slice(-4000));
}
if (failures) console.error(`interop: ${failures} install(s) failed; see the messages above.`);

/** The version of `pkg` installed under `dir`, or undefined. */
function installedVersion(dir, pkg) {
  const manifest = join(dir, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return undefined;
  try {
    return JSON.parse(readFileSync(manifest, 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Runs `npm install --prefix dir spec` with a time limit; never throws. */
function npmInstall(dir, spec) {
  return new Promise((resolve) => {
    const args = ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', spec];
    const windows = process.platform === 'win32';
    const child = spawn(windows ? 'npm.cmd' : 'npm', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a timeout ends npm and every install script it started.
      detached: !windows,
      shell: windows,
    });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-64 * 1024);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      killTree(child);
      settle({ ok: false, reason: `npm install did not finish within ${describeDuration(timeoutMs)}`, output });
    }, timeoutMs);
    let settled = false;
    const settle = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    child.once('error', (error) => settle({ ok: false, reason: `could not run npm: ${error.message}`, output }));
    child.once('exit', (code, signal) => {
      if (code === 0) settle({ ok: true, output });
      else settle({ ok: false, reason: `npm install exited with ${signal ? `signal ${signal}` : `code ${code}`}`, output });
    });
  });
}

function describeDuration(ms) {
  return ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
}

function killTree(child) {
  try {
    if (process.platform === 'win32' || !child.pid) child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
