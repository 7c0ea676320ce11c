import type { FieldSpec } from '../../../shared/form-schema/types';
import './ReviewBlocked.css';

interface ReviewBlockedProps {
  /** The form's fields, in order; a key (`f<index>`, form-values.ts) names one of them. */
  fields: FieldSpec[];
  /** Keys of the fields that held Review back and are still unfixed, in form order. */
  blocked: string[];
  /** Whether every one of them is empty, so the heading asks for an answer rather than attention. */
  allEmpty: boolean;
  /** Focuses the field with this key and brings it into view. */
  onReveal: (key: string) => void;
}

/**
 * The fields that held Review back, named at the top of the card (spec E-FORM-5) until each is fixed; each name
 * is a button that takes the user to its field.
 */
export function ReviewBlocked({ fields, blocked, allEmpty, onReveal }: ReviewBlockedProps) {
  if (blocked.length === 0) return null;
  return (
    <div className="review-blocked" role="alert">
      <p className="review-blocked-title">
        {blocked.length === 1 ? '1 field needs' : `${blocked.length} fields need`}{' '}
        {allEmpty ? 'an answer' : 'attention'} before you can review:
      </p>
      <ul className="review-blocked-list">
        {blocked.map((key) => {
          const field = fields[Number(key.slice(1))];
          return (
            <li key={key}>
              <button type="button" className="link-button" onClick={() => onReveal(key)}>
                {field?.label ?? key}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
