import { useId, useState } from 'react';
import type { AgentView } from '../../../shared/views/agents';
import { waitingText } from '../shell/model/format';
import { AgentActions } from './AgentActions';
import type { AgentDialog } from './AgentDialogs';
import { AgentStatusLine } from './AgentStatusLine';
import { ariaKeyShortcut } from '../../../shared/shortcuts';
import { IS_MAC } from '../shell/window-shortcuts';
import './AgentSidebar.css';

interface AgentSidebarProps {
  agents: AgentView[];
  /** The agent on screen; null while the "Waiting for you" list is. */
  selectedAgentId: string | null;
  /** Pending request count per agent id. */
  counts: Map<string, number>;
  /** Pending requests whose card has not been on screen yet, per agent id. */
  unread: Map<string, number>;
  /** Whether the "Waiting for you" list is on screen. */
  waitingView: boolean;
  onSelect: (agentId: string) => void;
  onShowWaiting: () => void;
  /** Whether the History view is on screen. */
  historyView: boolean;
  onShowHistory: () => void;
  onDialog: (dialog: AgentDialog) => void;
}

/** The name of the region of Switchboard's own actions at the foot of the sidebar (tests find it by this name). */
export const APP_ACTIONS_LABEL = 'Switchboard';

/**
 * Switchboard's own actions: "Add agent", "Import from Zed", "MCP servers" and "Settings". They are drawn at the
 * foot of the sidebar (App.css lays them over its bottom edge) but come after the agent pane and the requests in
 * the document, so Tab reaches the pane's own actions (Sign in, New session) right after the agents (not only after
 * the whole sidebar). `onDialog` opens the dialog a button names.
 */
export function AppActions({ onDialog }: { onDialog: (dialog: AgentDialog) => void }) {
  return (
    // A region landmark, not a plain group: outside the Agents navigation, it was the one part of the window in no
    // landmark (axe `region`, moderate), so a screen reader's landmark list could not reach it.
    <div className="sidebar-actions" role="region" aria-label={APP_ACTIONS_LABEL}>
      <button type="button" className="button" onClick={() => onDialog({ kind: 'add' })}>
        Add agent
      </button>
      <button type="button" className="button" onClick={() => onDialog({ kind: 'import' })}>
        Import from Zed
      </button>
      <button type="button" className="button" onClick={() => onDialog({ kind: 'mcp' })}>
        MCP servers
      </button>
      <button type="button" className="button settings-button" aria-keyshortcuts={ariaKeyShortcut('settings', IS_MAC)} onClick={() => onDialog({ kind: 'settings' })}>
        Settings
      </button>
    </div>
  );
}

/**
 * The list of configured agents with their status and how many requests each has waiting, so requests of
 * agents not on screen are never missed (spec E-REQ-5). Each agent is a button named by the agent's name, with an
 * "Agent actions for <name>" button beside it. Above the list, "Waiting for you (N)" opens every agent's waiting
 * requests in one list; below it, drawn in its foot, {@link AppActions}.
 */
export function AgentSidebar(props: AgentSidebarProps) {
  const { agents, selectedAgentId, counts, unread, waitingView, onSelect, onShowWaiting, historyView, onShowHistory, onDialog } = props;
  const idBase = useId();
  const [openActions, setOpenActions] = useState<string | null>(null);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const totalUnread = [...unread.values()].reduce((sum, n) => sum + n, 0);
  const names = agents.map((a) => a.name);
  return (
    <nav className="sidebar" aria-label="Agents">
      <div className="sidebar-head">
        <h1 className="app-name">Switchboard</h1>
      </div>
      {/* Announces the total as it changes; the button below shows it. */}
      <p className="sidebar-total sr-only" role="status">
        {total > 0 ? waitingText(total) : ''}
      </p>
      <div className={`waiting-entry${waitingView ? ' is-selected' : ''}${total > 0 ? ' has-waiting' : ''}`}>
        <button
          type="button"
          className="waiting-entry-button"
          aria-current={waitingView ? 'page' : undefined}
          aria-describedby={totalUnread > 0 ? `${idBase}-new` : undefined}
          onClick={onShowWaiting}
        >
          Waiting for you ({total})
        </button>
        {totalUnread > 0 && (
          <span className="new-tag" id={`${idBase}-new`}>
            {totalUnread} new
          </span>
        )}
      </div>
      <div className={`waiting-entry${historyView ? ' is-selected' : ''}`}>
        <button type="button" className="waiting-entry-button" aria-current={historyView ? 'page' : undefined} onClick={onShowHistory}>
          History
        </button>
      </div>
      <h2 className="sidebar-title">Agents</h2>
      {agents.length === 0 ? (
        <p className="empty-note">No agents are configured. Add one below.</p>
      ) : (
        <ul className="agent-list">
          {agents.map((agent, index) => {
            const count = counts.get(agent.agentId) ?? 0;
            const fresh = unread.get(agent.agentId) ?? 0;
            const base = `${idBase}-agent-${index}`;
            const selected = agent.agentId === selectedAgentId;
            const described = [`${base}-status`, agent.muted ? `${base}-muted` : '', count > 0 ? `${base}-count` : '']
              .filter(Boolean)
              .join(' ');
            return (
              <li
                key={agent.agentId}
                data-agent-id={agent.agentId}
                className={`agent-item${selected ? ' is-selected' : ''}${agent.enabled ? '' : ' is-off'}`}
              >
                <span className={`status-dot status-${agent.status.kind}`} aria-hidden="true" />
                <span className="agent-text">
                  {/* The button's name is exactly the agent's name; status, mute and count describe it. Its
                      ::after covers the whole row, so the row is one click target. */}
                  <button
                    type="button"
                    className="agent-button"
                    aria-current={selected ? 'true' : undefined}
                    aria-describedby={described}
                    onClick={() => onSelect(agent.agentId)}
                  >
                    {agent.name}
                  </button>
                  <span className="agent-subline">
                    <AgentStatusLine status={agent.status} id={`${base}-status`} />
                    {agent.muted && (
                      <span className="muted-bell" id={`${base}-muted`} title="Muted: no notifications from this agent">
                        <BellOffIcon />
                        <span className="sr-only">Muted</span>
                      </span>
                    )}
                  </span>
                </span>
                {count > 0 && (
                  <span className={`badge${fresh > 0 ? ' has-new' : ''}`} id={`${base}-count`}>
                    {count}
                    <span className="sr-only"> waiting</span>
                    {fresh > 0 && <span className="sr-only">, {fresh} new</span>}
                  </span>
                )}
                <AgentActions
                  agent={agent}
                  index={index}
                  total={agents.length}
                  names={names}
                  open={openActions === agent.agentId}
                  onToggle={(open) => setOpenActions(open ? agent.agentId : null)}
                  onDialog={onDialog}
                  onSelectAgent={onSelect}
                  panelId={`${base}-actions`}
                />
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

/** A bell with a slash through it (decorative: the text beside it says "Muted"). */
function BellOffIcon() {
  return (
    <svg className="bell-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M8 1.75a4 4 0 0 0-4 4v2.6L2.6 11h10.8L12 8.35v-2.6a4 4 0 0 0-4-4Zm-1.6 10.5a1.6 1.6 0 0 0 3.2 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
      <path d="M2.5 2.5l11 11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
