import { useId } from 'react';
import type { AgentView } from '../../../shared/bridge';
import { agentStatusDetail, agentStatusLine, waitingText } from '../format';

interface AgentSidebarProps {
  agents: AgentView[];
  selectedAgentId: string | null;
  /** Pending request count per agent id. */
  counts: Map<string, number>;
  onSelect: (agentId: string) => void;
}

/**
 * The list of configured agents with their status and how many requests each has waiting, so requests of
 * agents not on screen are never missed (spec E-REQ-5). Each agent is a button named by the agent's name.
 */
export function AgentSidebar({ agents, selectedAgentId, counts, onSelect }: AgentSidebarProps) {
  const idBase = useId();
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return (
    <nav className="sidebar" aria-label="Agents">
      <div className="sidebar-head">
        <h1 className="app-name">Switchboard</h1>
        <h2 className="sidebar-title">Agents</h2>
      </div>
      <p className="sidebar-total" role="status">
        {total > 0 ? waitingText(total) : ''}
      </p>
      {agents.length === 0 ? (
        <p className="empty-note">No agents are configured.</p>
      ) : (
        <ul className="agent-list">
          {agents.map((agent, index) => {
            const count = counts.get(agent.agentId) ?? 0;
            const base = `${idBase}-agent-${index}`;
            const selected = agent.agentId === selectedAgentId;
            return (
              <li key={agent.agentId} className={`agent-item${selected ? ' is-selected' : ''}`}>
                <span className={`status-dot status-${agent.status.kind}`} aria-hidden="true" />
                <span className="agent-text">
                  {/* The button's name is exactly the agent's name; status and count describe it. Its
                      ::after covers the whole row, so the row is one click target. */}
                  <button
                    type="button"
                    className="agent-button"
                    aria-current={selected ? 'true' : undefined}
                    aria-describedby={count > 0 ? `${base}-status ${base}-count` : `${base}-status`}
                    onClick={() => onSelect(agent.agentId)}
                  >
                    {agent.name}
                  </button>
                  {/* A failure's full sentence; long ones are clamped to a few lines, the rest in the tooltip. */}
                  <span
                    className={`agent-status agent-status-${agent.status.kind}`}
                    id={`${base}-status`}
                    title={agentStatusDetail(agent.status) || undefined}
                  >
                    {agentStatusLine(agent.status)}
                  </span>
                </span>
                {count > 0 && (
                  <span className="badge" id={`${base}-count`}>
                    {count}
                    <span className="sr-only"> waiting</span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
