/**
 * The agent editor's form as plain data: text fields in, `saveAgent` params out. Arguments are one per line;
 * the environment is one `NAME=value` per line. Pure functions, no DOM, so they are unit-tested in Node.
 * Environment values may be secrets: nothing here logs them, and error messages name only the variable.
 */
import type { CommandParams } from '../../../../shared/bridge';
import type { AgentSettingsView, AgentView } from '../../../../shared/views/agents';
import type { AgentPreset } from './presets';

/** What the editor's fields hold. */
export interface AgentDraft {
  name: string;
  command: string;
  /** One argument per line. */
  argsText: string;
  /** One `NAME=value` per line. */
  envText: string;
  /** Optional; empty means the agent's own default. */
  cwd: string;
  /** Runs the demo agent that comes with Switchboard instead of a command. */
  builtin: boolean;
}

export type SaveAgentParams = CommandParams<'saveAgent'>;

/** The fields the editor can flag. */
export type DraftField = 'name' | 'command' | 'args' | 'env' | 'cwd';

export type DraftCheck = { ok: true; params: SaveAgentParams } | { ok: false; errors: Partial<Record<DraftField, string>> };

/** Limits of the `saveAgent` command (shared/bridge.ts), checked here so the user gets a sentence, not a refusal. */
const MAX_NAME = 100;
const MAX_ARGS = 200;
const MAX_ENV_NAME = 200;

export const EMPTY_DRAFT: AgentDraft = { name: '', command: '', argsText: '', envText: '', cwd: '', builtin: false };

/** The editor's fields for an existing agent (or anything with settings, such as an imported one). */
export function draftFromSettings(name: string, settings: AgentSettingsView): AgentDraft {
  return {
    name,
    command: settings.command ?? '',
    argsText: settings.args.join('\n'),
    envText: envToText(settings.env),
    cwd: settings.cwd ?? '',
    builtin: settings.builtin === 'demo',
  };
}

/**
 * Fills the form from a preset: command, arguments and environment are replaced. The name becomes the preset's
 * unless the user already typed one of their own; the working folder is kept.
 */
export function applyPreset(draft: AgentDraft, preset: AgentPreset, presetNames: readonly string[]): AgentDraft {
  const ownName = draft.name.trim() !== '' && !presetNames.includes(draft.name.trim());
  return draftFromSettings(ownName ? draft.name : preset.name, { ...preset.settings, cwd: draft.cwd || undefined });
}

/** Arguments, one per line; empty lines are dropped (a line break at the end is not an argument). */
export function argsFromText(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '');
}

/** `NAME=value` lines in the order given. */
export function envToText(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/**
 * Reads `NAME=value` lines. Blank lines and lines starting with `#` are skipped; the value is everything after
 * the first `=`, exactly as typed. Errors are plain sentences naming the line and the variable, never the value.
 */
export function envFromText(text: string): { ok: true; env: Record<string, string> } | { ok: false; error: string } {
  const env: Record<string, string> = {};
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const at = line.indexOf('=');
    const key = (at < 0 ? line : line.slice(0, at)).trim();
    if (at < 0) return { ok: false, error: `Line ${n + 1} needs the form NAME=value.` };
    if (key === '') return { ok: false, error: `Line ${n + 1} has no variable name before the =.` };
    if (/\s/.test(key)) return { ok: false, error: `Line ${n + 1}: a variable name cannot contain spaces.` };
    if (key.length > MAX_ENV_NAME) return { ok: false, error: `Line ${n + 1}: the variable name is too long.` };
    if (Object.hasOwn(env, key)) return { ok: false, error: `${key} is set twice (line ${n + 1}).` };
    const value = line.slice(at + 1);
    if (value === '') {
      return {
        ok: false,
        error: `${key} has no value. Type it after the =, or delete the line to use the value Switchboard was started with.`,
      };
    }
    env[key] = value;
  }
  return { ok: true, env };
}

/**
 * The environment text with every value replaced by one bullet per character, names and line breaks kept, so a
 * mask drawn over the text box lines up with what is typed.
 */
export function maskEnvText(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const at = line.indexOf('=');
      return at < 0 ? line : line.slice(0, at + 1) + '•'.repeat([...line.slice(at + 1)].length);
    })
    .join('\n');
}

/**
 * Checks the form and builds `saveAgent` params. `existing` keeps an edited agent's id and its on/off and mute
 * flags (a save replaces the agent's whole entry).
 */
export function checkDraft(draft: AgentDraft, existing?: Pick<AgentView, 'agentId' | 'enabled' | 'muted'>): DraftCheck {
  const errors: Partial<Record<DraftField, string>> = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Give the agent a name.';
  else if (name.length > MAX_NAME) errors.name = `The name can be at most ${MAX_NAME} characters.`;
  const command = draft.command.trim();
  if (!draft.builtin && command === '') errors.command = 'Type the command that starts the agent, for example npx.';
  const args = draft.builtin ? [] : argsFromText(draft.argsText);
  if (args.length > MAX_ARGS) errors.args = `At most ${MAX_ARGS} arguments.`;
  const env = envFromText(draft.envText);
  if (!env.ok) errors.env = env.error;
  if (Object.keys(errors).length > 0 || !env.ok) return { ok: false, errors };

  const cwd = draft.cwd.trim();
  const params: SaveAgentParams = {
    ...(existing ? { agentId: existing.agentId } : {}),
    name,
    ...(draft.builtin ? { builtin: 'demo' as const } : { command }),
    args,
    env: env.env,
    ...(cwd ? { cwd } : {}),
    ...(existing ? { enabled: existing.enabled, muted: existing.muted } : {}),
  };
  return { ok: true, params };
}

/** "Claude (copy)", then "Claude (copy 2)"… the first not already taken (at most 100 characters). */
export function copyName(name: string, taken: readonly string[]): string {
  const names = new Set(taken);
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = name.slice(0, MAX_NAME - suffix.length) + suffix;
    if (!names.has(candidate)) return candidate;
  }
}

/** `saveAgent` params for a copy of `agent` under a new name (a new id is minted by main). */
export function duplicateParams(agent: AgentView, takenNames: readonly string[]): SaveAgentParams {
  const { settings } = agent;
  return {
    name: copyName(agent.name, takenNames),
    ...(settings.builtin ? { builtin: settings.builtin } : { command: settings.command ?? '' }),
    args: settings.args,
    env: settings.env,
    ...(settings.cwd ? { cwd: settings.cwd } : {}),
    enabled: agent.enabled,
    muted: agent.muted,
  };
}
