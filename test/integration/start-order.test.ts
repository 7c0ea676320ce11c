/**
 * Start-up order (docs/performance.md, start-up): the host opens its window first and the hub starts the agents once
 * the window has its first snapshot (Hub.startAfterFirstSnapshot), so spawning them does not compete with the
 * window's loading; when no window asks, they start after a fallback wait. Until then each agent is listed, as
 * starting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import type { Snapshot } from '../../shared/bridge';
import { Puppet } from './puppet';

let hub: Hub | undefined;
let puppet: Puppet | undefined;
afterEach(async () => {
  puppet?.exit();
  await hub?.stop();
  await puppet?.close();
  hub = puppet = undefined;
});

async function rig(): Promise<{ hub: Hub; puppet: Puppet }> {
  puppet = await Puppet.create();
  hub = new Hub({ config: { agents: [puppet.agentConfig('a', 'Agent A')], urlMode: 'app-window' }, builtinAgents: {}, defaultCwd: '/tmp', batchIntervalMs: 1 });
  return { hub, puppet };
}

const initialize = (m: { method?: string }) => m.method === 'initialize';

describe('agents start after the first snapshot', () => {
  it('spawns nothing before a window asks for its snapshot, which lists the agent as starting; then spawns it', async () => {
    const { hub, puppet } = await rig();
    hub.startAfterFirstSnapshot(60_000);
    // A spawned puppet connects and is sent initialize well within this (it does in the other tests).
    await expect(puppet.next(initialize, 1500)).rejects.toThrow();
    const snapshot = (await hub.invoke('getSnapshot', {})) as Snapshot;
    expect(snapshot.agents.map((a) => [a.name, a.status.kind])).toEqual([['Agent A', 'starting']]);
    expect(await puppet.next(initialize)).toMatchObject({ method: 'initialize' });
  });

  it('spawns the agents after the fallback wait when no window asks', async () => {
    const { hub, puppet } = await rig();
    hub.startAfterFirstSnapshot(50);
    expect(await puppet.next(initialize)).toMatchObject({ method: 'initialize' });
  });

  it('spawns each agent once, however many snapshots are served', async () => {
    const { hub, puppet } = await rig();
    hub.startAfterFirstSnapshot(60_000);
    await hub.invoke('getSnapshot', {});
    await hub.invoke('getSnapshot', {});
    hub.start();
    await puppet.next(initialize);
    await expect(puppet.next(initialize, 500, puppet.received.length)).rejects.toThrow();
    expect(puppet.received.filter(initialize)).toHaveLength(1);
  });

  it('starts nothing once stopped', async () => {
    const { hub, puppet } = await rig();
    hub.startAfterFirstSnapshot(50);
    await hub.stop();
    await expect(puppet.next(initialize, 500)).rejects.toThrow();
  });
});
