import type { FormCheck } from '../../../shared/form-schema/types';
import { CardEndActions, DeclineAndCancel } from './DeclineAndCancel';
import { checkAllowsSend } from './model/form-values';

interface FormCardActionsProps {
  agentName: string;
  /** The request still waits for an answer; otherwise only Dismiss is offered. */
  pending: boolean;
  /** Main's verdict on the values under review, while the review step is shown; null while editing. */
  review: FormCheck | null;
  /** An answer is being sent or was sent: every button is disabled. */
  locked: boolean;
  /** A secret-looking field is asked for: Decline leads and Review is an ordinary button (spec E-FORM-12). */
  secretWarned: boolean;
  /** The id of the form Review submits. */
  formId: string;
  onSend: () => void;
  onEdit: () => void;
  onDecline: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}

/**
 * A form card's buttons (spec E-FORM-4, E-RES-1): Review while editing, Send and Edit on the review step, Decline
 * and Cancel always while it waits; Dismiss once it has ended.
 */
export function FormCardActions(props: FormCardActionsProps) {
  const { agentName, pending, review, locked, secretWarned, formId } = props;
  if (!pending) {
    return (
      <CardEndActions>
        <button type="button" className="button" disabled={locked} onClick={props.onDismiss}>
          Dismiss
        </button>
      </CardEndActions>
    );
  }
  return (
    <>
      {review ? (
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={locked || !checkAllowsSend(review)}
            aria-keyshortcuts="Enter"
            onClick={props.onSend}
          >
            Send
          </button>
          <button type="button" className="button" disabled={locked} onClick={props.onEdit}>
            Edit
          </button>
        </>
      ) : (
        // Under a secret-field warning the safe answer leads: Review is an ordinary button, Decline the primary.
        <button type="submit" form={formId} className={`button${secretWarned ? '' : ' button-primary'}`} disabled={locked}>
          Review
        </button>
      )}
      <DeclineAndCancel
        agentName={agentName}
        disabled={locked}
        declinePrimary={secretWarned && !review}
        cancelNote="cancels too, and keeps what you typed readable here"
        onDecline={props.onDecline}
        onCancel={props.onCancel}
      />
    </>
  );
}
