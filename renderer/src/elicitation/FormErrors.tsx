import './FormErrors.css';

/**
 * The problems that keep a form from being sent and belong to no one field shown (spec E-FORM-5, E-FORM-9), listed
 * above the fields; `reviewing` says whether they hold back Send or, while editing, the form as a whole.
 */
export function FormErrors({ errors, reviewing }: { errors: string[]; reviewing: boolean }) {
  if (errors.length === 0) return null;
  return (
    <div className="form-errors" aria-live="polite">
      <p className="form-errors-title">{reviewing ? 'Send is not possible:' : 'Before this can be sent:'}</p>
      <ul>
        {errors.map((text, index) => (
          <li key={index}>{text}</li>
        ))}
      </ul>
    </div>
  );
}
