/**
 * What a permission request's tool call would act on, read from the agent's tool call (ACP `ToolCallUpdate` in v1's
 * `toolCall`, v2's `subject.toolCall`): its `kind`, the paths in `locations`, and the paths or command in
 * `rawInput`, so a card asking to delete, move or run something can show exactly what.
 * Everything here comes from the agent, so every part is bounded; `rawInput` has no schema (each agent's tool
 * input), so only a few well-known top-level keys are read and nothing else of it is kept.
 */
import { cutText } from '../../../shared/cut-text';

/** Paths kept per request: enough to show what a multi-file delete covers, few enough for one card. */
export const MAX_TARGET_PATHS = 20;
/** Characters kept of one path (longer ones are cut with an ellipsis). */
export const MAX_TARGET_PATH_CHARS = 1024;
/** Characters kept of a command; the card shows it in a scroll box of its own. */
export const MAX_TARGET_COMMAND_CHARS = 8 * 1024;
/** Characters kept of the tool kind (ACP's kinds are short words; anything else is shown as it is). */
const MAX_KIND_CHARS = 40;

/** `rawInput` keys that name a file or folder a tool reads, writes, moves or removes, as real agents spell them. */
const PATH_KEYS = ['path', 'file_path', 'filePath', 'paths', 'source', 'destination', 'from', 'to', 'old_path', 'new_path', 'target'];
/** `rawInput` keys that hold the command an `execute` tool runs (a string, or argv as an array of strings). */
const COMMAND_KEYS = ['command', 'cmd'];

/** A permission request's targets, plain data (it crosses the worker boundary). */
export interface PermissionTargets {
  /** ACP tool kind: read, edit, delete, move, search, execute, think, fetch, other… */
  toolKind?: string;
  /** Paths the tool call names, `locations` first, without duplicates, at most {@link MAX_TARGET_PATHS}. */
  paths: string[];
  /** The command from `rawInput` (argv joined with spaces), at most {@link MAX_TARGET_COMMAND_CHARS}. */
  command?: string;
}

/** Reads {@link PermissionTargets} from an agent's tool call object; anything malformed is skipped, never thrown. */
export function permissionTargets(toolCall: unknown): PermissionTargets {
  const paths: string[] = [];
  if (!isRecord(toolCall)) return { paths };
  const add = (value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '' || paths.length >= MAX_TARGET_PATHS) return;
    const path = cutText(value, MAX_TARGET_PATH_CHARS);
    if (!paths.includes(path)) paths.push(path);
  };
  if (Array.isArray(toolCall.locations)) {
    for (const location of toolCall.locations.slice(0, MAX_TARGET_PATHS)) if (isRecord(location)) add(location.path);
  }
  const rawInput = toolCall.rawInput;
  let command: string | undefined;
  if (isRecord(rawInput)) {
    for (const key of PATH_KEYS) {
      const value = rawInput[key];
      if (Array.isArray(value)) value.slice(0, MAX_TARGET_PATHS).forEach(add);
      else add(value);
    }
    for (const key of COMMAND_KEYS) {
      command ??= commandText(rawInput[key]);
    }
  }
  const toolKind = typeof toolCall.kind === 'string' && toolCall.kind !== '' ? cutText(toolCall.kind, MAX_KIND_CHARS) : undefined;
  return { ...(toolKind ? { toolKind } : {}), paths, ...(command ? { command } : {}) };
}

/** A command as the card shows it: a string, or argv joined with spaces, cut to {@link MAX_TARGET_COMMAND_CHARS}. */
export function commandText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return cutText(value, MAX_TARGET_COMMAND_CHARS);
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const words: string[] = [];
  let length = 0;
  for (const word of value) {
    if (typeof word !== 'string') return undefined;
    words.push(word);
    length += word.length + 1;
    if (length > MAX_TARGET_COMMAND_CHARS) break;
  }
  return cutText(words.join(' '), MAX_TARGET_COMMAND_CHARS);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
