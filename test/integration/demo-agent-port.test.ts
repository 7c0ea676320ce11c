/**
 * The demo agent over a message port instead of stdio, as Electron runs it in release builds (a
 * utilityProcess; the runAsNode fuse is off). The real demo agent runs in a forked Node child whose IPC
 * channel stands in for the utility process's parent port; the real core speaks ACP to it through
 * `portAgent`, the same module the Electron glue hands the utility process to.
 */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import { portAgent, type PortChild } from '../../electron/core/agents/port-agent';
import type { RunningAgentOptions } from '../../electron/core/agents/running-agent';
import { agentView, eventually, queueItem } from './hub-fixture';

let hub: Hub | undefined;
const started: Array<{ options: RunningAgentOptions; pid?: number }> = [];
afterEach(async () => {
  await hub?.stop();
  hub = undefined;
  started.length = 0;
});

/** A forked Node child shaped like Electron's UtilityProcess (postMessage / 'message' / 'exit' / kill). */
function forkPortChild(options: RunningAgentOptions): PortChild {
  const child = fork(resolve('electron/demo-agent/index.ts'), [], {
    execArgv: ['--import', 'tsx', '--import', resolve('test/fixtures/parent-port-shim.mjs')],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
  });
  started.push({ options, pid: child.pid });
  return {
    postMessage: (message) => {
      if (child.connected) child.send(message as never);
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.once('exit', (code) => listener(code)),
    kill: () => child.kill(),
    stderr: child.stderr,
  };
}

function startDemo(): Hub {
  hub = new Hub({
    config: { agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo', args: [], env: { DEMO_FROM_CONFIG: 'yes' } }], urlMode: 'app-window' },
    builtinAgents: {
      demo: { start: (options) => portAgent(forkPortChild(options), 'The demo agent'), env: { DEMO_STREAM_MS: '0' } },
    },
    defaultCwd: '/tmp',
    batchIntervalMs: 1,
  });
  hub.start();
  return hub;
}

describe('the demo agent over a message port (release builds: a utilityProcess)', () => {
  it('is a full ACP peer: handshake, a session, a form answered and echoed back', async () => {
    const h = startDemo();
    await eventually(() => (agentView(h, 'demo').status.kind === 'ready' ? true : undefined), 15_000);
    // spec E-VER: the version is negotiated over the port like over stdio.
    expect(agentView(h, 'demo')).toMatchObject({ protocolVersion: 2, agentInfo: { name: 'switchboard-demo-agent' } });
    // The host's env and the config's env both reach the agent.
    expect(started[0].options.env).toMatchObject({ DEMO_STREAM_MS: '0', DEMO_FROM_CONFIG: 'yes' });

    const { sessionKey } = (await h.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string };
    void h.invoke('prompt', { sessionKey, text: 'form' });
    const item = await queueItem(h);
    // What the tray and the updater ask the hub: the waiting request, and whether a draft is open.
    expect(h.waitingItemIds()).toEqual([item.itemId]);
    expect(h.hasOpenDraft()).toBe(false);
    await h.invoke('saveDraft', { itemId: item.itemId, values: { project_name: 'apo' } });
    expect(h.hasOpenDraft()).toBe(true);
    await h.invoke('answerElicitation', {
      itemId: item.itemId,
      agentId: 'demo',
      action: 'accept',
      values: { project_name: 'apollo', license: 'mit', public: true, reviewers: ['ada'], team_size: '4', budget: '0' },
    });
    // spec E-FORM-7: the agent echoes exactly what was sent.
    await eventually(() => {
      const text = h.snapshot().sessions[0].transcript.map((e) => e.text).join('\n');
      return text.includes('You accepted') && text.includes('"project_name":"apollo"') ? true : undefined;
    });
    expect(h.waitingItemIds()).toEqual([]);
    expect(h.hasOpenDraft()).toBe(false);
    // Its diagnostics reach "Show log" as an agent process's stderr does.
    const { text } = (await h.invoke('getAgentLog', { agentId: 'demo' })) as { text: string };
    expect(text).toContain('ready on its parent port');
  });

  it('stops when the hub stops: end of stream, and the child exits', async () => {
    const h = startDemo();
    await eventually(() => (agentView(h, 'demo').status.kind === 'ready' ? true : undefined), 15_000);
    const pid = started[0].pid!;
    await h.stop();
    hub = undefined;
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
