import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { checkV2SessionUpdate, engineFor, validatorEngine } from '../../electron/core/acp/v2/session-update';

// The v2 hot path is checked against the SDK's own published schema, compiled per update kind.
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

describe('the engine the v2 validators are compiled by', () => {
  const schema = requireJson('@agentclientprotocol/sdk/schema/v2/schema.json') as { $defs: Parameters<typeof engineFor>[0] };

  // Ajv's draft-07 engine is used only while every keyword the update validators reach means the
  // same there; this SDK's schema qualifies, so the fast engine is the one in use.
  it('uses the draft-07 engine for this SDK schema, and the 2020 engine once a 2020-only keyword is reachable', () => {
    expect(engineFor(schema.$defs)).toBe('draft-07');
    expect(validatorEngine()).toBe('draft-07');
    const later = structuredClone(schema.$defs);
    (later.ContentChunk as Record<string, unknown>).unevaluatedProperties = false;
    expect(engineFor(later)).toBe('2020-12');
    const tuple = structuredClone(schema.$defs);
    (tuple.ContentChunk as Record<string, unknown>).properties = { pair: { items: [{ type: 'string' }] } };
    expect(engineFor(tuple)).toBe('2020-12');
  });

  // The verdicts are the 2020-12 engine's: each case is checked by both engines compiled from the same file.
  it('gives the same verdict as ajv 2020 on valid and invalid updates of every kind tried', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false, validateSchema: false });
    ajv.addSchema({ $id: 'ref-2020', $defs: schema.$defs });
    const reference = ajv.compile({ $ref: 'ref-2020#/$defs/SessionUpdate' });
    const cases: Array<Record<string, unknown>> = [
      { sessionUpdate: 'agent_message_chunk', messageId: 'm', content: { type: 'text', text: 'hi' } },
      { sessionUpdate: 'agent_message_chunk', messageId: 'm', content: { type: 'text', text: 42 } },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'no id', annotations: { priority: 0.5 } } },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: 'AA==', mimeType: 'image/png' } },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'image' } },
      { sessionUpdate: 'agent_thought_chunk', messageId: 'm', content: { type: 'text', text: 'hm' } },
      { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read', kind: 'read', status: 'pending', locations: [{ path: '/a' }] },
      { sessionUpdate: 'tool_call', toolCallId: 5, title: 'Read' },
      { sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'ok' } }] },
      { sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'not-a-status' },
      { sessionUpdate: 'plan', entries: [{ content: 'a', priority: 'high', status: 'pending' }] },
      { sessionUpdate: 'plan', entries: [{ content: 'a', priority: 'urgent', status: 'pending' }] },
      { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' },
      { sessionUpdate: 'state_update', state: 42 },
      { sessionUpdate: 'switchboard_future_kind', value: 1 },
    ];
    for (const update of cases) {
      expect(checkV2SessionUpdate(chunk(update)).ok, JSON.stringify(update)).toBe(reference(update));
    }
  });
});
