import { useRef } from 'react';
import type { AgentView, QueueItemView, Snapshot } from '../../../shared/bridge';
import { waitingText } from '../format';
import { waitsForUser } from '../state/store';
import { FormCard } from './FormCard';
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
}

/**
 * The selected agent's queue: one card per elicitation (a form, or a URL to consent to), ordered by arrival,
 * each answerable on its own and in any order (spec E-REQ-5). Points at other agents' waiting requests so
 * none is missed.
 */
export function QueuePanel({ agent, items, others, onSelectAgent, urlMode }: QueuePanelProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // When a card the user was working in goes away, land on the next card (or the heading), not on <body>.
  function handleSettled(itemId: string, hadFocus: boolean): void {
    if (!hadFocus) return;
    const index = items.findIndex((i) => i.itemId === itemId);
    const next = items[index + 1] ?? items[index - 1];
    const card = next
      ? [...(listRef.current?.querySelectorAll<HTMLElement>('article[data-item-id]') ?? [])].find(
          (el) => el.dataset.itemId === next.itemId,
        )
      : undefined;
    (card ?? headingRef.current)?.focus();
  }

  const pending = items.filter(waitsForUser).length;

  return (
    <aside className="queue" aria-labelledby="queue-heading">
      <div className="queue-head">
        <h2 id="queue-heading" ref={headingRef} tabIndex={-1}>
          Requests
          {agent && <span className="queue-head-agent"> from {agent.name}</span>}
        </h2>
        {pending > 0 && <span className="queue-head-count">{waitingText(pending)}</span>}
      </div>

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
                preferSystemBrowser={urlMode === 'system-browser'}
                onSettled={handleSettled}
              />
            ) : (
              <FormCard key={item.itemId} item={item} onSettled={handleSettled} />
            ),
          )
        )}
      </div>
    </aside>
  );
}
