import type { Ref } from 'react';
import type { FieldSpec, FormCheck } from '../../../shared/form-schema/types';
import { formatContentValue } from './model/form-values';
import { isLongMessage, messageExcerpt } from './model/message-fold';
import { SecretValue } from './SecretValue';
import './ReviewSummary.css';

interface ReviewSummaryProps {
  /** Configured name plus reported identity of the asking agent (spec E-REQ-7). */
  agent: string;
  message: string;
  /** The asking agent's configured name, for the reference to a long message. */
  agentName: string;
  fields: FieldSpec[];
  /** Main's verdict on the values under review; `content` is exactly what Send will send. */
  check: FormCheck;
  headingRef: Ref<HTMLHeadingElement>;
  headingId: string;
}

/**
 * The read-only review before sending (spec E-FORM-4): the agent, the message (a long one only by its opening words
 * and a pointer to the message above, which the card already shows), and each field that will be sent, with its
 * label and the value taken from `FormCheck.content`. Optional fields left empty are omitted (E-FORM-8), so they are
 * not listed one by one (a long form's review was mostly "(not sent)"); one line counts them.
 * Unsupported fields say so (E-FORM-9). A value that looks like a secret is masked until the user asks (E-FORM-12).
 */
export function ReviewSummary({ agent, message, agentName, fields, check, headingRef, headingId }: ReviewSummaryProps) {
  const long = isLongMessage(message);
  const shown = fields.filter((field) => field.kind === 'unsupported' || Object.hasOwn(check.content, field.name));
  const leftEmpty = fields.length - shown.length;
  return (
    // A group, not a region: two cards can be in review at once, and regions must be uniquely named (axe landmark-unique).
    <div role="group" className="review" aria-labelledby={headingId}>
      <h4 id={headingId} ref={headingRef} tabIndex={-1} className="review-heading">
        Review before sending
      </h4>
      <dl className="review-list">
        <div className="review-row">
          <dt>Agent</dt>
          <dd>{agent}</dd>
        </div>
        <div className="review-row">
          <dt>Message</dt>
          {long ? (
            <dd className="review-message-ref">
              <span className="plain-text">“{messageExcerpt(message)}”</span>{' '}
              <span className="muted">({agentName}’s full message is shown above.)</span>
            </dd>
          ) : (
            <dd className="plain-text">{message}</dd>
          )}
        </div>
      </dl>
      <h5 className="review-subheading">Answers that will be sent</h5>
      {fields.length === 0 ? (
        <p className="muted">This form has no fields; Send answers with an empty reply.</p>
      ) : shown.length === 0 ? (
        <p className="muted">Nothing to send; Send answers with an empty reply.</p>
      ) : (
        <dl className="review-list">
          {shown.map((field, index) => {
            const secret = secretText(field, check);
            return (
              <div className="review-row" key={`${index}:${field.name}`}>
                <dt>{field.label}</dt>
                <dd className="plain-text">
                  {secret !== undefined ? <SecretValue label={field.label} value={secret} /> : reviewValue(field, check)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {leftEmpty > 0 && (
        <p className="review-left-empty">
          {leftEmpty === 1 ? '1 optional field' : `${leftEmpty} optional fields`} left empty, not sent
        </p>
      )}
    </div>
  );
}

function reviewValue(field: FieldSpec, check: FormCheck): string {
  if (field.kind === 'unsupported') return '(unsupported, not sent)';
  return formatContentValue(field, check.content[field.name]);
}

/** The text of a non-empty secret-looking value that will be sent, else undefined (shown as usual). */
function secretText(field: FieldSpec, check: FormCheck): string | undefined {
  if (!field.looksSecret || !Object.hasOwn(check.content, field.name)) return undefined;
  const value = check.content[field.name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
