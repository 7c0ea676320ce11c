import { describe, expect, it } from 'vitest';
import type { FormItemView } from '../../shared/views/requests';
import { describeForm } from '../../shared/form-schema/describe';
import { liveRequestEntry, MAX_RECORD_MESSAGE_CHARS } from '../../electron/core/requests/live-record';
import { messageSize } from '../../renderer/src/elicitation/model/message-fold';
import { recordMessageSize } from '../../renderer/src/session/transcript/model/record-fields';

const form: FormItemView = {
  itemId: 'i1',
  agentId: 'a',
  agentName: 'Alpha',
  scope: { kind: 'session', sessionKey: 's1', sessionId: 'sid', cwd: '/w' } as FormItemView['scope'],
  mode: 'form',
  message: 'Connect the service',
  form: describeForm({
    type: 'object',
    properties: {
      service: { type: 'string', title: 'Service' },
      api_token: { type: 'string', title: 'API token' },
      plan: { type: 'string', title: 'Plan', oneOf: [{ const: 'pro', title: 'Pro plan' }] },
      public: { type: 'boolean', title: 'Public' },
      note: { type: 'string', title: 'Note' },
    },
  }),
  state: 'pending',
  arrivedAt: 1,
};

describe('the live transcript record of a request', () => {
  it('says what was sent in words and keeps no value of a secret-looking field (spec E-FORM-12)', () => {
    const entry = liveRequestEntry(form, 'accepted', { sent: { service: 'svc', api_token: 'tok-123456', plan: 'pro', public: true } });
    expect(entry.request?.sent).toBe(true);
    expect(entry.request?.fields).toEqual([
      { name: 'service', title: 'Service', answer: 'svc' },
      { name: 'api_token', title: 'API token', secret: true },
      { name: 'plan', title: 'Plan', answer: 'Pro plan (pro)' },
      { name: 'public', title: 'Public', answer: 'Yes' },
      // An optional field left empty was not sent (spec E-FORM-8): no answer.
      { name: 'note', title: 'Note' },
    ]);
    expect(JSON.stringify(entry)).not.toContain('tok-123456');
  });

  it('waits while pending, and after a Decline holds no value at all', () => {
    expect(liveRequestEntry(form, 'open').request).toMatchObject({ outcome: 'open', waiting: true });
    const declined = liveRequestEntry({ ...form, draft: { service: 'typed' } }, 'declined');
    expect(declined.request?.waiting).toBeUndefined();
    expect(declined.request?.sent).toBeUndefined();
    expect(JSON.stringify(declined)).not.toContain('typed');
  });

  it('does not hold a huge message twice, and says how much of it is not shown', () => {
    const entry = liveRequestEntry({ ...form, message: 'x'.repeat(500_000) }, 'open');
    expect(entry.text.length).toBe(MAX_RECORD_MESSAGE_CHARS);
    const message = entry.request!.message;
    expect(message.length).toBeLessThanOrEqual(MAX_RECORD_MESSAGE_CHARS);
    expect(message).toMatch(new RegExp(`^x+… \\(${(500_000 - message.indexOf('…')).toLocaleString('en')} more characters not shown\\)$`));
  });

  // spec E-REQ-6 shows the message; the record folds it as the card does, so both must name the same size.
  it('names the whole message’s size on "Show all", as the card does, though it keeps only the start', () => {
    const whole = Array.from({ length: 12_000 }, (_, i) => `${String(i).padStart(5, '0')} [build] compiled módulo ${i}`).join('\n');
    const record = liveRequestEntry({ ...form, message: whole }, 'open').request!;
    expect(recordMessageSize(record)).toBe(messageSize(whole));
    expect(messageSize(whole)).toMatch(/^12,000 lines, \d+ KB$/);
    // A message the record keeps whole names its own size, as before.
    expect(recordMessageSize(liveRequestEntry(form, 'open').request!)).toBeUndefined();
  });
});
