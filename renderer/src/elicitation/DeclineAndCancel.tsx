import { useId, type ReactNode } from 'react';
import { srOnlyWhen } from '../shell/media-query';
import { useOnePane } from '../shell/one-pane';
import './DeclineAndCancel.css';

interface DeclineAndCancelProps {
  /** The asking agent's name: Decline "tells <agent> no". */
  agentName: string;
  /** Whether both buttons are locked (an answer is on its way). */
  disabled: boolean;
  onDecline: () => void;
  onCancel: () => void;
  /**
   * Risk made "no" the safe default (a lookalike host, a form asking for a secret): Decline is then drawn as the
   * card's primary button.
   */
  declinePrimary?: boolean;
  /** Said after what Cancel does, e.g. that Escape keeps what was typed. */
  cancelNote?: string;
}

/**
 * The two ways to say no, drawn so they cannot be mistaken for each other (spec E-RES-1): **Decline** answers
 * `decline` ("the user said no") and looks like a firm choice; **Cancel** answers `cancel` ("dismissed") and is
 * quiet. Each is described, visibly under the buttons and to assistive technology through `aria-describedby`;
 * Cancel also announces its Escape shortcut, which the card itself handles (CardShell `onEscape`).
 */
export function DeclineAndCancel({ agentName, disabled, onDecline, onCancel, declinePrimary = false, cancelNote }: DeclineAndCancelProps) {
  const id = useId();
  // A narrow window gives the card's body the room: the explanation stays each button's description.
  const helpClass = srOnlyWhen(useOnePane(), 'decline-cancel-help');
  return (
    <>
      <CardEndActions>
        <button
          type="button"
          className={`button button-danger${declinePrimary ? ' button-primary' : ''}`}
          disabled={disabled}
          aria-describedby={`${id}-decline`}
          title={`Tells ${agentName} no`}
          onClick={onDecline}
        >
          Decline
        </button>
        <CancelButton
          disabled={disabled}
          describedBy={`${id}-cancel`}
          tooltip={`Dismisses it without answering (Esc${cancelNote ? `: ${cancelNote}` : ''})`}
          onCancel={onCancel}
        />
      </CardEndActions>
      <p className={helpClass}>
        <span id={`${id}-decline`}>Decline tells {agentName} no.</span>{' '}
        <span id={`${id}-cancel`}>
          Cancel dismisses it without answering.
          {cancelNote && <span className="sr-only"> Escape: {cancelNote}.</span>}
        </span>
      </p>
    </>
  );
}

interface CancelButtonProps {
  disabled: boolean;
  /** The id of the text that says what Cancel does. */
  describedBy: string;
  tooltip: string;
  onCancel: () => void;
}

/** The quiet Cancel button, announcing the card's Escape shortcut (also the permission card's only "no" of its own). */
export function CancelButton({ disabled, describedBy, tooltip, onCancel }: CancelButtonProps) {
  return (
    <button
      type="button"
      className="button button-cancel"
      disabled={disabled}
      aria-describedby={describedBy}
      aria-keyshortcuts="Escape"
      title={tooltip}
      onClick={onCancel}
    >
      Cancel
    </button>
  );
}

/**
 * The end of every card's action row (one button order for every card kind): the
 * ways to say no (Decline or a reject option, then Cancel) or, on a card that is over, Dismiss. It keeps to the
 * row's far end, and wraps onto a row of its own as a group, so "no" is always one click away in the same place
 * while the card's answer (Review, Send, Open, Allow) leads at the start.
 */
export function CardEndActions({ children }: { children: ReactNode }) {
  return <span className="decline-cancel">{children}</span>;
}
