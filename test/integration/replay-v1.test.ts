// Replayed v1-only agents: the version offer, sign-in and a first session.
import { afterEach, describe, expect, it } from 'vitest';
import { agentView, eventually } from './hub-fixture';
import { closeReplay, AGENT_ID, CLAUDE_V1, GEMINI_V1, recordedRequest, recordedResponseTo, start } from './replay-fixture';

afterEach(closeReplay);

describe('v1-only agents', () => {

  it('gemini-cli 0.61.0 answers the v2 offer with protocolVersion 1: ready on v1, signs in with its API key, opens a session', async () => {
    const r = start(GEMINI_V1);
    await r.ready();
    // E-VER-1, E-VER-2: Switchboard offered v2; the agent answered 1, and the connection speaks v1.
    const initialize = r.report()!.received.find((m) => m.method === 'initialize')!;
    expect(initialize.params.protocolVersion).toBe(2);
    expect(agentView(r.hub, AGENT_ID)).toMatchObject({ protocolVersion: 1, status: { kind: 'ready' }, agentInfo: { name: 'gemini-cli', version: '0.61.0' } });
    // v1 auth methods name themselves with `id`; the user sees them all.
    const methods = recordedResponseTo(GEMINI_V1, recordedRequest(GEMINI_V1, 'initialize')).result.authMethods as Array<{ id: string }>;
    expect(agentView(r.hub, AGENT_ID).authMethods.map((m) => m.methodId)).toEqual(methods.map((m) => m.id));

    const login = recordedRequest(GEMINI_V1, 'authenticate');
    await r.hub.invoke('authenticate', { agentId: AGENT_ID, methodId: login.params.methodId });
    const sessionNew = recordedRequest(GEMINI_V1, 'session/new');
    await r.hub.invoke('newSession', { agentId: AGENT_ID, cwd: r.cwd });
    expect(r.session().sessionId).toBe(recordedResponseTo(GEMINI_V1, sessionNew).result.sessionId);
    const report = await r.finished();
    // gemini-cli announces its commands 2 ms after answering session/new; they must not be lost.
    await eventually(() => (r.session().suggestions.length > 0 ? true : undefined));
    // E-STATE-1 (v1): nothing is reported, so the state is derived, and honest: idle.
    expect(r.session().foreground).toEqual({ state: 'idle', derived: true });
    expect(report.received.find((m) => m.method === 'authenticate')?.params).toEqual({ methodId: login.params.methodId });
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });

  it('claude-agent-acp 0.101.0 on v1 is ready with protocolVersion 1 and opens a session', async () => {
    const r = start(CLAUDE_V1);
    await r.ready();
    expect(agentView(r.hub, AGENT_ID)).toMatchObject({ protocolVersion: 1, agentInfo: { name: '@agentclientprotocol/claude-agent-acp', version: '0.101.0' } });
    const sessionNew = recordedRequest(CLAUDE_V1, 'session/new');
    await r.hub.invoke('newSession', { agentId: AGENT_ID, cwd: r.cwd });
    expect(r.session().sessionId).toBe(recordedResponseTo(CLAUDE_V1, sessionNew).result.sessionId);
    expect(r.session().foreground).toEqual({ state: 'idle', derived: true }); // E-STATE-1 (v1)
    // V1 modes and config options (keyed `id` in v1) as the agent sent them; this recording's
    // client did not opt in to boolean options, so claude sent "Fast mode" as an on/off select.
    const result = recordedResponseTo(CLAUDE_V1, sessionNew).result;
    expect(r.session().modes).toEqual({
      currentModeId: result.modes.currentModeId,
      available: result.modes.availableModes.map((m: { id: string; name: string; description: string }) => ({ id: m.id, name: m.name, description: m.description })),
    });
    expect(r.session().configOptions?.map((o) => [o.configId, o.type, o.currentValue])).toEqual([
      ['mode', 'select', 'auto'],
      ['model', 'select', 'default'],
      ['effort', 'select', 'default'],
      ['fast', 'select', 'off'],
      ['ultracode', 'select', 'off'],
    ]);
    const report = await r.finished();
    expect(report.mismatches).toEqual([]);
    expect(report.unexpected).toEqual([]);
  });
});
