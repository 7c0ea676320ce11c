import { useId, useState } from 'react';
import type { QueueItemView } from '../../../shared/views/requests';
import { clockTime, requestLabelText, scopeLines, waitingText } from '../shell/model/format';
import { isUnread } from '../state/model/store';
import './WaitingForYou.css';
import { cutText } from '../../../shared/cut-text';

interface WaitingForYouProps {
  /** Every agent's waiting items, oldest first ({@link waitingItems}). */
  items: QueueItemView[];
  seen: ReadonlySet<string>;
  /** Display names of sessions by `sessionKey`. */
  sessionNames: Map<string, string>;
  /** Shows the item: selects its agent (and session) and reveals its card in the Requests panel. */
  onOpen: (itemId: string) => void;
}

/**
 * How many rows are drawn at first and per "Show more". Windowing rather than virtualization: the rows are plain
 * buttons, so a page of them costs little, and keeping every drawn row in the DOM keeps find-in-page, the
 * keyboard's Tab order and screen readers' list counts right, which a virtual list breaks. With 500 waiting
 * requests the first render draws 50 rows, not 500.
 */
export const WAITING_PAGE = 50;

/**
 * The "Waiting for you" list: every request of every agent that waits for the user, in the order they arrived,
 * each naming its agent, what it asks and where it comes from, and marked New until its card has been on screen.
 * Choosing one shows its agent with the card revealed.
 */
export function WaitingForYou({ items, seen, sessionNames, onOpen }: WaitingForYouProps) {
  const ids = useId();
  const [limit, setLimit] = useState(WAITING_PAGE);
  const shown = items.slice(0, limit);
  const rest = items.length - shown.length;
  const unread = items.filter((i) => isUnread(i, seen)).length;

  return (
    <section className="waiting-view" aria-labelledby={`${ids}-title`}>
      <header className="waiting-head">
        <h2 id={`${ids}-title`} className="waiting-title" tabIndex={-1}>
          Waiting for you
        </h2>
        <p className="waiting-summary">
          {items.length === 0 ? '' : waitingText(items.length)}
          {unread > 0 && <span className="waiting-new-count">, {unread} new</span>}
        </p>
      </header>
      {items.length === 0 ? (
        <div className="empty-session">
          <p>Nothing is waiting for you.</p>
          <p className="muted">Requests from every agent show up here in the order they arrived.</p>
        </div>
      ) : (
        <div className="waiting-scroll">
          <ol className="waiting-list">
            {shown.map((item) => {
              const fresh = isUnread(item, seen);
              const context = contextText(item, sessionNames);
              const summary = summaryText(item);
              return (
                <li key={item.itemId}>
                  {/* Named in one sentence ("Beta, new, arrived 14:02. Question: …. Session 1"): the row's parts are
                      flex items, which would otherwise be read with stray spaces between them. */}
                  <button
                    type="button"
                    className={`waiting-row${fresh ? ' is-unread' : ''}`}
                    aria-label={rowLabel(item, fresh, summary, context)}
                    onClick={() => onOpen(item.itemId)}
                  >
                    <span className="waiting-row-top">
                      <span className="waiting-agent">{item.agentName}</span>
                      {fresh && <span className="new-tag">New</span>}
                      <span className="waiting-time">{clockTime(item.arrivedAt)}</span>
                    </span>
                    <span className="waiting-what plain-text">
                      <span className="waiting-kind">{kindText(item)}: </span>
                      {summary}
                    </span>
                    {context && <span className="waiting-context">{context}</span>}
                  </button>
                </li>
              );
            })}
          </ol>
          {rest > 0 && (
            <button type="button" className="button show-more" onClick={() => setLimit((n) => n + WAITING_PAGE)}>
              Show more ({rest} not shown yet)
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function rowLabel(item: QueueItemView, fresh: boolean, summary: string, context: string): string {
  const what = `${kindText(item)}: ${summary}`;
  const end = context ? `${what}${/[.?!…]$/.test(what) ? '' : '.'} ${context}` : what;
  return `${item.agentName}${fresh ? ', new' : ''}, arrived ${clockTime(item.arrivedAt)}. ${end}`;
}

function kindText(item: QueueItemView): string {
  switch (item.mode) {
    case 'permission':
      return 'Permission';
    case 'url':
      return 'Page to open';
    default:
      return 'Question';
  }
}

/** What the request asks, cut to one screenful; the card has the whole text. */
function summaryText(item: QueueItemView): string {
  const text = item.mode === 'permission' ? item.title : item.message;
  const line = text.trim() || '(no message)';
  return cutText(line, 240);
}

/** "While signing in", or "Session 2 › Tool call: Edit files". */
function contextText(item: QueueItemView, sessionNames: Map<string, string>): string {
  const label = requestLabelText(item.scope);
  if (label) return label;
  const sessionName = item.scope.kind === 'session' ? sessionNames.get(item.scope.sessionKey) : undefined;
  return scopeLines(item.scope, sessionName)
    .map((line) => line.text)
    .join(' › ');
}
