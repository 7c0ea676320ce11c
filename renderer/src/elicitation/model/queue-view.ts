import type { AgentView } from '../../../../shared/views/agents';

/** An agent other than the one shown that has requests waiting, and how many. */
export interface OtherWaiting {
  agent: AgentView;
  count: number;
}

/**
 * The agents other than `agentId` with requests waiting (count > 0 in `counts`, by agent id), in the sidebar's
 * order: what the Requests column's "Also waiting" names.
 */
export function othersWaiting(agents: AgentView[], counts: Map<string, number>, agentId: string | null): OtherWaiting[] {
  return agents
    .filter((a) => a.agentId !== agentId && (counts.get(a.agentId) ?? 0) > 0)
    .map((a) => ({ agent: a, count: counts.get(a.agentId) ?? 0 }));
}
