import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AgentView, CommandName, CommandParams } from '../../../shared/bridge';
import { duplicateParams } from './agent-settings';
import { canRestart } from './agent-status';
import { errorSentence, useBridge } from '../shell/bridge-context';
import type { AgentDialog } from './AgentDialogs';
import './AgentActions.css';

interface AgentActionsProps {
  agent: AgentView;
  /** The agent's place in the sidebar, and how many agents there are (for Move up / Move down). */
  index: number;
  total: number;
  /** Every agent's name, so a duplicate gets a name of its own. */
  names: string[];
  open: boolean;
  onToggle: (open: boolean) => void;
  onDialog: (dialog: AgentDialog) => void;
  /** A duplicate was made: show it. */
  onSelectAgent: (agentId: string) => void;
  /** DOM id for the panel. */
  panelId: string;
}

/**
 * The "Agent actions for <name>" button of a sidebar row and the panel it unfolds below the row: Edit, Duplicate,
 * Move up / Move down, Turn off / Turn on, Mute / Unmute, Show log, Restart (when the process stopped) and Remove
 * (asks first). A disclosure rather than a floating menu: it stays inside the scrolling sidebar and needs no
 * positioning. Escape folds it and returns to the button.
 */
export function AgentActions(props: AgentActionsProps) {
  const { agent, index, total, names, open, onToggle, onDialog, onSelectAgent, panelId } = props;
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  /** The move button pressed last: the row's DOM node may be moved with the list, which drops focus. */
  const lastMove = useRef<'up' | 'down' | null>(null);

  useEffect(() => {
    const which = lastMove.current;
    const panel = panelRef.current;
    if (!which || !panel) return;
    lastMove.current = null;
    if (panel.contains(document.activeElement)) return;
    const preferred = which === 'up' ? upRef.current : downRef.current;
    const other = which === 'up' ? downRef.current : upRef.current;
    (preferred && !preferred.disabled ? preferred : other)?.focus();
  }, [index]);

  async function run<K extends CommandName>(command: K, params: CommandParams<K>, what: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setFailure(null);
    try {
      await bridge.invoke(command, params);
      return true;
    } catch (error) {
      setFailure(`Could not ${what}: ${errorSentence(error)}`);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function duplicate(): Promise<void> {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const { agentId } = await bridge.invoke('saveAgent', duplicateParams(agent, names));
      onSelectAgent(agentId);
    } catch (error) {
      setFailure(`Could not duplicate the agent: ${errorSentence(error)}`);
    } finally {
      setBusy(false);
    }
  }

  function move(by: -1 | 1): void {
    lastMove.current = by < 0 ? 'up' : 'down';
    void run('moveAgent', { agentId: agent.agentId, toIndex: index + by }, 'move the agent');
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onToggle(false);
    toggleRef.current?.focus();
  }

  const { agentId } = agent;
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="agent-actions-toggle"
        aria-label={`Agent actions for ${agent.name}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title="Agent actions"
        onClick={() => onToggle(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          className="agent-actions"
          id={panelId}
          ref={panelRef}
          role="group"
          aria-label={`Actions for ${agent.name}`}
          onKeyDown={onKeyDown}
        >
          <button type="button" className="button button-small" onClick={() => onDialog({ kind: 'edit', agentId })}>
            Edit
          </button>
          <button type="button" className="button button-small" onClick={() => void duplicate()} disabled={busy}>
            Duplicate
          </button>
          <button type="button" className="button button-small" ref={upRef} onClick={() => move(-1)} disabled={busy || index === 0}>
            Move up
          </button>
          <button
            type="button"
            className="button button-small"
            ref={downRef}
            onClick={() => move(1)}
            disabled={busy || index >= total - 1}
          >
            Move down
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            onClick={() =>
              void run('setAgentFlags', { agentId, enabled: !agent.enabled }, agent.enabled ? 'turn the agent off' : 'turn the agent on')
            }
          >
            {agent.enabled ? 'Turn off' : 'Turn on'}
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            onClick={() => void run('setAgentFlags', { agentId, muted: !agent.muted }, agent.muted ? 'unmute the agent' : 'mute the agent')}
          >
            {agent.muted ? 'Unmute' : 'Mute'}
          </button>
          <button type="button" className="button button-small" onClick={() => onDialog({ kind: 'log', agentId })}>
            Show log
          </button>
          {canRestart(agent.status) && (
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              onClick={() => void run('restartAgent', { agentId }, 'restart the agent')}
            >
              Restart
            </button>
          )}
          <button type="button" className="button button-small button-danger" onClick={() => onDialog({ kind: 'remove', agentId })}>
            Remove
          </button>
          {failure && (
            <p className="agent-actions-error plain-text" role="alert">
              {failure}
            </p>
          )}
        </div>
      )}
    </>
  );
}
