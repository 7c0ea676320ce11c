import type { RequestRecordView } from '../../../../shared/views/requests';
import { useRecordActions } from './record-actions';
import { recordFields, recordMessageSize } from './model/record-fields';
import { CardMessage } from '../../elicitation/CardMessage';
import { isLongMessage } from '../../elicitation/model/message-fold';
import './RequestRecord.css';

/**
 * How a request ended, in words. `open` in history means Switchboard closed while it waited; in a live transcript
 * (`waiting`) that it still waits.
 */
export function requestOutcomeText(request: RequestRecordView): string {
  if (request.waiting) return 'Waiting for your answer';
  switch (request.outcome) {
    case 'accepted':
      // A URL's accept is consent (spec E-URL-6): where nothing opens (the harness) "you opened" would not be true.
      return request.mode === 'url' ? 'You agreed to open the page' : 'You sent your answer';
    case 'declined':
      return 'You declined';
    case 'cancelled':
      return 'You cancelled';
    case 'chosen':
      return request.option ? `You chose “${request.option}”` : 'You answered';
    case 'withdrawn':
      return 'Withdrawn by the agent';
    case 'stopped':
      return 'Ended: you stopped what it belonged to';
    case 'disconnected':
      return 'Ended: agent disconnected';
    case 'completed':
      return 'Completed by the agent';
    case 'refused':
      return 'Refused by Switchboard';
    case 'open':
      return 'Ended when Switchboard closed';
  }
}

const MODE_LABEL: Record<RequestRecordView['mode'], string> = {
  form: 'Form',
  url: 'Page to open',
  permission: 'Permission',
};

/**
 * A request the agent asked in a session: what it asked and how it ended. In the History view no value is
 * shown (none is stored, spec E-PRIV-1); in a live session's transcript a sent form shows what was sent, with
 * secret-looking fields masked (spec E-FORM-12), and a declined request offers "Tell the agent why…".
 */
export function RequestRecord({ request }: { request: RequestRecordView }) {
  const actions = useRecordActions();
  const { fields, notSent } = recordFields(request, actions !== null);
  const long = isLongMessage(request.message);
  return (
    <div className={`entry entry-system request-record outcome-${request.outcome}`} role="group" aria-label={`${MODE_LABEL[request.mode]} request`}>
      <p className="request-record-head">
        <span className="request-record-mode">{MODE_LABEL[request.mode]}</span>
        {!long && <span className="request-record-message plain-text">{request.message}</span>}
      </p>
      {/* A long message folds as it does on the card (same component and limit): a 500 KB question ran for
          dozens of lines in the transcript. */}
      {long && <CardMessage text={request.message} agentName="the agent" size={recordMessageSize(request)} />}
      {request.host && (
        <p className="request-record-line">
          Address on <code translate="no">{request.host}</code>
        </p>
      )}
      {fields.length > 0 && (
        <dl className="request-record-fields">
          {fields.map((field) => (
            <div key={field.name} className="request-record-field">
              <dt className="plain-text">{field.title}</dt>
              <dd className="plain-text">{fieldText(request, field)}</dd>
            </div>
          ))}
        </dl>
      )}
      {notSent && <p className="request-record-line plain-text">{notSent}</p>}
      <p className="request-record-outcome">{requestOutcomeText(request)}</p>
      {actions && request.outcome === 'declined' && (
        <p className="request-record-actions">
          <button type="button" className="button button-small" onClick={() => actions.explainDecline(request.message)}>
            Tell the agent why…
          </button>
        </p>
      )}
    </div>
  );
}

/** What a record shows for one field: the value sent (live), masked when it looked secret, or why there is none. */
function fieldText(request: RequestRecordView, field: NonNullable<RequestRecordView['fields']>[number]) {
  if (field.secret) return <em>{request.sent ? '•••• (looked secret; not shown or kept)' : 'looked secret'}</em>;
  if (!request.sent) return <em>value not kept</em>;
  return field.answer ?? <em>(not sent)</em>;
}
