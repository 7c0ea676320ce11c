/**
 * Import of the `agent_servers` entries of a Zed `settings.json` (JSON with comments and trailing commas).
 *
 * Zed keys each custom agent by its display name: `"agent_servers": { "My agent": { "type": "custom",
 * "command": "…", "args": […], "env": {…} } }`. Every entry it cannot use (Zed's built-in agents, registry and
 * extension agents, agents reached over HTTP, a command that is not text…) is reported as skipped with the
 * reason that applies to it, never silently dropped; a syntax error names its line and column.
 */
import { createScanner, parse, type ParseError } from 'jsonc-parser';
import type { AgentConfig, McpServerConfig } from './config';
import { describeJsonError } from './json-errors';

/**
 * What an import found: agents ready to add (ids not yet unique), the MCP servers of Zed's
 * `context_servers`, and entries it could not use.
 */
export interface ZedImport {
  agents: Array<Omit<AgentConfig, 'id' | 'command'> & { command: string }>;
  mcpServers: McpServerConfig[];
  skipped: Array<{ name: string; reason: string }>;
}

/**
 * Reads Zed settings text.
 * @throws Error with a plain sentence when the text is not JSON with comments, or has no `agent_servers`.
 */
export function importZedSettings(text: string): ZedImport {
  if (nestingOf(text) > MAX_ZED_SETTINGS_DEPTH) {
    throw new Error(`The file is not valid Zed settings: it nests more than ${MAX_ZED_SETTINGS_DEPTH} levels deep, so it was not read.`);
  }
  const errors: ParseError[] = [];
  let settings: unknown;
  try {
    settings = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch {
    // e.g. nesting so deep the parser runs out of stack
    throw new Error('The file is not valid Zed settings: it could not be read.');
  }
  if (errors.length) {
    const first = errors[0];
    throw new Error(`The file is not valid Zed settings. ${describeJsonError(text, first)}`);
  }
  const servers = isObject(settings) ? settings.agent_servers : undefined;
  const contextServers = isObject(settings) ? settings.context_servers : undefined;
  if (!isObject(servers) && !isObject(contextServers)) {
    throw new Error('The file has no "agent_servers" or "context_servers" section to import.');
  }

  const result: ZedImport = { agents: [], mcpServers: [], skipped: [] };
  if (isObject(contextServers)) readContextServers(contextServers, result);
  for (const [rawName, entry] of Object.entries(isObject(servers) ? servers : {})) {
    const name = rawName.slice(0, 100);
    const read = readAgentServer(rawName, entry);
    if ('reason' in read) result.skipped.push({ name, reason: read.reason });
    else result.agents.push({ name, ...read });
  }
  return result;
}

/**
 * Nesting a Zed settings file may have. Zed's own settings reach about 8 levels (a language server's
 * `initialization_options`); the parser recurses once a level, and a 100 000-level file ran it out of stack.
 */
export const MAX_ZED_SETTINGS_DEPTH = 64;

/**
 * The deepest nesting of `{`/`[` in `text`, counted with jsonc-parser's scanner (so brackets inside strings and
 * comments do not count), without recursion; it stops counting once past {@link MAX_ZED_SETTINGS_DEPTH}.
 */
/** jsonc-parser's `SyntaxKind` values this needs (a const enum, which isolated modules cannot read). */
const TOKEN = { openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, eof: 17 } as const;

function nestingOf(text: string): number {
  const scanner = createScanner(text, false);
  let depth = 0;
  let deepest = 0;
  for (let kind: number = scanner.scan(); kind !== TOKEN.eof && deepest <= MAX_ZED_SETTINGS_DEPTH; kind = scanner.scan()) {
    if (kind === TOKEN.openBrace || kind === TOKEN.openBracket) deepest = Math.max(deepest, ++depth);
    // Never below 0: stray closers (the file is invalid anyway) must not bank depth that later openers use up
    // unseen, which let `}` × n then `[` × n nest n levels past the check.
    else if ((kind === TOKEN.closeBrace || kind === TOKEN.closeBracket) && depth > 0) depth--;
  }
  return deepest;
}

/** Zed's own agents, configured by name only (Zed downloads and runs them), and the preset that matches each. */
const ZED_BUILTIN_AGENTS: Record<string, string> = {
  claude: 'Claude',
  claude_code: 'Claude',
  'claude-code': 'Claude',
  codex: 'Codex',
  gemini: 'Gemini CLI',
};

/** What JSON calls a value, for "its command is a list, not text". */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'number' ? 'a number' : typeof value === 'boolean' ? `${value}` : typeof value;
}

/**
 * One `agent_servers` entry: Zed's `{ "type": "custom", "command": "…", "args": […], "env": {…} }` (the `type`
 * may be left out), or the reason it cannot be used, naming what is wrong with this entry:
 * an agent reached over HTTP, one from Zed's registry or an extension, one of Zed's built-in agents, a command
 * that is missing, empty or not text, arguments or environment values that are not text.
 */
function readAgentServer(name: string, entry: unknown): { command: string; args: string[]; env: Record<string, string> } | { reason: string } {
  if (!isObject(entry)) return { reason: `its settings are ${kindOf(entry)}, not an object` };
  const type = typeof entry.type === 'string' ? entry.type : undefined;
  if (typeof entry.url === 'string' || typeof entry.endpoint === 'string' || type === 'http' || type === 'remote' || type === 'sse') {
    return { reason: 'Switchboard runs local agents over stdio; this one is reached over HTTP' };
  }
  if (type === 'registry') return { reason: 'it is installed from Zed’s agent registry, which only Zed can run; add it with Add agent and its command' };
  if (type === 'extension') return { reason: 'it comes from a Zed extension, which only Zed can run; add it with Add agent and its command' };
  if (type !== undefined && type !== 'custom') return { reason: `its type "${type.slice(0, 40)}" is not one Switchboard knows (only "custom" agents can be imported)` };
  if (!('command' in entry)) {
    const preset = type === undefined ? ZED_BUILTIN_AGENTS[name.toLowerCase()] : undefined;
    return { reason: preset ? `it is one of Zed’s built-in agents, which Zed installs itself; add it with the ${preset} preset` : 'it has no "command"' };
  }
  // Zed has also written the command as `{ "path", "args", "env" }`.
  const nested = isObject(entry.command) && typeof entry.command.path === 'string' ? entry.command : undefined;
  const command = nested ? nested.path : entry.command;
  if (typeof command !== 'string') return { reason: `its "command" is ${kindOf(command)}, not text (put the program in "command" and its arguments in "args")` };
  if (command.trim() === '') return { reason: 'its "command" is empty' };
  const from = nested ?? entry;
  const args = from.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) return { reason: 'its "args" must be a list of text' };
  const env = from.env ?? {};
  if (!isObject(env)) return { reason: `its "env" is ${kindOf(env)}, not an object of NAME: value` };
  // Only the variable's name: its value may be a key.
  const notText = Object.keys(env).find((key) => typeof env[key] !== 'string');
  if (notText !== undefined) return { reason: `its "env" value for ${notText.slice(0, 100)} is not text` };
  return { command, args: args as string[], env: env as Record<string, string> };
}

/**
 * Zed's `context_servers`: `{ "name": { "command": "…", "args": […], "env": {…} } }`, the older
 * `{ "command": { "path", "args", "env" } }`, or a remote `{ "url": "…", "headers": {…} }` (HTTP).
 * Extension-provided servers (`"source": "extension"` with no command) are skipped with the reason.
 */
function readContextServers(servers: Record<string, unknown>, result: ZedImport): void {
  for (const [rawName, entry] of Object.entries(servers)) {
    const name = rawName.slice(0, 100);
    if (!isObject(entry)) {
      result.skipped.push({ name, reason: 'its MCP server settings are not an object' });
      continue;
    }
    if (typeof entry.url === 'string' && /^https?:\/\//i.test(entry.url)) {
      result.mcpServers.push({ name, type: 'http', url: entry.url, headers: stringRecord(entry.headers) });
      continue;
    }
    const nested = isObject(entry.command) ? entry.command : undefined;
    const command = typeof entry.command === 'string' ? entry.command : typeof nested?.path === 'string' ? nested.path : '';
    if (!command) {
      result.skipped.push({ name, reason: 'it is an MCP server from a Zed extension, with no command to run' });
      continue;
    }
    const from = nested ?? entry;
    const args = Array.isArray(from.args) ? from.args.filter((a): a is string => typeof a === 'string') : [];
    result.mcpServers.push({ name, type: 'stdio', command, args, env: stringRecord(from.env) });
  }
}

function stringRecord(value: unknown): Record<string, string> {
  return isObject(value) ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
