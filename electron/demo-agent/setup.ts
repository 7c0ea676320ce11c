/**
 * What the demo agent offers around its scenarios: session modes (v1), config options
 * (a model picker, a boolean "Fast replies"; in v2 the mode is a config option too), MCP servers it was
 * given, usage after each turn, and what a prompt carried besides text. Shared by the v1 and v2 agents.
 */
import { RequestError } from '@agentclientprotocol/sdk';

/** The session modes offered (v1 `modes`, v2 config option `mode`). */
export const DEMO_MODES = [
  { id: 'ask', name: 'Ask', description: 'Asks before it changes anything' },
  { id: 'plan', name: 'Plan', description: 'Plans first, changes nothing' },
  { id: 'auto', name: 'Auto', description: 'Goes ahead without asking' },
] as const;

/** Models offered; choosing `demo-xl` is refused, so a client's refusal handling can be seen. */
export const DEMO_MODELS = [
  { value: 'demo-small', name: 'Demo small', description: 'Quick and cheap' },
  { value: 'demo-large', name: 'Demo large', description: 'Slower, more thorough' },
  { value: 'demo-xl', name: 'Demo XL (unavailable)', description: 'Always refused, to show a refusal' },
] as const;

/** The context window the demo agent reports in `usage_update`, in tokens. */
export const DEMO_CONTEXT_WINDOW = 200_000;

/** One session's setup state. */
export interface DemoSetup {
  /** The MCP servers `session/new` carried: name and transport only (their env and headers are never echoed). */
  mcpServers: Array<{ name: string; type: string }>;
  modeId: string;
  model: string;
  fast: boolean;
  /** Tokens "in context": grows with each prompt's and reply's length. */
  used: number;
}

/** A fresh setup for `session/new`, from its `mcpServers` param (v1: stdio has no `type`). */
export function newSetup(mcpServers: ReadonlyArray<unknown>): DemoSetup {
  return {
    mcpServers: mcpServers.flatMap((s) => {
      const server = s as { name?: unknown; type?: unknown };
      return typeof server?.name === 'string' ? [{ name: server.name, type: typeof server.type === 'string' ? server.type : 'stdio' }] : [];
    }),
    modeId: 'ask',
    model: 'demo-small',
    fast: false,
    used: 0,
  };
}

/** v1 `modes`. */
export function modeState(setup: DemoSetup) {
  return { currentModeId: setup.modeId, availableModes: DEMO_MODES.map((m) => ({ ...m })) };
}

/** One config option in v2's shape (v1 renames `configId` to `id`). */
export type DemoConfigOption = { configId: string; name: string; description?: string; category: string } & (
  | { type: 'select'; currentValue: string; options: Array<{ value: string; name: string; description?: string }> }
  | { type: 'boolean'; currentValue: boolean }
);

/**
 * The config options. `fastAsBoolean`: the client takes boolean options (v2 always; v1 when it advertised
 * `session.configOptions.boolean`), else "Fast replies" is a select of on/off, as claude-agent-acp does.
 * `withMode`: v2 carries the mode as an option of category `mode`.
 */
export function configOptions(setup: DemoSetup, fastAsBoolean: boolean, withMode: boolean): DemoConfigOption[] {
  const mode: DemoConfigOption = {
    configId: 'mode',
    name: 'Mode',
    category: 'mode',
    type: 'select',
    currentValue: setup.modeId,
    options: DEMO_MODES.map(({ id, name, description }) => ({ value: id, name, description })),
  };
  const model: DemoConfigOption = {
    configId: 'model',
    name: 'Model',
    description: 'Which demo model answers',
    category: 'model',
    type: 'select',
    currentValue: setup.model,
    options: DEMO_MODELS.map((m) => ({ ...m })),
  };
  const about = { configId: 'fast', name: 'Fast replies', description: 'Stream without pauses', category: 'model_config' };
  const fast: DemoConfigOption = fastAsBoolean
    ? { ...about, type: 'boolean', currentValue: setup.fast }
    : { ...about, type: 'select', currentValue: setup.fast ? 'on' : 'off', options: [{ value: 'on', name: 'On' }, { value: 'off', name: 'Off' }] };
  return [...(withMode ? [mode] : []), model, fast];
}

/** `session/set_mode`. @throws RequestError -32602 for a mode not offered. */
export function setMode(setup: DemoSetup, modeId: string): void {
  if (!DEMO_MODES.some((m) => m.id === modeId)) throw RequestError.invalidParams({ modeId }, `unknown mode ${modeId}`);
  setup.modeId = modeId;
}

/**
 * `session/set_config_option`. @throws RequestError -32602 for an unknown option or value, and for
 * `demo-xl`, which is always refused.
 */
export function setConfigOption(setup: DemoSetup, configId: string, value: unknown): void {
  if (configId === 'mode' && typeof value === 'string') return setMode(setup, value);
  if (configId === 'model' && typeof value === 'string' && DEMO_MODELS.some((m) => m.value === value)) {
    if (value === 'demo-xl') throw RequestError.invalidParams({ configId, value }, 'Demo XL is not available to you');
    setup.model = value;
    return;
  }
  if (configId === 'fast' && (typeof value === 'boolean' || value === 'on' || value === 'off')) {
    setup.fast = value === true || value === 'on';
    return;
  }
  throw RequestError.invalidParams({ configId }, `unknown option or value for ${configId}`);
}

/** The setup in one sentence (the `status` scenario). */
export function describeSetup(setup: DemoSetup, protocol: number): string {
  const servers = setup.mcpServers.length
    ? setup.mcpServers.map((s) => `${s.name} (${s.type})`).join(', ')
    : 'none';
  const mode = DEMO_MODES.find((m) => m.id === setup.modeId)?.name ?? setup.modeId;
  return `Mode: ${mode}. Model: ${setup.model}. Fast replies: ${setup.fast ? 'on' : 'off'}. MCP servers: ${servers}. ACP v${protocol}.`;
}

/** One line per non-text prompt block: what the agent received (never a file's content or an image's bytes). */
export function describeAttachments(prompt: ReadonlyArray<unknown>): string[] {
  return prompt.flatMap((block) => {
    const b = block as Record<string, unknown> | null;
    switch (b?.type) {
      case 'resource_link':
        return [`a link to ${String(b.name)} (${String(b.uri)})`];
      case 'resource': {
        const resource = (b.resource ?? {}) as Record<string, unknown>;
        const size = typeof resource.text === 'string' ? `${resource.text.length} characters` : 'binary';
        return [`the embedded ${String(resource.uri)} (${size})`];
      }
      case 'image':
        return [`an image (${String(b.mimeType)}, ${Math.floor((String(b.data ?? '').length * 3) / 4)} bytes)`];
      default:
        return [];
    }
  });
}

/** Tokens the demo agent counts for a text: one per four characters, as a rough model would. */
export function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}
