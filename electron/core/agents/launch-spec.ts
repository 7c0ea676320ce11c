/**
 * How a configured agent is started: a command line run as a child process, or a built-in agent the host starts
 * over a transport of its own. The same answer says whether a terminal sign-in method has a command to show.
 */
import type { AuthMethodInfo } from '../acp/agent-connection';
import { terminalSignIn, type TerminalSignIn } from './terminal-sign-in';
import type { AgentConfig } from '../config/config';
import { startAgentProcess, type LaunchSpec } from './agent-process';
import type { RunningAgent, RunningAgentOptions } from './running-agent';

/**
 * How the host runs a built-in agent (`"builtin": "demo"` in the config): either a command run as a child
 * process on stdio (the harness and tests: Node running out/main/demo-agent.js), or `start`, a host-made
 * byte transport (Electron release builds: a utilityProcess spoken to over its message port, because the
 * runAsNode fuse is off). Either way the agent is a genuine ACP peer behind the SDK's streams.
 */
export type BuiltinAgentLaunch =
  | { command: string; args: string[]; env?: Record<string, string> }
  | {
      /** Starts the agent; throws a plain sentence when it cannot. `env` is the config's `env` for it. */
      start: (options: RunningAgentOptions) => RunningAgent;
      env?: Record<string, string>;
    };

/** The built-in agents this host can run, by their `builtin` name in the config. */
export type BuiltinAgents = Record<string, BuiltinAgentLaunch>;

/**
 * The command line an agent runs as, or null for a built-in agent the host starts over its own transport.
 * @throws Error (a plain sentence) when the config names a built-in agent this build does not have.
 */
export function launchSpec(config: AgentConfig, builtins: BuiltinAgents): LaunchSpec | null {
  if (config.builtin) {
    const builtin = builtins[config.builtin];
    if (!builtin) throw new Error(`This build has no built-in agent "${config.builtin}".`);
    if ('start' in builtin) return null;
    return { ...builtin, env: { ...builtin.env, ...config.env }, cwd: config.cwd };
  }
  return { command: config.command!, args: config.args, env: config.env, cwd: config.cwd };
}

/** Starts the agent's process (or the host's transport for a built-in one). @throws Error, a plain sentence. */
export function startAgent(config: AgentConfig, builtins: BuiltinAgents): RunningAgent {
  const spec = launchSpec(config, builtins);
  if (spec) return startAgentProcess(spec);
  const builtin = builtins[config.builtin!] as Extract<BuiltinAgentLaunch, { start: unknown }>;
  return builtin.start({ env: { ...builtin.env, ...config.env }, cwd: config.cwd });
}

/**
 * The command a terminal sign-in method asks the user to run, or its refusal (see terminalSignIn); undefined
 * for a method that is not a terminal one, or for a built-in agent on the host's own transport, which has no
 * command line a terminal could run.
 */
export function terminalSignInFor(config: AgentConfig, terminal: AuthMethodInfo['terminal'], builtins: BuiltinAgents): TerminalSignIn | undefined {
  const spec = terminal ? launchSpec(config, builtins) : null;
  return terminal && spec ? terminalSignIn(config.name, spec, terminal) : undefined;
}
