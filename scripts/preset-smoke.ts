/**
 * Starts one agent through the core's own `startAgentProcess`, checks that it answers ACP `initialize`, and stops
 * it: the proof, on each hosted runner, that an agent preset's command is found there (docs/agents.md "How the
 * command is found"). A preset's empty API key variables get a fake value; nothing is sent to any account.
 *
 *   node --import tsx scripts/preset-smoke.ts --preset "Gemini CLI"      # a preset from the agent editor
 *   node --import tsx scripts/preset-smoke.ts --demo                     # the demo agent, from source
 *   node --import tsx scripts/preset-smoke.ts -- <command> [args…]       # any command line
 *
 * `--timeout-ms N` bounds the wait for the answer (default 5 minutes: the first start of an npx preset downloads
 * the package). Exits 0 when the agent answered, 1 otherwise, printing one line saying which.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ndJsonStream } from '@agentclientprotocol/sdk';
import { startAgentProcess, type LaunchSpec } from '../electron/core/agents/agent-process';
import { buildInitializeParams } from '../electron/core/acp/agent-connection';
import { negotiateVersion } from '../electron/core/acp/handshake';
import { AGENT_PRESETS } from '../renderer/src/agents/model/presets';

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const FAKE_KEY = 'switchboard-smoke-not-a-real-key';

interface Options {
  spec: LaunchSpec;
  label: string;
  timeoutMs: number;
}

function parseOptions(argv: string[]): Options {
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const value = (flag: string): string | undefined => {
    const at = own.indexOf(flag);
    return at < 0 ? undefined : own[at + 1];
  };
  const timeoutMs = Number(value('--timeout-ms') ?? DEFAULT_TIMEOUT_MS);
  if (!(timeoutMs > 0)) throw new Error('--timeout-ms takes a positive number of milliseconds.');
  if (dash >= 0) {
    const [command, ...args] = argv.slice(dash + 1);
    if (!command) throw new Error('Give a command after --.');
    return { spec: { command, args }, label: command, timeoutMs };
  }
  if (own.includes('--demo')) {
    // Run from the repository, where `--import tsx` resolves.
    const spec = { command: process.execPath, args: ['--import', 'tsx', resolve('electron/demo-agent/index.ts')], cwd: process.cwd() };
    return { spec, label: 'demo agent', timeoutMs };
  }
  const name = value('--preset');
  const preset = AGENT_PRESETS.find((entry) => entry.name.toLowerCase() === name?.toLowerCase());
  const command = preset?.settings.command;
  if (!preset || !command) {
    const names = AGENT_PRESETS.filter((entry) => entry.settings.command).map((entry) => `"${entry.name}"`);
    throw new Error(`Name a preset with a command (${names.join(', ')}), or use --demo, or -- <command> [args…].`);
  }
  const env = Object.fromEntries(Object.entries(preset.settings.env).map(([key, given]) => [key, given || FAKE_KEY]));
  return { spec: { command, args: [...preset.settings.args], env }, label: preset.name, timeoutMs };
}

async function main(): Promise<number> {
  const { spec, label, timeoutMs } = parseOptions(process.argv.slice(2));
  // A folder of its own, so an agent that writes to its working folder leaves nothing behind.
  const cwd = mkdtempSync(join(tmpdir(), 'switchboard-smoke-'));
  const agent = startAgentProcess({ ...spec, cwd: spec.cwd ?? cwd });
  const started = Date.now();
  try {
    const exitedEarly = agent.exited.then((exit): never => {
      throw new Error(`it ended before answering: ${exit.message}`);
    });
    const stream = ndJsonStream(agent.stdin, agent.stdout);
    const params = buildInitializeParams(['form', 'url'], { name: 'switchboard-preset-smoke', title: 'Switchboard preset smoke check', version: '0' });
    const negotiated = await Promise.race([negotiateVersion(stream, params, timeoutMs), exitedEarly]);
    const info = (negotiated.reply.agentInfo ?? negotiated.reply.info) as { name?: string; version?: string } | undefined;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`ok: ${label} answered initialize with ACP version ${negotiated.version} (${info?.name ?? 'no name'} ${info?.version ?? ''}) in ${seconds} s.`);
    return 0;
  } catch (error) {
    const stderr = agent.stderrText().trim().split('\n').slice(-20).join('\n');
    console.error(`failed: ${label}: ${(error as Error).message}${stderr ? `\nlast lines of its stderr:\n${stderr}` : ''}`);
    return 1;
  } finally {
    await agent.stop();
    rmSync(cwd, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
