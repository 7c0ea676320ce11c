import type { FieldSpec } from '../../../shared/form-schema/types';
import './SecretWarnings.css';

/**
 * One alert per secret-looking field of a pending form (spec E-FORM-12): ACP forbids asking for secrets in a form,
 * so the card says so, names the field, and points to Decline.
 */
export function SecretWarnings({ agentName, secrets }: { agentName: string; secrets: FieldSpec[] }) {
  return secrets.map((field, index) => (
    <div className="secret-warning" role="alert" key={`${index}:${field.name}`}>
      <strong>
        {agentName} is asking for “{field.label}”. ACP forbids asking for secrets in a form.
      </strong>{' '}
      Do not type a password, key or code here unless you are sure; you can Decline instead.
    </div>
  ));
}
