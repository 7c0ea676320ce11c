/**
 * Config edits from the app go through one queue, each computed from the config the previous one saved
 * (electron/core/agents/agent-management.ts): two edits at once both land, in memory and in the saved file, and an
 * agent an edit removes is stopped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import type { AgentsConfig } from '../../electron/core/config/config';
import type { ConfigStore } from '../../electron/core/config/config-store';
import { agentView, handshake } from './hub-fixture';
import { Puppet } from './puppet';

/** Pairs of edits made at once: enough that a lost one would show in any interleaving the saves allow. */
const EDIT_PAIRS = 1000;

/** A store whose saves finish after a turn or two of the event loop, in no fixed order, as a disk's do. */
class SlowStore implements ConfigStore {
  saved?: AgentsConfig;
  saves = 0;
  async save(config: AgentsConfig): Promise<void> {
    this.saves++;
    const turns = this.saves % 3;
    for (let i = 0; i < turns; i++) await new Promise<void>((done) => setImmediate(done));
    this.saved = structuredClone(config);
  }
}

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
});

function idleAgent(id: string) {
  return { id, name: id.toUpperCase(), command: process.execPath, args: ['-e', ''], env: {}, enabled: false };
}

describe('config edits made at once', () => {
  it(`keeps both edits of each of ${EDIT_PAIRS} pairs, in memory and on disk`, async () => {
    const store = new SlowStore();
    const hub = new Hub({ config: { agents: [idleAgent('a'), idleAgent('b')], urlMode: 'app-window' }, builtinAgents: {}, defaultCwd: '/tmp', batchIntervalMs: 1, configStore: store });
    hubs.push(hub);
    hub.start();
    for (let i = 0; i < EDIT_PAIRS; i++) {
      const muted = i % 2 === 0;
      await Promise.all([hub.invoke('setAgentFlags', { agentId: 'a', muted }), hub.invoke('setAgentFlags', { agentId: 'b', muted })]);
      const live = hub.snapshot().agents.map((agent) => agent.muted);
      const saved = store.saved?.agents.map((agent) => agent.muted === true);
      if (live.some((m) => m !== muted) || saved?.some((m) => m !== muted)) {
        expect({ pair: i, live, saved }).toEqual({ pair: i, live: [muted, muted], saved: [muted, muted] });
      }
    }
    expect(store.saves).toBe(2 * EDIT_PAIRS);
  }, 60_000);

  it('keeps an agent added while another edit is being saved, and stops an agent an edit removes', async () => {
    const store = new SlowStore();
    const puppet = await Puppet.create();
    const hub = new Hub({ config: { agents: [idleAgent('a'), puppet.agentConfig('p', 'Puppet')], urlMode: 'app-window' }, builtinAgents: {}, defaultCwd: '/tmp', batchIntervalMs: 1, configStore: store });
    hubs.push(hub);
    hub.start();
    await handshake(hub, puppet, 'p');
    const added = idleAgent('ignored');
    await Promise.all([
      hub.invoke('setAgentFlags', { agentId: 'a', muted: true }),
      hub.invoke('saveAgent', { name: 'New', command: added.command, args: added.args, env: {}, enabled: false }),
    ]);
    expect(store.saved?.agents.map((agent) => agent.id)).toEqual(['a', 'p', 'new']);
    expect(store.saved?.agents[0].muted).toBe(true);
    await hub.invoke('removeAgent', { agentId: 'p' });
    expect(store.saved?.agents.map((agent) => agent.id)).toEqual(['a', 'new']);
    expect(hub.snapshot().agents.map((agent) => agent.agentId)).toEqual(['a', 'new']);
    // The removed agent's process was stopped: its connection to the puppet ended.
    await Promise.race([puppet.gone(), new Promise((_, fail) => setTimeout(() => fail(new Error('the removed agent kept running')), 10_000))]);
    expect(agentView(hub, 'a').muted).toBe(true);
    await puppet.close();
  }, 30_000);
});
