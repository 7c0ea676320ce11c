/**
 * A request's record in the History view (spec E-PRIV-1: no form value is stored). A form that was
 * not sent must not read as if something was: no field list of "value not kept", but what was asked and
 * "nothing was sent".
 */
import { describe, expect, it } from 'vitest';
import { recordFields } from '../../renderer/src/session/transcript/model/record-fields';

const fields = [
  { name: 'name', title: 'Name' },
  { name: 'token', title: 'API token', secret: true },
];

describe('a form request in History', () => {
  it('a cancelled form lists no fields and says what was asked and that nothing was sent', () => {
    expect(recordFields({ mode: 'form', message: 'Who are you?', outcome: 'cancelled', fields }, false)).toEqual({
      fields: [],
      notSent: 'Asked for Name, API token; nothing was sent.',
    });
  });

  it('a declined form, or one open when Switchboard closed, says the same', () => {
    for (const outcome of ['declined', 'open'] as const) {
      expect(recordFields({ mode: 'form', message: 'Who are you?', outcome, fields }, false).notSent).toContain('nothing was sent.');
    }
  });

  it('a sent form still lists its fields (each shown without a value, spec E-PRIV-1)', () => {
    expect(recordFields({ mode: 'form', message: 'Who are you?', outcome: 'accepted', fields }, false)).toEqual({ fields });
  });

  it('a live record lists fields only once sent, and never says "nothing was sent" over a form still open', () => {
    expect(recordFields({ mode: 'form', message: 'Q', outcome: 'open', waiting: true, fields }, true)).toEqual({ fields: [] });
    expect(recordFields({ mode: 'form', message: 'Q', outcome: 'accepted', sent: true, fields }, true)).toEqual({ fields });
  });
});
