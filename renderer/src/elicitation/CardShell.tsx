import type { FocusEventHandler, ReactNode, Ref } from 'react';
import type { ItemState, QueueItemView } from '../../../shared/bridge';
import { CardHeader } from './CardHeader';
import './CardShell.css';

interface CardShellProps {
  item: QueueItemView;
  /** The session's display name, as the session tabs show it (session-scoped items only). */
  sessionName?: string;
  ref?: Ref<HTMLElement>;
  /** Extra classes after `card card-<state>`. */
  className?: string;
  /**
   * Whether a request that is no longer pending says why right under the header (form and permission cards).
   * The URL card places its own {@link CardStateNote}, since it has more states.
   */
  stateNote?: boolean;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
  children: ReactNode;
}

/**
 * What every request card shares: the focusable `<article>` named after the agent and tagged with the item's id,
 * the {@link CardHeader}, and (unless turned off) the withdrawn / disconnected note. The card's own content follows.
 */
export function CardShell({ item, sessionName, ref, className, stateNote = true, onFocus, onBlur, children }: CardShellProps) {
  return (
    <article
      ref={ref}
      className={`card card-${item.state}${className ? ` ${className}` : ''}`}
      aria-label={`Request from ${item.agentName}`}
      data-item-id={item.itemId}
      tabIndex={-1}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <CardHeader item={item} sessionName={sessionName} />
      {stateNote && item.state !== 'pending' && <CardStateNote state={item.state} />}
      {children}
    </article>
  );
}

/** Why a request is no longer answerable: the agent withdrew it, or the agent went away. */
export function CardStateNote({ state }: { state: ItemState }) {
  return (
    <p className="card-state-note" role="status">
      {state === 'withdrawn' ? 'Withdrawn by the agent' : 'Agent disconnected'}
    </p>
  );
}
