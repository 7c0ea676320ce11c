import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Snapshot } from '../../../shared/bridge';
import type { AgentView } from '../../../shared/views/agents';
import type { QueueItemView } from '../../../shared/views/requests';
import { waitingText } from '../shell/format';
import { ariaKeyShortcut, shortcutLabel } from '../../../shared/shortcuts';
import { focusInsideCard, IS_MAC } from '../shell/window-shortcuts';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { splitByLive, waitsForUser, type RevealRequest } from '../state/store';
import { srOnlyWhen } from '../shell/media-query';
import { FormCard } from './FormCard';
import { PermissionCard } from './PermissionCard';
import { LazyUrlCard } from './LazyUrlCard';
import { watchPinnedActions } from './pinned-actions';
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
  /** The selected agent's items, oldest first. */
  items: QueueItemView[];
  /** Other agents that have pending items, with their counts. */
  others: Array<{ agent: AgentView; count: number }>;
  onSelectAgent: (agentId: string) => void;
  /** Where URL-mode pages open by default; a card starts with "Your browser" chosen for `system-browser`. */
  urlMode: Snapshot['urlMode'];
  /** Consented pages are only recorded, never opened (the harness): the URL cards say so. */
  urlPagesRecordedOnly?: boolean;
  /** Display names of sessions by `sessionKey`, so a card names its session as the session tabs do. */
  sessionNames: Map<string, string>;
  /** The panel's element id (the narrow window's pane switch points at it). */
  id?: string;
  /** A card to bring into view and focus (a new `seq` asks again for the same item). */
  reveal: RevealRequest | null;
  /**
   * False while a narrow window shows the session pane instead (the panel is laid out but hidden): cards in view
   * are not counted as seen until it shows again.
   */
  onScreen: boolean;
  /** These cards have been on screen (at least half visible, or a good part of a tall one) while the window was shown. */
  onSeen: (itemIds: string[]) => void;
  /** Opens the "Waiting for you" list (where "Also waiting" leads once it names too many agents). */
  onShowWaiting: () => void;
  /** How many requests wait across every agent (Next / Previous are offered when there is one). */
  waitingTotal: number;
  /** Next (1) / Previous (-1) waiting request, across agents, from the card in focus. */
  onStepWaiting: (direction: 1 | -1) => void;
  /** A card's Decline (or a permission's Reject) was accepted: offer to tell the agent why (issue 12 scope 7). Stable. */
  onDeclined: (item: QueueItemView) => void;
}

/** How many other agents "Also waiting" names; the rest are summed up with a way to the full list. */
const OTHERS_SHOWN = 4;

/**
 * The selected agent's queue: one card per elicitation (a form, or a URL to consent to), ordered by arrival,
 * each answerable on its own and in any order (spec E-REQ-5). Points at other agents' waiting requests so
 * none is missed.
 */
export function QueuePanel(props: QueuePanelProps) {
  const { agent, items: arrived, others, onSelectAgent, urlMode, sessionNames, reveal, onScreen, onSeen, onShowWaiting } = props;
  const { waitingTotal, onStepWaiting, onDeclined } = props;
  const othersHidden = others.slice(OTHERS_SHOWN);
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
  const agentId = agent?.agentId ?? null;
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
        pagesRecordedOnly={props.urlPagesRecordedOnly}
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
    <aside className={`queue${items.length === 0 ? ' queue-idle' : ''}`} id={props.id} aria-labelledby="queue-heading">
      <div className="queue-head">
        <h2 id="queue-heading" ref={headingRef} tabIndex={-1}>
          Requests
          {/* Narrow and idle, the line under the heading names the agent; the heading keeps it for screen readers. */}
          {agent && <span className={srOnlyWhen(items.length === 0, 'queue-head-agent')}> from {agent.name}</span>}
        </h2>
        <div className="queue-head-tools">
          {waitingTotal > 0 && <span className="queue-head-count">{queueCountText(pending, waitingTotal)}</span>}
          {waitingTotal > 0 && <WaitingSteps onStep={onStepWaiting} />}
        </div>
      </div>
      <div className="queue-body" ref={bodyRef}>
        {/* Said first: the column is narrow then, and what it has is other agents' requests (App.css .queue-idle). */}
        {items.length === 0 && <p className="queue-none">{agent ? `No requests from ${agent.name}.` : 'No requests.'}</p>}
        {others.length > 0 && (
          <div className="queue-others">
            <p className="queue-others-title">Also waiting</p>
            <ul>
              {others.slice(0, OTHERS_SHOWN).map(({ agent: other, count }) => (
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
              {othersHidden.length > 0 && (
                <li>
                  <button type="button" className="link-button" onClick={onShowWaiting}>
                    {othersHidden.length} more {othersHidden.length === 1 ? 'agent' : 'agents'}:{' '}
                    {waitingText(othersHidden.reduce((sum, o) => sum + o.count, 0))}
                  </button>
                </li>
              )}
            </ul>
          </div>
        )}

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

/**
 * The heading over the ended cards (done, refused, withdrawn, disconnected, stopped) with "Clear ended", which
 * dismisses them all at once (issue 12 scope 6); each card's own Dismiss still works. Their records stay in the
 * session's transcript. `onCleared` puts focus somewhere that stays (the button goes away with them).
 */
function EndedHeading({ items, onCleared }: { items: QueueItemView[]; onCleared: () => void }) {
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function clear(): Promise<void> {
    setBusy(true);
    setFailure(null);
    const results = await Promise.allSettled(items.map((item) => bridge.invoke('dismissItem', { itemId: item.itemId })));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    setBusy(false);
    if (failed) setFailure(`Some could not be dismissed: ${errorSentence(failed.reason)}`);
    else onCleared();
  }
  return (
    <div className="queue-ended-head">
      <h3 className="queue-ended-title">
        Ended <span className="queue-ended-hint">· nothing more to answer; dismiss when done</span>
      </h3>
      <button type="button" className="button button-small queue-clear-ended" disabled={busy} onClick={() => void clear()}>
        Clear ended ({items.length})
      </button>
      {failure && (
        <p className="queue-ended-error plain-text" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/**
 * "Previous waiting request" / "Next waiting request": move focus into the waiting request before / after the one
 * in focus, across agents, wrapping at the ends. The same as the window-wide shortcuts they declare.
 */
function WaitingSteps({ onStep }: { onStep: (direction: 1 | -1) => void }) {
  const steps = [
    { direction: -1 as const, command: 'previousWaitingRequest' as const, label: 'Previous waiting request', arrow: '↑' },
    { direction: 1 as const, command: 'nextWaitingRequest' as const, label: 'Next waiting request', arrow: '↓' },
  ];
  return (
    <span className="queue-steps">
      {steps.map((step) => (
        <button
          key={step.command}
          type="button"
          className="button button-small queue-step"
          aria-label={step.label}
          aria-keyshortcuts={ariaKeyShortcut(step.command, IS_MAC)}
          title={`${step.label} (${shortcutLabel(step.command, IS_MAC)})`}
          onClick={() => onStep(step.direction)}
        >
          <span aria-hidden="true">{step.arrow}</span>
        </button>
      ))}
    </span>
  );
}

/**
 * The heading's count. It counts what the narrow window's "Requests (N)" tab and the sidebar's "Waiting for you (N)"
 * count, every agent's waiting requests, and says how many of them are this agent's when not all are:
 * "2 requests waiting", "1 request waiting here, 3 in all", "2 waiting from other agents".
 */
export function queueCountText(here: number, total: number): string {
  if (here >= total) return waitingText(here);
  return here === 0 ? `${total} waiting from other agents` : `${waitingText(here)} here, ${total} in all`;
}

/** The card of an item inside the queue list, found by its `data-item-id` (ids are opaque, so no CSS selector). */
function findCard(list: HTMLElement | null, itemId: string): HTMLElement | undefined {
  return [...(list?.querySelectorAll<HTMLElement>('article[data-item-id]') ?? [])].find((el) => el.dataset.itemId === itemId);
}

/**
 * Reports queue cards that have been on screen while the window was visible. A card counts once at least half of
 * it, or 160 px of a tall one, was in view. While the window is hidden (minimized, another desktop), or the panel
 * is (a narrow window showing the session pane), cards in view are held back and reported when it shows again.
 */
class SeenObserver {
  private readonly io: IntersectionObserver | null;
  private readonly inView = new Set<string>();
  private readonly onVisibility = () => this.flush();
  private onScreen = true;

  constructor(private readonly report: (itemIds: string[]) => void) {
    this.io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => this.update(entries), { threshold: [0, 0.25, 0.5, 1] })
        : null;
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Watches every card now in `list` (replacing what was watched before). */
  observe(list: HTMLElement | null): void {
    if (!this.io) return;
    this.io.disconnect();
    this.inView.clear();
    for (const card of list?.querySelectorAll<HTMLElement>('article[data-item-id]') ?? []) this.io.observe(card);
  }

  /** The panel is shown (true) or laid out but hidden behind the session pane (false); shown again, reports what is in view. */
  setOnScreen(onScreen: boolean): void {
    this.onScreen = onScreen;
    this.flush();
  }

  dispose(): void {
    this.io?.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private update(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const itemId = (entry.target as HTMLElement).dataset.itemId;
      if (!itemId) continue;
      const visible = entry.isIntersecting && (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= 160);
      if (visible) this.inView.add(itemId);
      else this.inView.delete(itemId);
    }
    this.flush();
  }

  private flush(): void {
    if (!this.onScreen || document.visibilityState !== 'visible' || this.inView.size === 0) return;
    this.report([...this.inView]);
  }
}
