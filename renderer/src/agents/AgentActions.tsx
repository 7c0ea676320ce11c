import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CommandName, CommandParams } from '../../../shared/bridge';
import type { AgentView } from '../../../shared/views/agents';
import { duplicateParams } from './model/agent-settings';
import { errorSentence, useBridge } from '../shell/bridge-context';
import type { AgentDialog } from './AgentDialogs';
import { menuKeyTarget, type MenuKey } from './model/menu-keys';
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
  /** DOM id for the menu. */
  panelId: string;
}

type MenuAction = 'edit' | 'duplicate' | 'moveUp' | 'moveDown' | 'toggleEnabled' | 'toggleMuted' | 'log' | 'restart' | 'remove';

/** One entry of the menu: what it does, what it says, and whether it can be chosen now (and why not). */
interface MenuEntry {
  action: MenuAction;
  label: string;
  /** Why it cannot be chosen now; it is still listed (and focusable), so the user learns it exists. */
  unavailable?: string;
  danger?: boolean;
}

/**
 * The "Agent actions for <name>" menu button of a sidebar row (WAI-ARIA menu button): Edit, Duplicate, Move up /
 * Move down, Turn off / Turn on, Mute / Unmute, Show log, Restart (always: also for a live or stuck agent) and
 * Remove (asks first). Enter, Space or ↓ opens it on its first item, ↑ on its last; ↑/↓ move (wrapping), Home/End
 * jump, Escape closes it and returns to the button, Tab closes it and moves on; choosing an item closes it and
 * returns focus to the button before acting. The list unfolds below the row rather than floating, so it stays
 * inside the scrolling sidebar and needs no positioning.
 */
export function AgentActions(props: AgentActionsProps) {
  const { agent, index, total, names, open, onToggle, onDialog, onSelectAgent, panelId } = props;
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  /** Which item takes focus when the menu opens. */
  const [openAt, setOpenAt] = useState<'first' | 'last'>('first');
  /** A move was chosen: the row's DOM node may be moved with the list, which drops focus. */
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (document.activeElement === document.body || !document.activeElement) toggleRef.current?.focus();
  }, [index]);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    (openAt === 'last' ? items[items.length - 1] : items[0])?.focus();
  }, [open, openAt]);

  async function run<K extends CommandName>(command: K, params: CommandParams<K>, what: string): Promise<void> {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await bridge.invoke(command, params);
    } catch (error) {
      setFailure(`Could not ${what}: ${errorSentence(error)}`);
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

  const { agentId } = agent;
  const why = (cannot: string | false): string | undefined => (cannot ? cannot : busy ? 'busy' : undefined);
  const entries: MenuEntry[] = [
    { action: 'edit', label: 'Edit' },
    { action: 'duplicate', label: 'Duplicate', unavailable: why(false) },
    { action: 'moveUp', label: 'Move up', unavailable: why(index === 0 && 'already first') },
    { action: 'moveDown', label: 'Move down', unavailable: why(index >= total - 1 && 'already last') },
    { action: 'toggleEnabled', label: agent.enabled ? 'Turn off' : 'Turn on', unavailable: why(false) },
    { action: 'toggleMuted', label: agent.muted ? 'Unmute' : 'Mute', unavailable: why(false) },
    { action: 'log', label: 'Show log' },
    // Offered whatever the agent is doing: a live agent that is stuck needs it most.
    { action: 'restart', label: 'Restart', unavailable: why(!agent.enabled && 'turn it on first') },
    { action: 'remove', label: 'Remove…', danger: true },
  ];

  function perform(action: MenuAction): void {
    switch (action) {
      case 'edit':
        return onDialog({ kind: 'edit', agentId });
      case 'duplicate':
        return void duplicate();
      case 'moveUp':
      case 'moveDown':
        moved.current = true;
        return void run('moveAgent', { agentId, toIndex: index + (action === 'moveUp' ? -1 : 1) }, 'move the agent');
      case 'toggleEnabled':
        return void run('setAgentFlags', { agentId, enabled: !agent.enabled }, agent.enabled ? 'turn the agent off' : 'turn the agent on');
      case 'toggleMuted':
        return void run('setAgentFlags', { agentId, muted: !agent.muted }, agent.muted ? 'unmute the agent' : 'mute the agent');
      case 'log':
        return onDialog({ kind: 'log', agentId });
      case 'restart':
        return void run('restartAgent', { agentId }, 'restart the agent');
      case 'remove':
        return onDialog({ kind: 'remove', agentId });
    }
  }

  function close(): void {
    onToggle(false);
    toggleRef.current?.focus();
  }

  function choose(entry: MenuEntry): void {
    if (entry.unavailable) return;
    close();
    perform(entry.action);
  }

  function onToggleKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpenAt(event.key === 'ArrowUp' ? 'last' : 'first');
    onToggle(true);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      return close();
    }
    if (event.key === 'Tab') return onToggle(false);
    const items = menuItems(menuRef.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const target = menuKeyTarget(event.key as MenuKey, at, items.length);
    if (target === undefined) return;
    event.preventDefault();
    items[target]?.focus();
  }

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="icon-button agent-actions-toggle"
        aria-label={`Agent actions for ${agent.name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title="Agent actions"
        onClick={() => {
          setOpenAt('first');
          onToggle(!open);
        }}
        onKeyDown={onToggleKeyDown}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul
          className="agent-actions"
          id={panelId}
          ref={menuRef}
          role="menu"
          aria-label={`Actions for ${agent.name}`}
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // Focus went elsewhere (a click outside, Tab): the menu folds away, focus stays where it went.
            const to = event.relatedTarget;
            if (to && !event.currentTarget.contains(to) && to !== toggleRef.current) onToggle(false);
          }}
        >
          {entries.map((entry) => (
            <li key={entry.action} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`agent-actions-item${entry.danger ? ' is-danger' : ''}`}
                aria-disabled={entry.unavailable ? true : undefined}
                onClick={() => choose(entry)}
              >
                {entry.label}
                {entry.unavailable && <span className="agent-actions-why"> ({entry.unavailable})</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <p className="agent-actions-error plain-text" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}

/** The menu's items, in order. */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}
