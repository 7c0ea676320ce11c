/**
 * Edits of the agents config made from the agent editor: pure functions from one valid config to the
 * next, each checked against the schema before the hub accepts it.
 */
import { parseAgentsConfig, type AgentConfig, type AgentsConfig } from './config';

/** The editable fields of one agent, as the editor sends them. */
export type AgentInput = Omit<AgentConfig, 'id'> & { agentId?: string };

/** A readable id for a new agent from its name: "Claude (work)" → "claude-work", made unique. */
export function mintAgentId(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'agent';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * Adds (no `agentId`) or replaces an agent.
 * @returns the new config and the agent's id.
 * @throws Error with a plain sentence when the result is not a valid config or the id is unknown.
 */
export function upsertAgent(config: AgentsConfig, input: AgentInput): { config: AgentsConfig; agentId: string } {
  const { agentId, ...fields } = input;
  const ids = new Set(config.agents.map((a) => a.id));
  if (agentId !== undefined && !ids.has(agentId)) throw new Error('There is no such agent.');
  const id = agentId ?? mintAgentId(fields.name, ids);
  const agent: AgentConfig = withoutUndefined({ ...fields, id });
  const agents = agentId === undefined ? [...config.agents, agent] : config.agents.map((a) => (a.id === agentId ? agent : a));
  return { config: parseAgentsConfig({ ...config, agents }), agentId: id };
}

/** Removes an agent. @throws Error when the id is unknown. */
export function removeAgent(config: AgentsConfig, agentId: string): AgentsConfig {
  if (!config.agents.some((a) => a.id === agentId)) throw new Error('There is no such agent.');
  return { ...config, agents: config.agents.filter((a) => a.id !== agentId) };
}

/** Moves an agent to `toIndex` (clamped to the list). @throws Error when the id is unknown. */
export function moveAgent(config: AgentsConfig, agentId: string, toIndex: number): AgentsConfig {
  const from = config.agents.findIndex((a) => a.id === agentId);
  if (from < 0) throw new Error('There is no such agent.');
  const agents = config.agents.slice();
  const [agent] = agents.splice(from, 1);
  agents.splice(Math.min(toIndex, agents.length), 0, agent);
  return { ...config, agents };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
