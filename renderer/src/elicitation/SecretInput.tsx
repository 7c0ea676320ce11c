import { useState, type ReactNode } from 'react';
import './SecretInput.css';

/**
 * A secret-looking string field (spec E-FORM-12): a password box with a "Show" toggle. The toggle is named by
 * its own text ("Show API token"), not by aria-label, so looking the field up by its label finds only the box.
 */
export function SecretInput({ id, label, input }: { id: string; label: string; input: (type: string) => ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="input-with-action">
      {input(shown ? 'text' : 'password')}
      <button type="button" className="button input-action" aria-controls={id} onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide' : 'Show'}
        <span className="sr-only"> {label}</span>
      </button>
    </div>
  );
}
