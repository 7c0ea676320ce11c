import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AgentView } from '../../../shared/views/agents';
import type { QueueItemView } from '../../../shared/views/requests';
import { focusInsideCard } from '../shell/window-shortcuts';
import { splitByLive, waitsForUser } from '../state/model/store';
import { FormCard } from './FormCard';
import { PermissionCard } from './PermissionCard';
import { LazyUrlCard } from './LazyUrlCard';
import { watchPinnedActions } from './pinned-actions';
import { SeenObserver } from './seen-observer';
import { QueueHead } from './QueueHead';
import { AlsoWaiting } from './AlsoWaiting';
import { EndedHeading } from './EndedHeading';
import { useQueue } from './use-queue';
import './QueuePanel.css';

// A card re-renders only when its own item (or session name) changed: an event for one of 500 requests must not
// redraw the 30 cards on screen. Items keep their object identity in the store unless they changed.
const MemoFormCard = memo(FormCard);
const MemoUrlCard = memo(LazyUrlCard);
const MemoPermissionCard = memo(PermissionCard);

/**
 * How many cards are drawn at first and per "Show more". Windowing rather than virtualization: cards are
 * forms with typed values, focus and review state of their own, and vary in height, so unmounting them as they
 * scroll away (what a virtual list does) would lose that state and make the reveal-and-focus helper chase cards
 * that do not exist. Drawing the oldest 30 (the ones to answer first) keeps a queue of 500 as cheap as one of 30;
 * a revealed card further down is drawn on demand.
 */
export const QUEUE_PAGE = 30;

interface QueuePanelProps {
  /** The selected agent, or null when none is configured. */
  agent: AgentView | null;
  /** The panel's element id (the narrow window's pane switch points at it). */
  id?: string;
  /**
   * False while a narrow window shows the session pane instead (the panel is laid out but hidden): cards in view
   * are not counted as seen until it shows again.
   */
  onScreen: boolean;
}

/**
 * The selected agent's queue: one card per elicitation (a form, or a URL to consent to), ordered by arrival,
 * each answerable on its own and in any order (spec E-REQ-5). Points at other agents' waiting requests so
 * none is missed. Its data and actions come from the store (use-queue.ts).
 */
export function QueuePanel({ agent, id, onScreen }: QueuePanelProps) {
  const agentId = agent?.agentId ?? null;
  const queue = useQueue(agentId);
  const { items: arrived, others, urlMode, sessionNames, reveal, waitingTotal } = queue;
  const { selectAgent: onSelectAgent, markSeen: onSeen, showWaiting: onShowWaiting, stepWaiting: onStepWaiting, declined: onDeclined } = queue;
  // Live requests first, then the ended ones (done, refused, withdrawn, disconnected) that only wait for Dismiss:
  // a finished card never sits above a newer request that still needs the user.
  const { items, endedFrom } = useMemo(() => {
    const { live, ended } = splitByLive(arrived);
    return { items: ended.length === 0 ? live : [...live, ...ended], endedFrom: live.length };
  }, [arrived]);
  const listRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Windowing (see QUEUE_PAGE): per agent, starting again at one page when another agent is shown.
  const [paging, setPaging] = useState({ agentId, limit: QUEUE_PAGE });
  const pageLimit = paging.agentId === agentId ? paging.limit : QUEUE_PAGE;
  const revealIndex = reveal ? items.findIndex((i) => i.itemId === reveal.itemId) : -1;
  const limit = Math.max(pageLimit, revealIndex + 1);
  const shown = items.length > limit ? items.slice(0, limit) : items;
  const notShown = items.length - shown.length;
  const shownKey = shown.map((i) => i.itemId).join('\n');

  // Unread marks: a card is read once it has been on screen. Observed against the viewport, which also accounts
  // for the panel's own scrolling and for the folded-away panel (nothing of it intersects then).
  const onSeenRef = useRef(onSeen);
  useEffect(() => {
    onSeenRef.current = onSeen;
  }, [onSeen]);
  const observerRef = useRef<SeenObserver | null>(null);
  useEffect(() => {
    const observer = new SeenObserver((itemIds) => onSeenRef.current(itemIds));
    observerRef.current = observer;
    return () => {
      observer.dispose();
      observerRef.current = null;
    };
  }, []);
  useEffect(() => {
    observerRef.current?.observe(listRef.current);
  }, [shownKey]);
  useEffect(() => {
    observerRef.current?.setOnScreen(onScreen);
  }, [onScreen]);

  // Only the card at the top of the view pins its actions to the bottom (pinned-actions.ts).
  useEffect(() => {
    if (!bodyRef.current || !listRef.current) return;
    return watchPinnedActions(bodyRef.current, listRef.current);
  }, []);

  // "Show it" on a session's banner: bring that card into view, focus it, and flash it so the eye finds it.
  useEffect(() => {
    if (!reveal) return;
    const card = findCard(listRef.current, reveal.itemId);
    if (!card) return;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
    if (reveal.into) focusInsideCard(card);
    else card.focus({ preventScroll: true });
    if (!calm && typeof card.animate === 'function') {
      card.animate(
        [{ boxShadow: '0 0 0 3px rgb(240 180 76 / 0.9)' }, { boxShadow: '0 0 0 3px rgb(240 180 76 / 0)' }],
        { duration: 1200, easing: 'ease-out' },
      );
    }
  }, [reveal]);

  // When a card the user was working in goes away, land on the next card (or the heading), not on <body>.
  // Stable across renders (it reads the latest items through a ref), so the memoized cards stay put.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  const handleSettled = useCallback((itemId: string, hadFocus: boolean): void => {
    if (!hadFocus) return;
    const all = itemsRef.current;
    const index = all.findIndex((i) => i.itemId === itemId);
    const next = all[index + 1] ?? all[index - 1];
    const card = next ? findCard(listRef.current, next.itemId) : undefined;
    (card ?? headingRef.current)?.focus();
  }, []);

  const pending = items.filter(waitsForUser).length;
  function renderCard(item: QueueItemView) {
    return item.mode === 'url' ? (
      <MemoUrlCard
        key={item.itemId}
        item={item}
        sessionName={sessionNameOf(item)}
        preferSystemBrowser={urlMode === 'system-browser'}
        pagesRecordedOnly={queue.urlPagesRecordedOnly}
        onSettled={handleSettled}
        onDeclined={onDeclined}
      />
    ) : item.mode === 'permission' ? (
      <MemoPermissionCard key={item.itemId} item={item} sessionName={sessionNameOf(item)} onSettled={handleSettled} onDeclined={onDeclined} />
    ) : (
      <MemoFormCard key={item.itemId} item={item} sessionName={sessionNameOf(item)} onSettled={handleSettled} onDeclined={onDeclined} />
    );
  }
  const sessionNameOf = (item: QueueItemView) =>
    item.scope.kind === 'session' ? sessionNames.get(item.scope.sessionKey) : undefined;

  return (
    <aside className={`queue${items.length === 0 ? ' queue-idle' : ''}`} id={id} aria-labelledby="queue-heading">
      <QueueHead
        agent={agent}
        idle={items.length === 0}
        pending={pending}
        waitingTotal={waitingTotal}
        onStepWaiting={onStepWaiting}
        headingRef={headingRef}
      />
      <div className="queue-body" ref={bodyRef}>
        {/* Said first: the column is narrow then, and what it has is other agents' requests (App.css .queue-idle). */}
        {items.length === 0 && <p className="queue-none">{agent ? `No requests from ${agent.name}.` : 'No requests.'}</p>}
        <AlsoWaiting
          others={others}
          onSelectAgent={onSelectAgent}
          onShowWaiting={onShowWaiting}
          onLeave={() => headingRef.current?.focus()}
        />

        <div className="queue-list" ref={listRef}>
          {items.length === 0 ? null : (
            // One flat list of siblings (the heading among them), so a card that ends moves below it without being
            // remounted: its focus and its own state stay.
            shown.flatMap((item, index) => {
              const drawn = renderCard(item);
              return index === endedFrom
                ? [<EndedHeading key="ended-heading" items={items.slice(endedFrom)} onCleared={() => headingRef.current?.focus()} />, drawn]
                : [drawn];
            })
          )}
          {notShown > 0 && (
            <button
              type="button"
              className="button show-more"
              onClick={() => setPaging({ agentId, limit: limit + QUEUE_PAGE })}
            >
              Show more ({notShown} not shown yet)
            </button>
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
