/**
 * Builds a Hub wired to scripted puppet agents, plus small waits on what the UI would observe.
 */
import { Hub } from '../../electron/core/hub';
import type { HubOptions } from '../../electron/core/hub-options';
import type { AgentConfig } from '../../electron/core/config/config';
import type { AgentView } from '../../shared/views/agents';
import type { QueueItemView } from '../../shared/views/requests';
import { PUPPET_WAIT_MS, Puppet, V2_INIT_RESULT } from './puppet';

export interface Rig {
  hub: Hub;
  puppets: Puppet[];
  close(): Promise<void>;
}

/** Starts a hub with one puppet per entry in `agents` (each `{id, env?}`) plus any extra configs. */
export async function startRig(
  agents: Array<{ id: string; name?: string; env?: Record<string, string> }>,
  extra: AgentConfig[] = [],
  hubOptions: Partial<HubOptions> = {},
): Promise<Rig> {
  const puppets = await Promise.all(agents.map(() => Puppet.create()));
  const hub = new Hub({
    config: {
      agents: [...agents.map((a, i) => puppets[i].agentConfig(a.id, a.name ?? a.id, a.env)), ...extra],
      urlMode: 'app-window',
    },
    builtinAgents: {},
    defaultCwd: '/tmp',
    batchIntervalMs: 1,
    initializeTimeoutMs: 3000,
    ...hubOptions,
  });
  hub.start();
  return {
    hub,
    puppets,
    async close() {
      puppets.forEach((p) => p.exit());
      await hub.stop();
      await Promise.all(puppets.map((p) => p.close()));
    },
  };
}

/** Polls `read` until it returns a value that is not undefined; fails after `timeoutMs` (a wait, not a speed claim). */
export async function eventually<T>(read: () => T | undefined, timeoutMs = PUPPET_WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((done) => setTimeout(done, 20));
  }
}

export function agentView(hub: Hub, agentId: string): AgentView {
  return hub.snapshot().agents.find((a) => a.agentId === agentId)!;
}

/** Answers `initialize` as a v2 agent (or with `result`) and waits until the hub says ready. */
export async function handshake(hub: Hub, puppet: Puppet, agentId: string, result: unknown = V2_INIT_RESULT): Promise<void> {
  await puppet.answer('initialize', result);
  await eventually(() => (agentView(hub, agentId).status.kind === 'ready' ? true : undefined));
}

/** Creates a session through the hub; the puppet answers with `sessionId`. Returns the sessionKey. */
export async function openSession(hub: Hub, puppet: Puppet, agentId: string, sessionId = 'sess-1'): Promise<string> {
  const created = hub.invoke('newSession', { agentId, cwd: '/tmp' }) as Promise<{ sessionKey: string }>;
  await puppet.answer('session/new', { sessionId });
  return (await created).sessionKey;
}

/** Waits for the queue item that matches `predicate`. */
export function queueItem(hub: Hub, predicate: (item: QueueItemView) => boolean = () => true): Promise<QueueItemView> {
  return eventually(() => hub.snapshot().queue.find(predicate));
}

/** A small valid form schema. */
export const NAME_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name', minLength: 1 } },
  required: ['name'],
};
