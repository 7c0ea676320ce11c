/**
 * What an agent tells the client about a session's setup, in one shape for both protocol versions:
 * session modes (v1 `modes`), config options (`configOptions`: v1 keys them by `id`, v2 by `configId`),
 * slash commands (`availableCommands`) and usage (`usage_update`). They arrive in the `session/new` (and
 * load/resume) result and in `session/update` notifications.
 *
 * Everything here is untrusted input and bounded: lists by count, labels by length, each limit a named
 * constant with its reason. Entries that are not sound are dropped, never thrown on.
 */
import type { CommandView, ConfigOptionView, ConfigValueView, SessionModeView, UsageView } from '../../../shared/views/sessions';
import { cutText } from '../../../shared/cut-text';

/** Modes kept per session: real agents offer about five; more would not fit a picker anyway. */
export const MAX_SESSION_MODES = 50;
/** Config options kept per session: claude-agent-acp offers five, codex-acp six. */
export const MAX_CONFIG_OPTIONS = 50;
/** Values kept per select option (across its groups): a model list is a few dozen at most. */
export const MAX_CONFIG_VALUES = 200;
/** Slash commands kept per session: claude-agent-acp sends about forty. */
export const MAX_COMMANDS = 200;
/**
 * Characters kept of a name, title or id an agent gives: long enough for any real label, short enough for one line.
 * Labels are copied into every view that names them (a card's context, the sidebar, History): a 3 MiB
 * `agentInfo.name` or session title once stalled the renderer for 49 s.
 */
export const MAX_LABEL_CHARS = 200;
/** Characters kept of a description: claude-agent-acp's longest command description is about 2 000. */
export const MAX_DESCRIPTION_CHARS = 2000;

type Json = Record<string, unknown>;

/** Line breaks, tabs and other C0/C1 controls: a label is one line, and none of these has a place in it. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * An agent-supplied name or title as a one-line label (spec E-REQ-7 names the agent and the session by these):
 * cut to at most `max` characters first (so the work is bounded whatever was sent), line breaks, tabs and other
 * control characters made spaces and every run of spaces one, the ends trimmed. Format characters (bidi overrides,
 * zero-width marks) are left for the renderer, which shows each as a visible marker (shared/visible-text.ts).
 * Never throws.
 */
export function oneLineLabel(text: string, max: number = MAX_LABEL_CHARS): string {
  return cutText(text, max).replace(CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();
}

/** v1 `SessionModeState`: `{currentModeId, availableModes: [{id, name, description?}]}`; undefined when unsound. */
export function sessionModes(value: unknown): { currentModeId: string; available: SessionModeView[] } | undefined {
  if (!isJson(value) || typeof value.currentModeId !== 'string' || !Array.isArray(value.availableModes)) return undefined;
  const available = value.availableModes
    .slice(0, MAX_SESSION_MODES)
    .filter((m): m is Json => isJson(m) && typeof m.id === 'string' && typeof m.name === 'string')
    .map((m) => ({ id: label(m.id as string), name: label(m.name as string), ...describe(m.description) }));
  return { currentModeId: label(value.currentModeId), available };
}

/** A `configOptions` list (v1 or v2 shape) as views; unsound entries and unknown option types are left out. */
export function configOptions(value: unknown): ConfigOptionView[] {
  if (!Array.isArray(value)) return [];
  const options: ConfigOptionView[] = [];
  for (const entry of value.slice(0, MAX_CONFIG_OPTIONS)) {
    const option = configOption(entry);
    if (option) options.push(option);
  }
  return options;
}

function configOption(entry: unknown): ConfigOptionView | undefined {
  if (!isJson(entry) || typeof entry.name !== 'string') return undefined;
  // v2 names the key `configId`; v1 names it `id`.
  const configId = typeof entry.configId === 'string' ? entry.configId : typeof entry.id === 'string' ? entry.id : undefined;
  if (!configId) return undefined;
  const base = {
    configId: label(configId),
    name: label(entry.name),
    ...describe(entry.description),
    ...(typeof entry.category === 'string' ? { category: label(entry.category) } : {}),
  };
  if (entry.type === 'boolean' && typeof entry.currentValue === 'boolean') return { ...base, type: 'boolean', currentValue: entry.currentValue };
  if (entry.type === 'select' && typeof entry.currentValue === 'string' && Array.isArray(entry.options)) {
    const values = selectValues(entry.options);
    return { ...base, type: 'select', currentValue: label(entry.currentValue), options: values };
  }
  return undefined;
}

/** Flat or grouped (`[{groupId, name, options}]`) select values, at most {@link MAX_CONFIG_VALUES}. */
function selectValues(list: unknown[]): ConfigValueView[] {
  const values: ConfigValueView[] = [];
  const push = (v: unknown, group?: string) => {
    if (values.length >= MAX_CONFIG_VALUES || !isJson(v) || typeof v.value !== 'string' || typeof v.name !== 'string') return;
    values.push({ value: label(v.value), name: label(v.name), ...describe(v.description), ...(group ? { group } : {}) });
  };
  for (const item of list.slice(0, MAX_CONFIG_VALUES)) {
    if (isJson(item) && Array.isArray(item.options) && typeof item.name === 'string') {
      for (const v of item.options.slice(0, MAX_CONFIG_VALUES)) push(v, label(item.name));
    } else push(item);
  }
  return values;
}

/** An `availableCommands` list (v1 `{name, description, input?: {hint}}`; v2 adds `type: "command"`). */
export function commands(value: unknown): CommandView[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, MAX_COMMANDS)
    .filter((c): c is Json => isJson(c) && typeof c.name === 'string' && c.name !== '' && (c.type === undefined || c.type === 'command'))
    .map((c) => {
      const hint = isJson(c.input) && typeof c.input.hint === 'string' ? c.input.hint : undefined;
      return {
        name: label(c.name as string),
        description: typeof c.description === 'string' ? c.description.slice(0, MAX_DESCRIPTION_CHARS) : '',
        ...(hint ? { hint: label(hint) } : {}),
      };
    });
}

/**
 * `usage_update` fields: `used` and `size` in tokens (non-negative finite numbers), `cost` optional.
 * `cost` absent means "unchanged" and `null` "cleared" (v2 schema): returned as `undefined` / `null`.
 */
export function usage(update: Json): { used: number; size: number; cost?: UsageView['cost'] | null } | undefined {
  const { used, size } = update;
  if (!isCount(used) || !isCount(size)) return undefined;
  if (update.cost === null) return { used, size, cost: null };
  const cost = update.cost;
  if (isJson(cost) && typeof cost.amount === 'number' && Number.isFinite(cost.amount) && typeof cost.currency === 'string') {
    return { used, size, cost: { amount: cost.amount, currency: label(cost.currency).slice(0, 10) } };
  }
  return { used, size };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function label(text: string): string {
  return text.slice(0, MAX_LABEL_CHARS);
}

function describe(value: unknown): { description?: string } {
  return typeof value === 'string' && value !== '' ? { description: value.slice(0, MAX_DESCRIPTION_CHARS) } : {};
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
