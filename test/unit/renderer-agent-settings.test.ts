import { describe, expect, it } from 'vitest';
import type { AgentView } from '../../shared/views/agents';
import {
  EMPTY_DRAFT,
  applyPreset,
  argsFromText,
  checkDraft,
  copyName,
  draftFromSettings,
  duplicateParams,
  envFromText,
  maskEnvText,
} from '../../renderer/src/agents/model/agent-settings';
import { canRestart, sidebarStatusText } from '../../renderer/src/agents/model/agent-status';
import { AGENT_PRESETS } from '../../renderer/src/agents/model/presets';

const PRESET_NAMES = AGENT_PRESETS.map((p) => p.name);
const preset = (name: string) => AGENT_PRESETS.find((p) => p.name === name)!;

function agent(overrides: Partial<AgentView> = {}): AgentView {
  return {
    agentId: 'claude',
    name: 'Claude',
    settings: { command: 'npx', args: ['-y', 'pkg@1'], env: { KEY: 'secret' }, cwd: '/work' },
    enabled: true,
    muted: false,
    status: { kind: 'ready' },
    advertisedModes: ['form'],
    authMethods: [],
    ...overrides,
  };
}

describe('agent editor form', () => {
  it('reads one argument per line and drops empty lines', () => {
    expect(argsFromText('-y\r\n@scope/pkg@1.0.0\n\n--acp\n')).toEqual(['-y', '@scope/pkg@1.0.0', '--acp']);
    expect(argsFromText('  spaced arg ')).toEqual(['  spaced arg ']);
  });

  it('reads NAME=value lines, keeping the value as typed after the first =', () => {
    expect(envFromText('# comment\nA=1\n\n B = x=y \nC=sk-ant-abc')).toEqual({ ok: true, env: { A: '1', B: ' x=y ', C: 'sk-ant-abc' } });
  });

  it('refuses environment lines it cannot read, naming the line or variable but never the value', () => {
    expect(envFromText('A=1\nnot a pair')).toEqual({ ok: false, error: 'Line 2 needs the form NAME=value.' });
    expect(envFromText('=oops')).toMatchObject({ ok: false, error: expect.stringMatching(/no variable name/) });
    expect(envFromText('MY KEY=1')).toMatchObject({ ok: false, error: expect.stringMatching(/cannot contain spaces/) });
    const twice = envFromText('A=secret-one\nA=secret-two');
    expect(twice).toEqual({ ok: false, error: 'A is set twice (line 2).' });
    const empty = envFromText('ANTHROPIC_API_KEY=');
    expect(empty).toMatchObject({ ok: false, error: expect.stringMatching(/^ANTHROPIC_API_KEY has no value/) });
  });

  it('masks values with one bullet per character and keeps names and lines', () => {
    expect(maskEnvText('API_KEY=abc\nPARTIAL\nEMPTY=\nX=a=b')).toBe('API_KEY=•••\nPARTIAL\nEMPTY=\nX=•••');
    expect(maskEnvText('K=😀x')).toBe('K=••');
  });

  it('builds saveAgent params for a new command agent, leaving out an empty working folder', () => {
    const check = checkDraft({ ...EMPTY_DRAFT, name: ' Mine ', command: ' /usr/bin/agent ', argsText: '--acp', envText: 'A=1' });
    expect(check).toEqual({ ok: true, params: { name: 'Mine', command: '/usr/bin/agent', args: ['--acp'], env: { A: '1' } } });
  });

  it('keeps an edited agent\'s id and its on/off and mute flags', () => {
    const existing = agent({ enabled: false, muted: true });
    const check = checkDraft(draftFromSettings(existing.name, existing.settings), existing);
    expect(check).toEqual({
      ok: true,
      params: { agentId: 'claude', name: 'Claude', command: 'npx', args: ['-y', 'pkg@1'], env: { KEY: 'secret' }, cwd: '/work', enabled: false, muted: true },
    });
  });

  it('sends the built-in demo agent without a command or arguments', () => {
    const check = checkDraft({ ...EMPTY_DRAFT, name: 'Demo', builtin: true, command: 'ignored', argsText: 'ignored' });
    expect(check).toEqual({ ok: true, params: { name: 'Demo', builtin: 'demo', args: [], env: {} } });
  });

  it('flags a missing name and command, and a bad environment, all at once', () => {
    const check = checkDraft({ ...EMPTY_DRAFT, envText: 'junk' });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors).sort()).toEqual(['command', 'env', 'name']);
  });

  it('fills the form from the pinned presets', () => {
    const claude = applyPreset(EMPTY_DRAFT, preset('Claude'), PRESET_NAMES);
    expect(claude).toMatchObject({ name: 'Claude', command: 'npx', argsText: '-y\n@agentclientprotocol/claude-agent-acp@0.101.0', envText: 'ANTHROPIC_API_KEY=', builtin: false });
    expect(applyPreset(EMPTY_DRAFT, preset('Codex'), PRESET_NAMES).argsText).toBe('-y\n@agentclientprotocol/codex-acp@2.6.0');
    expect(applyPreset(EMPTY_DRAFT, preset('Gemini CLI'), PRESET_NAMES)).toMatchObject({
      argsText: '-y\n@google/gemini-cli@0.61.0\n--acp',
      envText: 'GEMINI_API_KEY=',
    });
    expect(applyPreset(claude, preset('Demo agent'), PRESET_NAMES)).toMatchObject({ name: 'Demo agent', builtin: true, command: '', envText: '' });
  });

  it('keeps a name the user typed and the working folder when a preset is applied', () => {
    const filled = applyPreset({ ...EMPTY_DRAFT, name: 'Claude (work)', cwd: '/src' }, preset('Claude'), PRESET_NAMES);
    expect(filled).toMatchObject({ name: 'Claude (work)', cwd: '/src', command: 'npx' });
  });

  it('names a copy so it does not clash with an existing agent', () => {
    expect(copyName('Claude', ['Claude'])).toBe('Claude (copy)');
    expect(copyName('Claude', ['Claude', 'Claude (copy)', 'Claude (copy 2)'])).toBe('Claude (copy 3)');
    expect(copyName('x'.repeat(100), []).length).toBe(100);
  });

  it('duplicates an agent with its settings and flags under a new name', () => {
    expect(duplicateParams(agent({ muted: true }), ['Claude'])).toEqual({
      name: 'Claude (copy)',
      command: 'npx',
      args: ['-y', 'pkg@1'],
      env: { KEY: 'secret' },
      cwd: '/work',
      enabled: true,
      muted: true,
    });
    const demo = agent({ name: 'Demo', settings: { args: [], env: {}, builtin: 'demo' } });
    expect(duplicateParams(demo, [])).toEqual({ name: 'Demo (copy)', builtin: 'demo', args: [], env: {}, enabled: true, muted: false });
  });
});

describe('sidebar agent status', () => {
  const crash = { kind: 'crashed' as const, code: 1, signal: null, message: 'It crashed.' };

  it('counts down to a scheduled restart, in whole seconds', () => {
    expect(sidebarStatusText({ ...crash, restartAt: 10_000 }, 5_500)).toBe('Crashed — restarting in 5s');
    expect(sidebarStatusText({ ...crash, restartAt: 10_000 }, 9_001)).toBe('Crashed — restarting in 1s');
    expect(sidebarStatusText({ ...crash, restartAt: 10_000 }, 10_000)).toBe('Crashed — restarting…');
  });

  it('asks for Restart once no restart is scheduled, and says when an agent is turned off', () => {
    expect(sidebarStatusText(crash, 0)).toBe('Crashed — press Restart');
    expect(sidebarStatusText({ kind: 'disabled' }, 0)).toBe('Turned off');
    expect(sidebarStatusText({ kind: 'ready' }, 0)).toBe('Ready');
  });

  it('offers Restart only for a stopped process', () => {
    expect(canRestart(crash)).toBe(true);
    expect(canRestart({ kind: 'exited', code: 0, signal: null, message: '' })).toBe(true);
    expect(canRestart({ kind: 'failed', message: 'x' })).toBe(true);
    expect(canRestart({ kind: 'disabled' })).toBe(false);
    expect(canRestart({ kind: 'ready' })).toBe(false);
  });
});
