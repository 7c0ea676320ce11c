import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../shared/form-schema/types';
import { checkValues } from '../../shared/form-validation';
import { sidebarStatusText } from '../../renderer/src/agents/model/agent-status';
import {
  agentStatusDetail,
  agentStatusText,
  scopeLines,
  sessionLabel,
  sessionNames,
  sessionWaitingText,
  shortId,
  stopReasonText,
} from '../../renderer/src/shell/model/format';
import {
  DATE_TIME_EXAMPLE,
  constraintHint,
  localInputToRfc3339,
  localOffsetAt,
  maskedSecret,
  offsetText,
  rfc3339ToLocalInput,
} from '../../renderer/src/elicitation/model/form-values';

function field(overrides: Partial<FieldSpec>): FieldSpec {
  return { name: 'f', label: 'F', required: false, kind: 'string', looksSecret: false, ...overrides };
}

describe('renderer wording', () => {
  it('shows a failed agent by the core’s own sentence in the pane, and in a few words in the sidebar', () => {
    const status = { kind: 'failed' as const, message: 'Could not start "/no/such/agent": no such command or file.', fix: 'command' as const };
    expect(agentStatusDetail(status)).toBe(status.message);
    expect(agentStatusText(status)).toBe('Could not start');
    // The sidebar says what to check, the pane the whole sentence.
    expect(sidebarStatusText(status, 0)).toBe('Could not start: check its command');
    expect(sidebarStatusText({ ...status, fix: 'folder' }, 0)).toBe('Could not start: no working folder');
    expect(sidebarStatusText({ ...status, fix: 'protocol' }, 0)).toBe('Did not speak ACP');
    expect(sidebarStatusText({ kind: 'failed', message: 'Something else.' }, 0)).toBe('Could not start');
    expect(sidebarStatusText({ kind: 'exited', code: 1, signal: null, message: 'The agent exited with code 1.' }, 0)).toBe('Exited (code 1)');
    expect(sidebarStatusText({ kind: 'ready' }, 0)).toBe('Ready');
  });

  it('says how a prompt turn ended in words', () => {
    expect(stopReasonText('end_turn')).toBe('Finished');
    expect(stopReasonText('cancelled')).toBe('Stopped by you');
    expect(stopReasonText('max_tokens')).toBe('Stopped at the length limit');
    expect(stopReasonText('max_turn_requests')).toBe('Stopped after too many steps');
    expect(stopReasonText('refusal')).toBe('The agent refused');
    expect(stopReasonText('tea_break')).toBe('Stopped (tea_break)');
    expect(stopReasonText(undefined)).toBe('');
  });

  it('names sessions "Session N" per agent unless the agent titled them', () => {
    const names = sessionNames([
      { sessionKey: 'k1', agentId: 'a', sessionId: '427423cc-d1c5-47ee-8d2f-4c8c9e29dd49' },
      { sessionKey: 'k2', agentId: 'b', sessionId: 'x' },
      { sessionKey: 'k3', agentId: 'a', sessionId: 'y', title: 'Fix the build' },
      { sessionKey: 'k4', agentId: 'a', sessionId: 'z' },
    ]);
    expect([...names.values()]).toEqual(['Session 1', 'Session 1', 'Fix the build', 'Session 3']);
    expect(sessionLabel({ sessionId: '427423cc-d1c5-47ee-8d2f-4c8c9e29dd49' })).toBe('Session 427423cc…');
  });

  it('shortens ids in a card’s context and keeps the full ones as detail', () => {
    const lines = scopeLines(
      {
        kind: 'session',
        sessionKey: 'k1',
        sessionId: '427423cc-d1c5-47ee-8d2f-4c8c9e29dd49',
        toolCallId: 'demo-44ab4ea8-cdc2-4370-9dd2-be20bb277362',
        toolCallTitle: 'Ask the user for project details',
      },
      'Session 2',
    );
    expect(lines.map((l) => l.text)).toEqual(['Session 2', 'Tool call: Ask the user for project details']);
    expect(lines[1].detail).toBe('Tool call id: demo-44ab4ea8-cdc2-4370-9dd2-be20bb277362');
    expect(scopeLines({ kind: 'session', sessionKey: 'k', sessionId: 's', toolCallId: 'call-1234567890' })[1].text).toBe(
      'Tool call call-123…',
    );
    expect(shortId('abc')).toBe('abc');
  });

  it('counts waiting requests in the session banner', () => {
    expect(sessionWaitingText(1)).toBe('This session has a request waiting for you.');
    expect(sessionWaitingText(2)).toBe('This session has 2 requests waiting for you.');
  });
});

describe('field hints', () => {
  it('leaves out what the agent’s description already says', () => {
    expect(constraintHint(field({ minLength: 3, maxLength: 40, description: 'Between 3 and 40 characters.' }))).toBe('');
    expect(constraintHint(field({ minLength: 3, maxLength: 40 }))).toBe('3 to 40 characters');
    expect(constraintHint(field({ format: 'uri', description: 'An absolute URL.' }))).toBe('');
    expect(constraintHint(field({ format: 'uri' }))).toBe('A full web address, such as https://example.com');
    expect(constraintHint(field({ kind: 'multi-select', minItems: 1, description: 'Pick at least one.' }))).toBe('');
    expect(constraintHint(field({ kind: 'integer', minimum: 1, maximum: 50 }))).toBe('A whole number from 1 to 50');
    expect(constraintHint(field({ kind: 'integer', minimum: 1, maximum: 50, description: 'From 1 to 50.' }))).toBe(
      'A whole number',
    );
    expect(constraintHint(field({ minLength: 1, maxLength: 60 }))).toBe('Up to 60 characters');
  });

  it('masks a secret by its length', () => {
    expect(maskedSecret('tok-1234567890')).toBe('•••• (14 characters)');
    expect(maskedSecret('x')).toBe('•••• (1 character)');
  });
});

describe('date-time fields', () => {
  it('writes a picked local time as RFC 3339 with the local offset', () => {
    const offset = localOffsetAt(new Date(2025, 5, 30, 14, 30));
    expect(localInputToRfc3339('2025-06-30T14:30')).toBe(`2025-06-30T14:30:00${offset}`);
    expect(localInputToRfc3339('2025-06-30T14:30:05')).toBe(`2025-06-30T14:30:05${offset}`);
    expect(localInputToRfc3339('')).toBe('');
    expect(localInputToRfc3339('tomorrow')).toBeUndefined();
  });

  it('shows an RFC 3339 value in the picker in local time, and round-trips', () => {
    const picked = localInputToRfc3339('2025-06-30T14:30')!;
    expect(rfc3339ToLocalInput(picked)).toBe('2025-06-30T14:30');
    const utc = new Date(Date.UTC(2025, 0, 31, 9, 30));
    const local = rfc3339ToLocalInput(DATE_TIME_EXAMPLE)!;
    expect(new Date(local).getTime()).toBe(utc.getTime());
    expect(rfc3339ToLocalInput('2025-01-31T09:30:00.5Z')).toBeUndefined();
    expect(rfc3339ToLocalInput('31/01/2025')).toBeUndefined();
    expect(rfc3339ToLocalInput('')).toBe('');
  });

  it('writes offsets as RFC 3339 does', () => {
    expect(offsetText(120)).toBe('+02:00');
    expect(offsetText(-330)).toBe('-05:30');
    expect(offsetText(0)).toBe('+00:00');
  });

  it('gives the same example as main’s error message, and main accepts what the picker writes', () => {
    const fields = [field({ name: 'when', format: 'date-time' })];
    expect(checkValues(fields, { when: 'half past nine' }).errors.when).toContain(DATE_TIME_EXAMPLE);
    expect(checkValues(fields, { when: DATE_TIME_EXAMPLE }).errors).toEqual({});
    expect(checkValues(fields, { when: localInputToRfc3339('2025-06-30T14:30') }).errors).toEqual({});
  });
});
