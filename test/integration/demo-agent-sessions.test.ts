/**
 * The demo agent's own sessions: list, load (v1), resume (v1; v2 with replay), close and
 * delete, persisted in its folder so they survive the agent and Switchboard restarting. The real demo agent
 * runs from source as a child of the real core, with history in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import type { CommandResults } from '../../shared/bridge';
import { agentView, eventually } from './hub-fixture';

let hub: Hub | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await hub?.stop();
  hub = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** The demo agent keeps its sessions in `dir`; Switchboard its history in `historyDir` (default the same). */
async function startDemo(dir: string, env: Record<string, string>, historyDir = dir): Promise<Hub> {
  hub = new Hub({
    config: { agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo', args: [], env }], urlMode: 'app-window' },
    builtinAgents: {
      demo: {
        command: process.execPath,
        args: ['--import', 'tsx', resolve('electron/demo-agent/index.ts')],
        env: { DEMO_STREAM_MS: '0', DEMO_AGENT_DATA_DIR: join(dir, 'demo-agent') },
      },
    },
    defaultCwd: '/tmp',
    batchIntervalMs: 1,
    historyFile: join(historyDir, 'history.sqlite'),
  });
  hub.start();
  await eventually(() => (agentView(hub!, 'demo').status.kind === 'ready' ? true : undefined), 15_000);
  return hub;
}

function texts(h: Hub, sessionKey: string): string[] {
  return h.snapshot().sessions.find((s) => s.sessionKey === sessionKey)!.transcript.map((e) => e.text);
}

describe.each<{ label: string; env: Record<string, string>; origin: string }>([
  // v2 resumes without a replay (Switchboard has the transcript); v1 prefers session/resume too.
  { label: 'v2', env: {}, origin: 'resumed' },
  { label: 'v1', env: { DEMO_AGENT_PROTOCOL: '1' }, origin: 'resumed' },
])('the demo agent over $label keeps its sessions across restarts', ({ env, origin }) => {
  it('lists, resumes, replays, closes and deletes', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-demo-sessions-'));
    let h = await startDemo(dataDir, env);
    const { sessionKey } = (await h.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string };
    await h.invoke('prompt', { sessionKey, text: 'hello there' });
    await eventually(() => (h.snapshot().sessions[0].promptInFlight ? undefined : true));
    await eventually(() => (texts(h, sessionKey).length >= 2 ? true : undefined));
    const agentSessionId = h.snapshot().sessions[0].sessionId;
    await h.stop();

    // Switchboard and the agent restart on the same folders.
    h = await startDemo(dataDir, env);
    const [record] = ((await h.invoke('listHistory', {})) as CommandResults['listHistory']).sessions;
    expect(record).toMatchObject({ sessionId: agentSessionId, title: 'hello there', endedReason: 'ended when Switchboard closed' });
    const listed = (await h.invoke('listAgentSessions', { agentId: 'demo' })) as CommandResults['listAgentSessions'];
    expect(listed.sessions).toMatchObject([{ sessionId: agentSessionId, source: 'switchboard', title: 'hello there' }]);

    const { sessionKey: resumed } = (await h.invoke('resumeHistory', { historyId: record.historyId! })) as { sessionKey: string };
    expect(h.snapshot().sessions.find((s) => s.sessionKey === resumed)).toMatchObject({ origin, sessionId: agentSessionId });
    expect(texts(h, resumed)[0]).toBe('hello there');
    // The resumed session takes prompts again.
    await h.invoke('prompt', { sessionKey: resumed, text: 'plan' });
    await eventually(() => (h.snapshot().sessions.find((s) => s.sessionKey === resumed)!.promptInFlight ? undefined : true), 15_000);

    // Close keeps the history; the agent still lists it.
    await h.invoke('closeSession', { sessionKey: resumed });
    expect(h.snapshot().sessions).toHaveLength(0);
    expect(((await h.invoke('listHistory', {})) as CommandResults['listHistory']).sessions[0]).toMatchObject({ endedReason: 'closed' });

    // The agent still has its copy after a close.
    const agentOnly = (await h.invoke('listAgentSessions', { agentId: 'demo' })) as CommandResults['listAgentSessions'];
    expect(agentOnly.sessions).toHaveLength(1);

    // Delete: session/delete to the agent and the local copy removed.
    await h.invoke('deleteHistory', { historyId: record.historyId! });
    expect(((await h.invoke('listHistory', {})) as CommandResults['listHistory']).sessions).toHaveLength(0);
    expect(((await h.invoke('listAgentSessions', { agentId: 'demo' })) as CommandResults['listAgentSessions']).sessions).toHaveLength(0);
  });

  it('opens a session only the agent knows with its conversation replayed', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-demo-sessions-'));
    const first = mkdtempSync(join(tmpdir(), 'sb-demo-other-'));
    try {
      // Another client (a hub with a different history file) made the session.
      let h = await startDemo(dataDir, env, first);
      const { sessionKey } = (await h.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string };
      await h.invoke('prompt', { sessionKey, text: 'from elsewhere' });
      await eventually(() => (h.snapshot().sessions[0].promptInFlight ? undefined : true));
      await h.stop();

      h = await startDemo(dataDir, env);
      const listed = (await h.invoke('listAgentSessions', { agentId: 'demo' })) as CommandResults['listAgentSessions'];
      expect(listed.sessions).toMatchObject([{ source: 'agent', title: 'from elsewhere' }]);
      const [only] = listed.sessions;
      const { sessionKey: opened } = (await h.invoke('openAgentSession', { agentId: 'demo', sessionId: only.sessionId, cwd: only.cwd })) as { sessionKey: string };
      const session = h.snapshot().sessions.find((s) => s.sessionKey === opened)!;
      // v2: resume with replayFrom; v1: session/load. Either way the conversation shows, user turn first.
      expect(session.origin).toBe('loaded');
      expect(session.transcript[0]).toMatchObject({ role: 'user', text: 'from elsewhere' });
      expect(session.transcript.length).toBeGreaterThan(1);
    } finally {
      rmSync(first, { recursive: true, force: true });
    }
  });
});
