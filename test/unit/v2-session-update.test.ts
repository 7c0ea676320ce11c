import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { checkV2SessionUpdate } from '../../electron/core/acp/v2-session-update';

// Issue 13 scope 4: the v2 hot path is checked against the SDK's own published schema, compiled per update kind.
const requireJson = createRequire(import.meta.url);
const chunk = (update: Record<string, unknown>) => ({ sessionId: 's-1', update });

describe('the v2 session/update validator', () => {
  it('loads the SDK schema without meta-validating it at run time, so this test checks the file is a valid 2020-12 schema', () => {
    const schema = requireJson('@agentclientprotocol/sdk/schema/v2/schema.json') as object;
    const ajv = new Ajv2020({ strict: false, logger: false });
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors?.slice(0, 3))).toBe(true);
  });

  it('accepts a well-formed chunk and refuses one the schema refuses, naming the schema path', () => {
    const ok = checkV2SessionUpdate(chunk({ sessionUpdate: 'agent_message_chunk', messageId: 'm', content: { type: 'text', text: 'hi' } }));
    expect(ok).toMatchObject({ ok: true, sessionId: 's-1' });
    const bad = checkV2SessionUpdate(chunk({ sessionUpdate: 'agent_message_chunk', messageId: 'm', content: { type: 'text', text: 42 } }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problem).toMatch(/^\/update must be string \(schema /);
  });

  it('checks each kind against its own branch, compiled when it first arrives, and an unlisted kind against the catch-all', () => {
    expect(checkV2SessionUpdate(chunk({ sessionUpdate: 'switchboard_future_kind', value: 1 })).ok).toBe(true);
    expect(checkV2SessionUpdate(chunk({ sessionUpdate: 'switchboard_future_kind' })).ok).toBe(true);
    expect(checkV2SessionUpdate(chunk({ sessionUpdate: 'state_update', state: 42 })).ok).toBe(false);
    expect(checkV2SessionUpdate(chunk({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' })).ok).toBe(true);
  });

  it('refuses an envelope without a session id or an update object', () => {
    expect(checkV2SessionUpdate({ update: {} }).ok).toBe(false);
    expect(checkV2SessionUpdate({ sessionId: 's', update: [] }).ok).toBe(false);
  });
});
