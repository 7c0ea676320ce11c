import { useEffect, useId, useRef } from 'react';
import type { AgentView, QueueItemView, Snapshot } from '../../../shared/bridge';
import { waitingText } from '../format';
import { waitsForUser } from '../state/store';
import { FormCard } from './FormCard';
import { PermissionCard } from './PermissionCard';
import { UrlCard } from './UrlCard';

interface QueuePanelProps {
  /** The selected agent, or null when none is configured. */
  agent: AgentView | null;
  /** The selected agent's items, oldest first. */
  items: QueueItemView[];
  /** Other agents that have pending items, with their counts. */
  others: Array<{ agent: AgentView; count: number }>;
  onSelectAgent: (agentId: string) => void;
  /** Where URL-mode pages open by default; a card's "Open in my browser instead" starts checked for `system-browser`. */
  urlMode: Snapshot['urlMode'];
  /** Display names of sessions by `sessionKey`, so a card names its session as the session tabs do. */
  sessionNames: Map<string, string>;
  /** A card to bring into view and focus (a new `seq` asks again for the same item). */
  reveal: { itemId: string; seq: number } | null;
  /** Narrow windows only: the list is folded away under its heading. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

/**
 * The selected agent's queue: one card per elicitation (a form, or a URL to consent to), ordered by arrival,
 * each answerable on its own and in any order (spec E-REQ-5). Points at other agents' waiting requests so
 * none is missed.
 */
export function QueuePanel(props: QueuePanelProps) {
  const { agent, items, others, onSelectAgent, urlMode, sessionNames, reveal, collapsed, onToggleCollapsed } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  // "Show it" on a session's banner: bring that card into view, focus it, and flash it so the eye finds it.
  useEffect(() => {
    if (!reveal) return;
    const card = findCard(listRef.current, reveal.itemId);
    if (!card) return;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
    card.focus({ preventScroll: true });
    if (!calm && typeof card.animate === 'function') {
      card.animate(
        [{ boxShadow: '0 0 0 3px rgb(240 180 76 / 0.9)' }, { boxShadow: '0 0 0 3px rgb(240 180 76 / 0)' }],
        { duration: 1200, easing: 'ease-out' },
      );
    }
  }, [reveal]);

  // When a card the user was working in goes away, land on the next card (or the heading), not on <body>.
  function handleSettled(itemId: string, hadFocus: boolean): void {
    if (!hadFocus) return;
    const index = items.findIndex((i) => i.itemId === itemId);
    const next = items[index + 1] ?? items[index - 1];
    const card = next ? findCard(listRef.current, next.itemId) : undefined;
    (card ?? headingRef.current)?.focus();
  }

  const pending = items.filter(waitsForUser).length;
  const sessionNameOf = (item: QueueItemView) =>
    item.scope.kind === 'session' ? sessionNames.get(item.scope.sessionKey) : undefined;

  return (
    <aside className={`queue${collapsed ? ' is-collapsed' : ''}`} aria-labelledby="queue-heading">
      <div className="queue-head">
        <h2 id="queue-heading" ref={headingRef} tabIndex={-1}>
          Requests
          {agent && <span className="queue-head-agent"> from {agent.name}</span>}
        </h2>
        {pending > 0 && <span className="queue-head-count">{waitingText(pending)}</span>}
        {/* Only drawn on narrow windows, where the queue sits above the session and can be folded away. */}
        <button
          type="button"
          className="button queue-toggle"
          aria-expanded={!collapsed}
          aria-controls={`${ids}-body`}
          onClick={onToggleCollapsed}
        >
          {collapsed ? 'Show' : 'Hide'}
          <span className="sr-only"> requests</span>
        </button>
      </div>
      <div className="queue-body" id={`${ids}-body`}>
        {others.length > 0 && (
          <div className="queue-others">
            <p className="queue-others-title">Also waiting</p>
            <ul>
              {others.map(({ agent: other, count }) => (
                <li key={other.agentId}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      onSelectAgent(other.agentId);
                      // This button goes away once that agent is shown; keep focus in the queue.
                      headingRef.current?.focus();
                    }}
                  >
                    {other.name}: {waitingText(count)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        <div className="queue-list" ref={listRef}>
          {items.length === 0 ? (
            <p className="empty-note">{agent ? `Nothing waiting from ${agent.name}.` : 'Nothing waiting.'}</p>
          ) : (
            items.map((item) =>
              item.mode === 'url' ? (
                <UrlCard
                  key={item.itemId}
                  item={item}
                  sessionName={sessionNameOf(item)}
                  preferSystemBrowser={urlMode === 'system-browser'}
                  onSettled={handleSettled}
                />
              ) : item.mode === 'permission' ? (
                <PermissionCard key={item.itemId} item={item} sessionName={sessionNameOf(item)} onSettled={handleSettled} />
              ) : (
                <FormCard key={item.itemId} item={item} sessionName={sessionNameOf(item)} onSettled={handleSettled} />
              ),
            )
          )}
        </div>
      </div>
    </aside>
  );
}

/** The card of an item inside the queue list, found by its `data-item-id` (ids are opaque, so no CSS selector). */
function findCard(list: HTMLElement | null, itemId: string): HTMLElement | undefined {
  return [...(list?.querySelectorAll<HTMLElement>('article[data-item-id]') ?? [])].find((el) => el.dataset.itemId === itemId);
}
