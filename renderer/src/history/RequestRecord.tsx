import type { RequestRecordView } from '../../../shared/bridge';
import './RequestRecord.css';

/** How a stored request ended, in words. `open` in history means Switchboard closed while it waited. */
export function requestOutcomeText(request: RequestRecordView): string {
  switch (request.outcome) {
    case 'accepted':
      return request.mode === 'url' ? 'You opened the page' : 'You sent your answer';
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
 * A request the agent asked in a session, as the history keeps it: what it asked, how it ended, and what was
 * typed or sent (secret-looking fields never stored, said so). Read-only.
 */
export function RequestRecord({ request }: { request: RequestRecordView }) {
  const fields = request.fields ?? [];
  return (
    <div className={`entry entry-system request-record outcome-${request.outcome}`} role="group" aria-label={`${MODE_LABEL[request.mode]} request`}>
      <p className="request-record-head">
        <span className="request-record-mode">{MODE_LABEL[request.mode]}</span>
        <span className="request-record-message plain-text">{request.message}</span>
      </p>
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
              <dd>{field.secret ? <em>looked secret</em> : <em>value not kept</em>}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="request-record-outcome">{requestOutcomeText(request)}</p>
    </div>
  );
}
