import type { FocusEventHandler, KeyboardEvent, KeyboardEventHandler, ReactNode, Ref } from 'react';
import type { QueueItemView } from '../../../shared/views/requests';
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
  /**
   * The card's buttons. They sit in a footer that stays in view at the bottom of the queue while a tall card's
   * body scrolls past, as the header does at the top.
   */
  actions?: ReactNode;
  /**
   * Escape pressed anywhere inside the card, unless a control inside already used it (an open list, a dialog):
   * the card's Cancel, "dismissed" in the protocol's words (spec E-RES-1). Absent: Escape does nothing here.
   */
  onEscape?: () => void;
  /** Any other key pressed inside the card (the form card sends on Enter in its review step). */
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
  children: ReactNode;
}

/**
 * What every request card shares: the focusable `<article>` named after the agent and tagged with the item's id,
 * the {@link CardHeader} (sticky at the top of the queue), the body with (unless turned off) the withdrawn /
 * disconnected note and the card's own content, and the actions footer (sticky at the bottom). Escape inside the
 * card calls `onEscape`.
 */
export function CardShell(props: CardShellProps) {
  const { item, sessionName, ref, className, stateNote = true, onFocus, onBlur, actions, onEscape, onKeyDown, children } = props;
  function handleKeyDown(event: KeyboardEvent<HTMLElement>): void {
    onKeyDown?.(event);
    if (event.key !== 'Escape' || !onEscape || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEscape();
  }
  return (
    <article
      ref={ref}
      className={`card card-${item.state}${className ? ` ${className}` : ''}`}
      aria-label={`Request from ${item.agentName}`}
      data-item-id={item.itemId}
      tabIndex={-1}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={handleKeyDown}
    >
      <CardHeader item={item} sessionName={sessionName} />
      <div className="card-body">
        {stateNote && item.state !== 'pending' && <CardStateNote item={item} />}
        {children}
      </div>
      {actions !== undefined && <div className="card-actions">{actions}</div>}
    </article>
  );
}

/**
 * Why a request is no longer answerable, in words that say who ended it: the user (Stop, or a cancelled sign-in),
 * the agent, the agent going away, Switchboard closing, or Switchboard refusing it on arrival (with the reason).
 */
export function CardStateNote({ item }: { item: QueueItemView }) {
  return (
    <p className={`card-state-note card-state-note-${item.state}`} role="status">
      {endedText(item)}
    </p>
  );
}

/** The one sentence {@link CardStateNote} shows for an ended item (also used for the record in the transcript). */
export function endedText(item: QueueItemView): string {
  switch (item.state) {
    case 'stopped':
      return item.scope.kind === 'session' || item.scope.label === 'while answering your prompt'
        ? 'You stopped the turn'
        : item.scope.label === 'while signing in'
          ? 'You cancelled the sign-in'
          : 'You cancelled what this was asked for';
    case 'withdrawn':
      return 'Withdrawn by the agent';
    case 'cancelled':
      return 'You cancelled this request';
    case 'disconnected':
      return 'Agent disconnected';
    case 'app-closed':
      return 'Ended when Switchboard closed';
    case 'refused':
      return `Refused by Switchboard: ${item.refusedReason ?? 'it could not be shown safely.'}`;
    case 'completed':
      return 'Done — the agent reports this is complete.';
    default:
      return '';
  }
}
