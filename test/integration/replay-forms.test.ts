// Replayed form elicitations of real agents: answered, legacy selects, and Stop while one is pending.
import { afterEach, describe, expect, it } from 'vitest';
import type { FormItemView } from '../../shared/views/requests';
import { describeForm } from '../../shared/form-schema/describe';
import { eventually } from './hub-fixture';
import {
  closeReplay,
  AGENT_ID,
  CLAUDE_FORM,
  CLAUDE_CANCEL,
  CODEX_FORM,
  CODEX_CANCEL,
  CODEX_SKIP,
  recordedAgentRequest,
  recordedAgentText,
  asFormValues,
  withoutEnumNames,
  start,
  responsesTo,
  newSessionAndPrompt,
  agentMessages,
  expectOnlyKnownUpdates,
  turnEnded,
} from './replay-fixture';

afterEach(closeReplay);

describe.each([
  // claude-agent-acp reports requires_action while its form waits; codex-acp does not, and stays running.
  { agent: 'claude-agent-acp 0.101.0', file: CLAUDE_FORM, skip: [] as string[], whilePending: 'requires_action' },
  { agent: 'codex-acp 2.6.0', file: CODEX_FORM, skip: CODEX_SKIP, whilePending: 'running' },
])('a form elicitation from $agent', ({ file, skip, whilePending }) => {
  it('is answered with what the user filled in, and the turn ends as recorded', async () => {
    const r = start(file, { skip });
    await newSessionAndPrompt(r);

    const { request, response } = recordedAgentRequest(file, 'elicitation/create');
    const item = (await r.item()) as FormItemView;
    expect(item).toMatchObject({ mode: 'form', message: request.params.message });
    // The form is described from the schema as sent, except claude's legacy `enumNames` (see the todo after this block).
    expect(item.form).toEqual(describeForm(withoutEnumNames(request.params.requestedSchema)));
    // Forwarded MCP elicitations carry no toolCallId: the item belongs to the session alone (E-REQ-2).
    expect(item.scope).toMatchObject({ kind: 'session', sessionId: request.params.sessionId });
    expect((item.scope as { toolCallId?: string }).toolCallId).toBeUndefined();
    // E-STATE-1, E-STATE-2 (v2): the state shows as the agent reports it; the form itself changes nothing.
    await eventually(() => (r.session().foreground.state === whilePending ? true : undefined));
    expect(r.session().foreground).toEqual({ state: whilePending, derived: false });

    const recordedContent = response!.result.content as Record<string, unknown>;
    await r.hub.invoke('answerElicitation', {
      itemId: item.itemId,
      agentId: AGENT_ID,
      action: 'accept',
      values: asFormValues(recordedContent, request.params.requestedSchema),
    });
    const report = await r.finished();

    // E-RES-1, E-RES-2: exactly one answer, accept with content. E-FORM-8: optional fields left empty are
    // omitted. E-FORM-7: an untouched checkbox is sent as `false` — the recording client left the schema's
    // boolean out, so Switchboard's content is the recorded one plus `false` for each boolean not in it.
    const booleans = Object.entries(request.params.requestedSchema.properties as Record<string, { type?: string }>)
      .filter(([name, property]) => property.type === 'boolean' && !(name in recordedContent))
      .map(([name]) => [name, false]);
    expect(responsesTo(report, request.id).map((m) => m.result)).toEqual([
      { action: 'accept', content: { ...recordedContent, ...Object.fromEntries(booleans) } },
    ]);
    // The answered item leaves the queue; the agent's idle state_update ends the turn.
    expect(r.hub.snapshot().queue).toEqual([]);
    const session = await turnEnded(r);
    expect(session.lastStopReason).toBe('end_turn');
    expect(agentMessages(session)).toBe(recordedAgentText(file));
    expectOnlyKnownUpdates(session);
    expect(report.skipped.map((m) => m.method)).toEqual(skip);
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });
});

describe('a legacy titled select from claude-agent-acp 0.101.0', () => {
  // Gap: claude-agent-acp's `legacyTitledEnum` carries MCP's deprecated `enumNames` (option titles "Cats",
  // "Dogs"…; codex-acp turns the same field into `oneOf`). `enumNames` is not in ACP's schema, and the v2 SDK's
  // parsing of elicitation/create drops it before the core sees the request, so that select shows its raw
  // values "pet-1"…"pet-5". The answer is still right (values go on the wire, E-FORM-7); only the labels are lost.
  it.todo('shows the option titles of a legacy enumNames select instead of its raw values');
});

describe.each([
  { agent: 'claude-agent-acp 0.101.0', file: CLAUDE_CANCEL, skip: [] as string[] },
  { agent: 'codex-acp 2.6.0', file: CODEX_CANCEL, skip: CODEX_SKIP },
])('Stop while a form from $agent is pending', ({ file, skip }) => {
  it('sends session/cancel only; the agent withdraws the form with $/cancel_request, which is answered -32800 once', async () => {
    const r = start(file, { skip });
    await newSessionAndPrompt(r);
    const { request } = recordedAgentRequest(file, 'elicitation/create');
    const item = await r.item();
    await r.hub.invoke('cancelPrompt', { sessionKey: r.session().sessionKey });

    // E-CXL-1: the agent's $/cancel_request withdraws the item; it stays visible with its state, which says the
    // user's Stop ended it ("You stopped the turn"), not the agent of its own accord.
    const withdrawn = await r.item('stopped');
    expect(withdrawn.itemId).toBe(item.itemId);
    const report = await r.finished();
    const session = await turnEnded(r);
    expect(session.foreground).toEqual({ state: 'idle', derived: false, stopReason: 'cancelled' });
    expectOnlyKnownUpdates(session);
    // E-CXL-5: the idle/cancelled state_update after it changes nothing more in the queue.
    expect(r.hub.snapshot().queue).toEqual([expect.objectContaining({ itemId: item.itemId, state: 'stopped' })]);

    // E-CXL-3: Stop did not answer the elicitation; the one response to it is E-CXL-1's -32800. The agents
    // do not wait for that reply, so the recording has none: it is the only message the recording lacks.
    const final = await r.close();
    expect(responsesTo(final, request.id)).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: -32800 }) })]);
    expect(final.unexpected).toEqual(responsesTo(final, request.id));
    expect(report.mismatches).toEqual([]);
  });
});
