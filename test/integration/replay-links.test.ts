// Replayed URL elicitations and a device-code sign-in of real agents: what opens, and when.
import { afterEach, describe, expect, it } from 'vitest';
import type { UrlItemView } from '../../shared/views/requests';
import { agentView, eventually } from './hub-fixture';
import {
  closeReplay,
  AGENT_ID,
  CLAUDE_URL,
  CODEX_URL,
  CODEX_DEVICE_CODE,
  CODEX_SKIP,
  recordedRequest,
  recordedAgentRequest,
  recordedAgentText,
  start,
  responsesTo,
  newSessionAndPrompt,
  agentMessages,
  expectOnlyKnownUpdates,
  turnEnded,
} from './replay-fixture';

afterEach(closeReplay);

describe('a URL elicitation from codex-acp 2.6.0', () => {
  it('opens nothing before consent, exactly the recorded URL after Open, and shows completed after elicitation/complete', async () => {
    const r = start(CODEX_URL, { skip: CODEX_SKIP });
    await newSessionAndPrompt(r);
    const { request, response } = recordedAgentRequest(CODEX_URL, 'elicitation/create');
    const item = (await r.item()) as UrlItemView;
    expect(item).toMatchObject({ mode: 'url', url: request.params.url, message: request.params.message, scope: { kind: 'session' } });
    // E-URL-2: nothing is opened, and nothing answered, before the user consents.
    await new Promise((done) => setTimeout(done, 50));
    expect(r.opener.opened).toEqual([]);
    expect(responsesTo(r.report()!, request.id)).toEqual([]);

    await r.hub.invoke('answerElicitation', { itemId: item.itemId, agentId: AGENT_ID, action: 'accept' });
    // E-URL-5: exactly the recorded URL opens, once, in the sealed app window (the configured default).
    expect(r.opener.opened).toEqual([expect.objectContaining({ itemId: item.itemId, url: request.params.url, mode: 'app-window' })]);
    const report = await r.finished();
    // E-URL-6, E-RES-2: accept is consent only, with no content — as recorded.
    expect(responsesTo(report, request.id).map((m) => m.result)).toEqual([response!.result]);
    // E-URL-8: the agent's elicitation/complete marks the item completed and closes its window.
    const completed = (await r.item('completed')) as UrlItemView;
    expect(completed).toMatchObject({ itemId: item.itemId, windowOpen: false });
    expect(r.opener.closed).toEqual([item.itemId]);
    const session = await turnEnded(r);
    expect(session.lastStopReason).toBe('end_turn');
    expect(agentMessages(session)).toBe(recordedAgentText(CODEX_URL));
    expectOnlyKnownUpdates(session);
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });
});

describe('a URL elicitation from claude-agent-acp 0.101.0', () => {

  it('opens nothing before consent and exactly the recorded URL after Open; without elicitation/complete the page stays open', async () => {
    const r = start(CLAUDE_URL);
    await newSessionAndPrompt(r);
    // Before the MCP tool runs, claude-agent-acp asks permission; the user picks the recorded option.
    const permission = recordedAgentRequest(CLAUDE_URL, 'session/request_permission');
    const asked = await r.item();
    const { params } = permission.request;
    // The v2 request names its tool call as subject.toolCall; the card names it too (E-REQ-7).
    expect(asked).toMatchObject({
      mode: 'permission',
      title: params.title,
      scope: { kind: 'session', sessionId: params.sessionId, toolCallId: params.subject.toolCall.toolCallId },
    });
    expect(asked.mode === 'permission' && asked.options.map((o) => o.optionId)).toEqual(params.options.map((o: { optionId: string }) => o.optionId));
    const optionId = permission.response!.result.outcome.optionId as string;
    await r.hub.invoke('answerPermission', { itemId: asked.itemId, agentId: AGENT_ID, optionId });

    const { request, response } = recordedAgentRequest(CLAUDE_URL, 'elicitation/create');
    const item = (await eventually(() => r.hub.snapshot().queue.find((i) => i.mode === 'url'))) as UrlItemView;
    expect(item).toMatchObject({ mode: 'url', state: 'pending', url: request.params.url, message: request.params.message });
    // Forwarded MCP elicitations carry no toolCallId (E-REQ-2).
    expect(item.scope).toMatchObject({ kind: 'session', sessionId: request.params.sessionId });
    expect((item.scope as { toolCallId?: string }).toolCallId).toBeUndefined();
    // E-URL-2: nothing opened before consent.
    await new Promise((done) => setTimeout(done, 50));
    expect(r.opener.opened).toEqual([]);

    await r.hub.invoke('answerElicitation', { itemId: item.itemId, agentId: AGENT_ID, action: 'accept' });
    // E-URL-5, E-URL-6: the recorded URL, once; accept without content, as recorded.
    expect(r.opener.opened).toEqual([expect.objectContaining({ itemId: item.itemId, url: request.params.url })]);
    const report = await r.finished();
    expect(responsesTo(report, request.id).map((m) => m.result)).toEqual([response!.result]);
    // This agent sends no elicitation/complete: the item stays consented with Reopen/Cancel (E-URL-6).
    const session = await turnEnded(r);
    expect(session.lastStopReason).toBe('end_turn');
    expect(r.hub.snapshot().queue).toEqual([expect.objectContaining({ itemId: item.itemId, state: 'consented', windowOpen: true })]);
    expect(agentMessages(session)).toBe(recordedAgentText(CLAUDE_URL));
    expectOnlyKnownUpdates(session);

    expect(responsesTo(report, permission.request.id).map((m) => m.result)).toEqual([permission.response!.result]);
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });
});

describe('signing in to codex-acp 2.6.0 with a device code', () => {
  it('sends auth/login with the chosen method and shows its request-scoped URL "while signing in"', async () => {
    const r = start(CODEX_DEVICE_CODE);
    await r.ready();
    expect(agentView(r.hub, AGENT_ID).protocolVersion).toBe(2);
    const login = recordedRequest(CODEX_DEVICE_CODE, 'auth/login');
    // The user picks the method; the core sends `auth/login` (v2). The recording ends before the agent answers
    // it, so this stays pending until the hub stops.
    const signIn = r.hub.invoke('authenticate', { agentId: AGENT_ID, methodId: login.params.methodId }).catch(() => 'ended');
    const { request, response } = recordedAgentRequest(CODEX_DEVICE_CODE, 'elicitation/create');
    const item = (await r.item()) as UrlItemView;
    // E-REQ-3: request-scoped, in the agent's own queue, labelled with the pending sign-in.
    expect(item).toMatchObject({ mode: 'url', url: request.params.url, message: request.params.message, scope: { kind: 'request', label: 'while signing in' } });
    expect(agentView(r.hub, AGENT_ID).signingIn).toEqual({ methodId: login.params.methodId });
    expect(r.opener.opened).toEqual([]); // E-URL-2

    await r.hub.invoke('answerElicitation', { itemId: item.itemId, agentId: AGENT_ID, action: 'accept' });
    expect(r.opener.opened).toEqual([expect.objectContaining({ itemId: item.itemId, url: request.params.url })]); // E-URL-5
    const report = await r.finished();
    expect(responsesTo(report, request.id).map((m) => m.result)).toEqual([response!.result]); // E-URL-6
    expect(report.received.find((m) => m.method === 'auth/login')?.params).toEqual({ methodId: login.params.methodId });
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
    await r.close();
    expect(await signIn).toBe('ended');
  });
});
