import { useState } from 'react';
import { maskedSecret } from './model/form-values';
import './SecretValue.css';

/**
 * A value that looks like a secret (spec E-FORM-12), read-only: masked as "•••• (N characters)" until the user
 * presses "Show <label>". The button is named by its text, so a field label lookup never finds it.
 */
export function SecretValue({ label, value }: { label: string; value: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="secret-value">
      <span className={shown ? 'plain-text selectable' : 'secret-mask'}>{shown ? value : maskedSecret(value)}</span>
      <button type="button" className="link-button secret-toggle" onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide' : 'Show'}
        <span className="sr-only"> {label}</span>
      </button>
    </span>
  );
}
