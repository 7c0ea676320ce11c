import type { FocusEventHandler, ReactNode, Ref } from 'react';
import type { QueueItemView } from '../../../shared/bridge';
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
      {stateNote && item.state !== 'pending' && <CardStateNote item={item} />}
      {children}
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
