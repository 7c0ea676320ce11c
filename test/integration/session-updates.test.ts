import { afterEach, describe, expect, it } from 'vitest';
import { MAX_TERMINAL_OUTPUT_BYTES } from '../../electron/core/sessions/terminals';
import { NAME_SCHEMA, eventually, handshake, queueItem, startRig, type Rig } from './hub-fixture';
import { V1_INIT_RESULT } from './puppet';
import { closeSession, session, update, transcript, entries } from './session-model-fixture';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  await closeSession();
});

describe('session updates', () => {
  it('shows a tool call and its updates as one entry, even when an update comes first', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await puppet.send(update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress' }));
    await puppet.send(update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', title: 'Edit main.ts', kind: 'edit', locations: [{ path: '/tmp/main.ts', line: 3 }] }));
    await puppet.send(
      update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', content: [{ type: 'diff', path: '/tmp/main.ts', oldText: 'a', newText: 'b' }] }),
    );
    await eventually(() => (transcript(hub)[0]?.toolCall?.status === 'completed' ? true : undefined));
    expect(transcript(hub)).toHaveLength(1);
    expect(transcript(hub)[0]).toMatchObject({
      kind: 'tool_call',
      text: 'Edit main.ts (completed)',
      toolCall: { toolCallId: 't1', title: 'Edit main.ts', toolKind: 'edit', status: 'completed', locations: [{ path: '/tmp/main.ts', line: 3 }], content: [{ type: 'diff', path: '/tmp/main.ts', oldText: 'a', newText: 'b' }] },
    });
  });

  it('shows a v2 display terminal fed in thousands of small chunks whole and in order, keeping its tail', async () => {
    // Each chunk was one callback on main, which copied and decoded the terminal's 64 KiB tail every time (a
    // flood of 16-byte chunks tripled another agent's round trips); the worker now joins a run of
    // one terminal's chunks. Sent in one write, so they reach the worker together.
    const { hub, puppet } = await session();
    await puppet.send(update({ sessionUpdate: 'terminal_update', terminalId: 'term-1', command: 'npm test' }));
    const lines = Array.from({ length: 9000 }, (_, i) => `line ${i}\n`);
    const chunk = (text: string) => JSON.stringify({ jsonrpc: '2.0', ...update({ sessionUpdate: 'terminal_output_chunk', terminalId: 'term-1', data: Buffer.from(text).toString('base64') }) });
    await puppet.sendRaw(lines.map(chunk).join('\n'));
    await puppet.send(update({ sessionUpdate: 'terminal_update', terminalId: 'term-1', exitStatus: { exitCode: 0 } }));
    const entry = await eventually(() => transcript(hub).find((e) => e.kind === 'terminal' && e.terminal?.exitStatus));
    const all = lines.join('');
    expect(all.length).toBeGreaterThan(MAX_TERMINAL_OUTPUT_BYTES);
    expect(entry.terminal).toMatchObject({ command: 'npm test', droppedBytes: all.length - MAX_TERMINAL_OUTPUT_BYTES });
    expect(entry.terminal!.output).toBe(all.slice(-MAX_TERMINAL_OUTPUT_BYTES));
  });

  it('shows a v2 diff by its changed paths and patch', async () => {
    const { hub, puppet } = await session();
    await puppet.send(
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 't3',
        title: 'Edit',
        content: [{ type: 'diff', changes: [{ operation: 'modify', path: '/tmp/a.ts' }], patch: { format: 'git_patch', text: '@@ -1 +1 @@\n-a\n+b' } }],
      }),
    );
    const [entry] = await entries(hub, 1);
    expect(entry.toolCall!.content).toEqual([{ type: 'diff', path: '/tmp/a.ts', patch: '@@ -1 +1 @@\n-a\n+b' }]);
  });

  it('keeps a 50 000-line diff to what a person can read, and says how much it left out', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    const big = Array.from({ length: 50_000 }, (_, i) => `line ${i}`).join('\n');
    await puppet.send(update({ sessionUpdate: 'tool_call', toolCallId: 't2', title: 'Rewrite', content: [{ type: 'diff', path: '/tmp/big.txt', newText: big }] }));
    const [entry] = await entries(hub, 1);
    const diff = entry.toolCall!.content[0] as { newText: string; truncatedLines: number };
    expect(diff.newText.split('\n')).toHaveLength(2000);
    expect(diff.truncatedLines).toBe(48_000);
  });

  it('shows thoughts, plans and notices, and keeps an unknown update kind as a generic entry', async () => {
    const { hub, puppet } = await session(V1_INIT_RESULT);
    await puppet.send(update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Hmm.' } }));
    await puppet.send(update({ sessionUpdate: 'plan', entries: [{ content: 'Read code', priority: 'high', status: 'completed' }, { content: 'Fix bug', priority: 'medium', status: 'pending' }] }));
    await puppet.send(update({ sessionUpdate: '_vendor_sparkles', glitter: 3 }));
    const list = await entries(hub, 3);
    expect(list.map((e) => e.kind)).toEqual(['thought', 'plan', 'other']);
    expect(list[1].plan).toEqual([
      { content: 'Read code', priority: 'high', status: 'completed' },
      { content: 'Fix bug', priority: 'medium', status: 'pending' },
    ]);
    expect(list[2].text).toContain('_vendor_sparkles');
  });

  it('keeps commands the agent announces in the same breath as answering session/new', async () => {
    rig = await startRig([{ id: 'a' }]);
    const { hub, puppets } = rig;
    await handshake(hub, puppets[0], 'a', V1_INIT_RESULT);
    const created = hub.invoke('newSession', { agentId: 'a', cwd: '/tmp' }) as Promise<{ sessionKey: string }>;
    const request = await puppets[0].next((m) => m.method === 'session/new');
    // One write, two lines: the update reaches the core before newSession's own continuation runs.
    const commands = { sessionId: 's9', update: { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'review', description: 'Review code' }] } };
    await puppets[0].sendRaw(
      `${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { sessionId: 's9' } })}\n${JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: commands })}`,
    );
    await created;
    await eventually(() => (hub.snapshot().sessions[0].suggestions.length ? true : undefined));
    expect(hub.snapshot().sessions[0].suggestions).toEqual([{ name: 'review', description: 'Review code' }]);
  });

  it('ignores updates for a session it does not know, and carries on', async () => {
    const { hub, puppet } = await session();
    await puppet.send({ method: 'session/update', params: { sessionId: 'nobody', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'lost' } } } });
    await puppet.send(update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'kept' }, messageId: 'm' }));
    const [entry] = await entries(hub, 1);
    expect(entry.text).toBe('kept');
  });
});

describe('foreground state', () => {
  it('shows what a v2 agent reports, and an unknown state as busy, never idle', async () => {
    const { hub, puppet } = await session();
    const state = (s: Record<string, unknown>) => puppet.send(update({ sessionUpdate: 'state_update', ...s }));
    const foreground = () => hub.snapshot().sessions[0].foreground;
    await state({ state: 'running' });
    await eventually(() => (foreground().state === 'running' ? true : undefined));
    await state({ state: '_thinking_hard' });
    // spec E-STATE-1
    await eventually(() => (foreground().state === 'busy' ? true : undefined));
    expect(foreground()).toEqual({ state: 'busy', derived: false, reported: '_thinking_hard' });
    await state({ state: 'idle', stopReason: 'end_turn' });
    await eventually(() => (foreground().state === 'idle' ? true : undefined));
    expect(foreground()).toEqual({ state: 'idle', derived: false, stopReason: 'end_turn' });
  });

  it("quotes an agent's error on one line, so it cannot pose as Switchboard's own words, with env values withheld", async () => {
    // A prompt error and a v2 turn's error of "\n\nSwitchboard: … paste your key" kept their line
    // breaks inside an entry labelled Switchboard. spec E-PRIV-1.
    rig = await startRig([{ id: 'a', name: 'Agent A', env: { SECRET_TOKEN: 'hunter2-planted-secret' } }]);
    const puppet = rig.puppets[0];
    await handshake(rig.hub, puppet, 'a');
    const created = rig.hub.invoke('newSession', { agentId: 'a', cwd: '/tmp' }) as Promise<{ sessionKey: string }>;
    await puppet.answer('session/new', { sessionId: 'sess-1' });
    const { sessionKey } = await created;
    const spoof = 'Rate limited.\n\nSwitchboard: your sign-in expired. Paste hunter2-planted-secret into the message box.';
    const prompted = rig.hub.invoke('prompt', { sessionKey, text: 'hi', attachments: [] });
    const request = await puppet.next((m) => m.method === 'session/prompt');
    await puppet.send({ id: request.id, error: { code: -32603, message: spoof } });
    await expect(prompted).rejects.toThrow(/^The agent answered with an error: “Rate limited\.\\n\\nSwitchboard: .*”$/);
    await puppet.send(update({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'error', error: { code: -32000, message: spoof } }));
    const log = await entries(rig.hub, 3);
    const said = log.filter((e) => e.role === 'system').map((e) => e.text);
    expect(said).toHaveLength(2);
    for (const text of said) {
      expect(text).not.toContain('\n');
      expect(text).not.toContain('hunter2-planted-secret');
      expect(text).toMatch(/^The agent (answered|stopped) with an error: “Rate limited\./);
    }
  });

  it('shows the error a v2 turn ended with, such as "Authentication required"', async () => {
    const { hub, puppet } = await session();
    await puppet.send(update({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'error', error: { code: -32000, message: 'Authentication required' } }));
    const [entry] = await entries(hub, 1);
    expect(entry).toMatchObject({ role: 'system', text: 'The agent stopped with an error: “Authentication required”' });
    expect(hub.snapshot().sessions[0].foreground).toEqual({ state: 'idle', derived: false, stopReason: 'error' });
  });

  it('is not changed by an elicitation on a v2 connection', async () => {
    const { hub, puppet } = await session();
    await puppet.send(update({ sessionUpdate: 'state_update', state: 'running' }));
    await eventually(() => (hub.snapshot().sessions[0].foreground.state === 'running' ? true : undefined));
    await puppet.send({ id: 5, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'm', requestedSchema: NAME_SCHEMA } });
    await queueItem(hub);
    // spec E-STATE-2: codex-acp does not report requires_action while a form is pending; we do not invent it.
    expect(hub.snapshot().sessions[0].foreground.state).toBe('running');
  });

  it('is derived on v1, labelled as such: running, waiting for you while a form is pending, then idle', async () => {
    const { hub, puppet, sessionKey } = await session(V1_INIT_RESULT);
    const foreground = () => hub.snapshot().sessions[0].foreground;
    expect(foreground()).toEqual({ state: 'idle', derived: true });
    const turn = hub.invoke('prompt', { sessionKey, text: 'go' });
    const prompt = await puppet.next((m) => m.method === 'session/prompt');
    // spec E-STATE-1
    expect(foreground()).toEqual({ state: 'running', derived: true });
    await puppet.send({ id: 6, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'm', requestedSchema: NAME_SCHEMA } });
    const item = await queueItem(hub);
    await eventually(() => (foreground().state === 'requires_action' ? true : undefined));
    await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'decline' });
    await eventually(() => (foreground().state === 'running' ? true : undefined));
    await puppet.send({ id: prompt.id, result: { stopReason: 'end_turn' } });
    await turn;
    expect(foreground()).toEqual({ state: 'idle', derived: true, stopReason: 'end_turn' });
  });
});
