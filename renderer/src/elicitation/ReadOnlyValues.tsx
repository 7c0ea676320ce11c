import type { FieldSpec, FormValues } from '../../../shared/form-schema/types';
import { fieldKey, formatRawValue, isSupported } from './model/form-values';
import { SecretValue } from './SecretValue';
import './ReadOnlyValues.css';

/** The typed values of a withdrawn or disconnected card, as selectable text (spec E-CXL-1, E-CXL-4). */
export function ReadOnlyValues({ fields, values }: { fields: FieldSpec[]; values: FormValues }) {
  const shown = fields.map((field, index) => ({ field, index })).filter(({ field }) => isSupported(field));
  return (
    // A group, not a region: several ended cards each hold one, and regions must be uniquely named (axe landmark-unique).
    <div role="group" className="readonly-values" aria-label="Your typed values">
      {/* No fields: none the app could show, or an untyped form too large to keep once it ended (broker.ts). */}
      <p className="muted">{shown.length > 0 ? 'Nothing more will be sent. Your typed values stay here so you can copy them.' : 'Nothing more will be sent.'}</p>
      {shown.length > 0 && (
        <dl className="review-list">
          {shown.map(({ field, index }) => {
            const value = values[fieldKey(index)];
            const secret = field.looksSecret && typeof value === 'string' && value !== '';
            return (
              <div className="review-row" key={`${index}:${field.name}`}>
                <dt>{field.label}</dt>
                <dd className="plain-text selectable">
                  {secret ? <SecretValue label={field.label} value={value} /> : formatRawValue(field, value)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </div>
  );
}
