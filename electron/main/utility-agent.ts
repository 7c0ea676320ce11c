/**
 * The built-in demo agent as an Electron `utilityProcess`: release builds turn the runAsNode fuse off, so
 * the app's binary can no longer be a plain Node child, and a utility process (Chromium's service
 * launcher, sandbox-free Node with a message port) takes its place. ACP travels over the port as byte
 * chunks (`electron/core/agents/port-agent.ts`), framed by the SDK's `ndJsonStream` on both ends.
 */
import type { UtilityProcess } from 'electron';
import type { BuiltinAgentLaunch } from '../core/agents/launch-spec';
import { portAgent } from '../core/agents/port-agent';

/** The `utilityProcess` module, passed in so the glue tests can hand a recording fake. */
export interface UtilityProcessApi {
  fork(modulePath: string, args?: string[], options?: Electron.ForkOptions): UtilityProcess;
}

/** Name shown for the process in the OS task manager and `app.getAppMetrics()`. */
export const DEMO_AGENT_SERVICE_NAME = 'Switchboard demo agent';

/**
 * The hub's launch for the demo agent at `modulePath` (`out/main/demo-agent.js`, inside app.asar when
 * packaged). Each start forks a new utility process with the parent's environment plus the config's `env`,
 * stdout ignored (ACP is on the port) and stderr piped into the agent's log.
 */
export function utilityDemoAgent(utilityProcess: UtilityProcessApi, modulePath: string): BuiltinAgentLaunch {
  return {
    start: ({ env, cwd }) => {
      const child = utilityProcess.fork(modulePath, [], {
        serviceName: DEMO_AGENT_SERVICE_NAME,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, ...env },
        cwd,
      });
      return portAgent(
        {
          postMessage: (message) => child.postMessage(message),
          onMessage: (listener) => child.on('message', listener),
          onExit: (listener) => child.once('exit', listener),
          kill: () => child.kill(),
          stderr: child.stderr,
        },
        'The demo agent',
      );
    },
  };
}
