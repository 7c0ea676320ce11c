import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness } from '../../electron/harness/server';
import { NAME_SCHEMA, eventually, handshake, openSession, queueItem, startRig, type Rig } from './hub-fixture';

// Regression tests for ways a hostile agent or page once got through: a hostile agent or page must not freeze,
// leak or lose anything.
let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function readyAgent() {
  rig = await startRig([{ id: 'a', name: 'Agent A' }]);
  await handshake(rig.hub, rig.puppets[0], 'a');
  const sessionKey = await openSession(rig.hub, rig.puppets[0], 'a');
  return { hub: rig.hub, puppet: rig.puppets[0], sessionKey };
}

/** Agent processes that are children of this test process right now. */
function childAgentPids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('puppet-agent.mjs'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe('hostile schemas', () => {
  it('answers -32602 to a select with more options than a person can read, without freezing', async () => {
    const { hub, puppet } = await readyAgent();
    const options = Array.from({ length: 100_000 }, (_, i) => `option-${i}`);
    const schema = { type: 'object', properties: { pick: { type: 'array', items: { type: 'string', enum: options }, default: Array(100_000).fill('option-99999') } } };
    await puppet.send({ id: 1, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'm', requestedSchema: schema } });
    // spec E-FORM-10 (DECIDED size limit): a clear error naming the property.
    expect((await puppet.responseTo(1)).error).toMatchObject({ code: -32602, message: expect.stringContaining('"pick"') });
    // Refused in the agent's worker, before the broker: no card (the contradictory-schema case shows one).
    expect(hub.snapshot().queue).toEqual([]);
  });

  it('still takes a large select within the limit and validates it', async () => {
    const { hub, puppet } = await readyAgent();
    const options = Array.from({ length: 10_000 }, (_, i) => `o${i}`);
    const schema = { type: 'object', properties: { pick: { type: 'string', enum: options } }, required: ['pick'] };
    await puppet.send({ id: 2, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'm', requestedSchema: schema } });
    const item = await queueItem(hub);
    const check = (await hub.invoke('saveDraft', { itemId: item.itemId, values: { pick: 'not-an-option' } })) as { errors: Record<string, string> };
    // spec E-FORM-5
    expect(Object.keys(check.errors)).toEqual(['pick']);
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { pick: 'o9999' } });
    expect((await puppet.responseTo(2)).result).toEqual({ action: 'accept', content: { pick: 'o9999' } });
  });
});

describe('restarting an agent', () => {
  it('refuses an answer given while the agent restarts, and keeps the item and its draft as disconnected', async () => {
    const { hub, puppet } = await readyAgent();
    await puppet.send({ id: 3, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'm', requestedSchema: NAME_SCHEMA } });
    const item = await queueItem(hub);
    await hub.invoke('saveDraft', { itemId: item.itemId, values: { name: 'typed' } });
    const restarting = hub.invoke('restartAgent', { agentId: 'a' });
    // spec E-CXL-4: nothing is sent after the connection is going away; the user is told.
    await expect(hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { name: 'typed' } })).rejects.toThrow(/no longer waiting/);
    await restarting;
    expect(hub.snapshot().queue).toEqual([expect.objectContaining({ itemId: item.itemId, state: 'disconnected', draft: { name: 'typed' } })]);
    expect(puppet.received.some((m) => m.id === 3)).toBe(false);
  });

  it('shows a session of the old process as idle after a restart (v2 prompt in flight)', async () => {
    const { hub, puppet, sessionKey } = await readyAgent();
    const prompted = hub.invoke('prompt', { sessionKey, text: 'hi' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send({ id: prompt.id, result: { messageId: 'm1' } });
    // v2: the prompt's response only acknowledges it; the turn goes on until a state_update to idle.
    await prompted;
    expect(hub.snapshot().sessions[0]).toMatchObject({ promptInFlight: true });
    await hub.invoke('restartAgent', { agentId: 'a' });
    // spec E-STATE-1: never shown as running or waiting when nothing can be. A resumed one is still a v2
    // session, so not "derived" (which the UI words as "does not report its state (ACP v1)").
    expect(hub.snapshot().sessions[0]).toMatchObject({ promptInFlight: false, foreground: { state: 'idle', derived: false } });
  });

  it('starts one process, not two, when Restart is pressed twice at once, and leaves none after stop', async () => {
    const { hub } = await readyAgent();
    await Promise.all([hub.invoke('restartAgent', { agentId: 'a' }), hub.invoke('restartAgent', { agentId: 'a' })]);
    await new Promise((done) => setTimeout(done, 300));
    expect(childAgentPids()).toHaveLength(1);
    await hub.stop();
    await eventually(() => (childAgentPids().length === 0 ? true : undefined));
  });
});

describe('the harness', () => {
  it('answers a malformed path with 400 and keeps serving', async () => {
    const harness = await startHarness({ config: { agents: [], urlMode: 'app-window' }, rendererDir: 'renderer' });
    try {
      const status = (path: string) =>
        new Promise<number>((resolve, reject) => {
          request(`${harness.origin}${path}`, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
            .on('error', reject)
            .end();
        });
      expect(await status('/%')).toBe(400);
      expect(await status('/index.html')).toBe(200);
    } finally {
      await harness.close();
    }
  });
});
