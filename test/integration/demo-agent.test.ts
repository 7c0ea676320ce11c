import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../electron/core/hub';
import { agentView, eventually, queueItem } from './hub-fixture';

// The real demo agent (an SDK agent) run from source through tsx, as a child process of the real core.
let hub: Hub | undefined;
afterEach(async () => {
  await hub?.stop();
  hub = undefined;
});

function startDemo(env: Record<string, string> = {}): Hub {
  hub = new Hub({
    config: { agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo', args: [], env }], urlMode: 'app-window' },
    builtinAgents: {
      demo: {
        command: process.execPath,
        args: ['--import', 'tsx', resolve('electron/demo-agent/index.ts')],
        env: { DEMO_STREAM_MS: '0', DEMO_WITHDRAW_MS: '300' },
      },
    },
    defaultCwd: '/tmp',
    batchIntervalMs: 1,
  });
  hub.start();
  return hub;
}

async function sessionWith(h: Hub): Promise<string> {
  await eventually(() => (agentView(h, 'demo').status.kind === 'ready' ? true : undefined), 15_000);
  const { sessionKey } = (await h.invoke('newSession', { agentId: 'demo', cwd: '/tmp' })) as { sessionKey: string };
  return sessionKey;
}

function transcriptText(h: Hub, sessionKey: string): string {
  return h.snapshot().sessions.find((s) => s.sessionKey === sessionKey)!.transcript.map((e) => e.text).join('\n');
}

describe.each<{ label: string; env: Record<string, string>; version: number }>([
  { label: 'v2', env: {}, version: 2 },
  { label: 'v1 (the agent forced to answer 1)', env: { DEMO_AGENT_PROTOCOL: '1' }, version: 1 },
])('the demo agent over $label', ({ env, version }) => {
  it('negotiates its version and round-trips an accepted form into the transcript', async () => {
    const h = startDemo(env);
    const sessionKey = await sessionWith(h);
    // spec E-VER
    expect(agentView(h, 'demo')).toMatchObject({ protocolVersion: version, agentInfo: { name: 'switchboard-demo-agent' } });
    void h.invoke('prompt', { sessionKey, text: 'form' });
    const item = await queueItem(h);
    // spec E-REQ-7: the tool call the form belongs to is named.
    expect(item.scope).toMatchObject({ kind: 'session', toolCallTitle: 'Ask the user for project details' });
    await h.invoke('answerElicitation', {
      itemId: item.itemId,
      agentId: 'demo',
      action: 'accept',
      values: { project_name: 'apollo', license: 'mit', public: true, reviewers: ['ada'], team_size: '4', budget: '0' },
    });
    // spec E-FORM-7, E-FORM-8: the agent echoes exactly what was sent.
    const text = await eventually(() => {
      const t = transcriptText(h, sessionKey);
      return t.includes('You accepted') ? t : undefined;
    });
    const echoed = JSON.parse(text.slice(text.indexOf('{', text.indexOf('You accepted'))).split('\n')[0]);
    expect(echoed).toMatchObject({ project_name: 'apollo', license: 'mit', public: true, reviewers: ['ada'], team_size: 4, budget: 0 });
    await eventually(() => (h.snapshot().sessions[0].promptInFlight ? undefined : true));
    expect(h.snapshot().sessions[0].lastStopReason).toBe('end_turn');
  });

  it('shows a withdrawn question as withdrawn', async () => {
    const h = startDemo(env);
    const sessionKey = await sessionWith(h);
    void h.invoke('prompt', { sessionKey, text: 'withdraw' });
    // spec E-CXL-1
    await queueItem(h, (i) => i.state === 'withdrawn');
    await eventually(() => (transcriptText(h, sessionKey).includes('I withdrew my question.') ? true : undefined));
  });

  it('reports a refused schema back to the agent', async () => {
    const h = startDemo(env);
    const sessionKey = await sessionWith(h);
    void h.invoke('prompt', { sessionKey, text: 'bad' });
    // spec E-FORM-10: the agent got -32602 and says so; the user sees a refused card saying why, not the form.
    await eventually(() => (transcriptText(h, sessionKey).includes('Switchboard refused') ? true : undefined));
    // The agent's reply reads as one sentence: the error's data only repeated it, as JSON with escaped quotes.
    const sentence = 'Switchboard refused: Invalid params: Property "nickname" has minLength 10 greater than maxLength 2.';
    await eventually(() => (h.snapshot().queue.length > 0 && transcriptText(h, sessionKey).split('\n').includes(sentence) ? true : undefined));
    expect(transcriptText(h, sessionKey)).not.toContain('{"requestedSchema"');
    expect(h.snapshot().queue).toEqual([expect.objectContaining({ mode: 'form', state: 'refused', form: { fields: [] }, refusedReason: expect.any(String) })]);
  });
});
