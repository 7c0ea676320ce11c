/**
 * The agents config is checked by ajv's standalone code generated at build time (startup: no schema compile in
 * main). These tests keep the schema the source of truth: the committed module is exactly what the generator makes
 * from it now, and it gives the same verdicts, errors and filled-in defaults as ajv compiling the schema at run time.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { AGENTS_CONFIG_AJV_OPTIONS, AGENTS_CONFIG_SCHEMA } from '../../electron/core/config/agents-config-schema';
import { validate as generated } from '../../electron/core/config/generated/agents-config-validator';
import { agentsConfigValidatorSource, CONFIG_VALIDATOR_PATH } from '../../scripts/config-validator-source';

const runtime = new Ajv({ ...AGENTS_CONFIG_AJV_OPTIONS }).compile(AGENTS_CONFIG_SCHEMA);
const standalone = generated as ValidateFunction;

/** Configs at and past every limit of the schema, valid and not. */
const long = (n: number) => 'x'.repeat(n);
const agent = (extra: Record<string, unknown>) => ({ id: 'a', name: 'A', command: 'x', ...extra });
const CASES: unknown[] = [
  { agents: [] },
  { agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo' }] },
  { agents: [agent({ args: ['--acp'], env: { K: 'v' }, cwd: '/w', enabled: false, muted: true })] },
  { agents: [agent({ mcpServers: ['m', 'n'] })], mcpServers: [{ name: 'm', type: 'stdio', command: 'a' }, { name: 'n', type: 'http', url: 'https://x' }] },
  { agents: [agent({ remembered: { modeId: 'ask', configOptions: { model: 'x', fast: true }, recentFolders: ['/a', '/b'] } })] },
  { agents: [], urlMode: 'off', $schema: 'x' },
  null,
  [],
  'agents',
  {},
  { agents: {} },
  { agents: [{ id: 'a', name: 'A' }] },
  { agents: [agent({ builtin: 'demo' })] },
  { agents: [{ id: 'a', name: 'A', builtin: 'other' }] },
  { agents: [agent({ id: 'bad id!' })] },
  { agents: [agent({ id: long(65) })] },
  { agents: [agent({ name: '' })] },
  { agents: [agent({ name: long(101) })] },
  // minLength / maxLength count code points, not UTF-16 units (ajv's ucs2length helper).
  { agents: [agent({ name: '😀'.repeat(100) })] },
  { agents: [agent({ name: '😀'.repeat(101) })] },
  { agents: [agent({ command: '' })] },
  { agents: [agent({ colour: 'red' })] },
  { agents: [agent({ env: { K: 1 } })] },
  { agents: [agent({ args: 'x' })] },
  { agents: [agent({ enabled: 'yes' })] },
  { agents: [agent({ mcpServers: ['m', 'm'] })] },
  { agents: [agent({ mcpServers: Array.from({ length: 101 }, (_, i) => `m${i}`) })] },
  { agents: [agent({ remembered: { modeId: '' } })] },
  { agents: [agent({ remembered: { other: 1 } })] },
  { agents: [agent({ remembered: { configOptions: { [long(201)]: 'x' } } })] },
  { agents: [agent({ remembered: { configOptions: { k: 3 } } })] },
  { agents: [agent({ remembered: { recentFolders: Array.from({ length: 9 }, () => '/a') } })] },
  { agents: [], urlMode: 'popup' },
  { agents: [], extra: true },
  { agents: [], mcpServers: [{ name: 'm', type: 'stdio', url: 'https://x' }] },
  { agents: [], mcpServers: [{ name: 'm', type: 'http', url: 'file:///x' }] },
  { agents: [], mcpServers: [{ name: 'm', type: 'sse', url: 'https://x', headers: { A: 'b' } }] },
  { agents: [], mcpServers: [{ name: 'm', type: 'ftp', command: 'a' }] },
  { agents: [], mcpServers: [{ name: 'm', type: 'stdio', command: 'a', args: [1] }] },
  { agents: [], mcpServers: [{ type: 'stdio', command: 'a' }] },
];

describe('the generated agents config validator', () => {
  it('is what the generator makes from the schema now (run `npm run build` after changing the schema)', () => {
    expect(readFileSync(CONFIG_VALIDATOR_PATH, 'utf8')).toBe(agentsConfigValidatorSource());
  });

  it.each(CASES.map((config) => [JSON.stringify(config).slice(0, 120), config]))('gives the run-time verdict, errors and defaults for %s', (_, config) => {
    const a = structuredClone(config);
    const b = structuredClone(config);
    const verdict = runtime(a);
    expect(standalone(b)).toBe(verdict);
    expect(standalone.errors ?? null).toEqual(runtime.errors ?? null);
    expect(b).toEqual(a);
  });

  it('covers valid and invalid configs', () => {
    const verdicts = CASES.map((config) => runtime(structuredClone(config)));
    expect(verdicts.filter(Boolean).length).toBeGreaterThanOrEqual(6);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThanOrEqual(20);
  });
});
