import type { AgentView, McpServerView } from '../../../shared/views/agents';
import { AgentEditor } from './AgentEditor';
import { AgentLog } from './AgentLog';
import { McpServers } from './McpServers';
import { RemoveAgent } from './RemoveAgent';
import { ZedImport } from './ZedImport';
import { SettingsDialog } from '../shell/SettingsDialog';

/** Which dialog is open: one of the agent-management dialogs, or Settings. */
export type AgentDialog =
  | { kind: 'add' }
  | { kind: 'edit'; agentId: string }
  | { kind: 'log'; agentId: string }
  | { kind: 'remove'; agentId: string }
  | { kind: 'import' }
  | { kind: 'mcp' }
  /** The app's own settings (theme, updates). */
  | { kind: 'settings' };

interface AgentDialogsProps {
  dialog: AgentDialog | null;
  agents: AgentView[];
  /** The MCP servers defined in Switchboard. */
  mcpServers: McpServerView[];
  onClose: () => void;
  /** Shows an agent that was just added. */
  onSelectAgent: (agentId: string) => void;
}

/**
 * The open agent-management dialog, if any. A dialog about an agent that has meanwhile gone (removed from
 * another window) simply is not drawn.
 */
export function AgentDialogs({ dialog, agents, mcpServers, onClose, onSelectAgent }: AgentDialogsProps) {
  if (!dialog) return null;
  const agent = 'agentId' in dialog ? agents.find((a) => a.agentId === dialog.agentId) : undefined;
  const added = (agentId: string) => {
    onClose();
    onSelectAgent(agentId);
  };
  switch (dialog.kind) {
    case 'add':
      return <AgentEditor mcpServers={mcpServers} onClose={onClose} onSaved={added} />;
    case 'edit':
      return agent ? <AgentEditor key={agent.agentId} agent={agent} mcpServers={mcpServers} onClose={onClose} onSaved={onClose} /> : null;
    case 'log':
      return agent ? <AgentLog key={agent.agentId} agent={agent} onClose={onClose} /> : null;
    case 'remove':
      return agent ? <RemoveAgent key={agent.agentId} agent={agent} onClose={onClose} onRemoved={onClose} /> : null;
    case 'import':
      return <ZedImport agents={agents} mcpServers={mcpServers} onClose={onClose} onAdded={added} />;
    case 'mcp':
      return <McpServers servers={mcpServers} onClose={onClose} />;
    case 'settings':
      return <SettingsDialog onClose={onClose} />;
  }
}
