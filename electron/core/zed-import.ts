/**
 * Import of the `agent_servers` entries of a Zed `settings.json` (JSON with comments and trailing commas).
 *
 * Zed keys each custom agent by its display name: `"agent_servers": { "My agent": { "command": "…",
 * "args": […], "env": {…} } }`. Entries without a command (Zed's built-in agents, configured by name only)
 * are reported as skipped with the reason, not silently dropped.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { AgentConfig, McpServerConfig } from './config';

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
    throw new Error(`The file is not valid Zed settings: ${printParseErrorCode(first.error)} at character ${first.offset}.`);
  }
  const servers = isObject(settings) ? settings.agent_servers : undefined;
  const contextServers = isObject(settings) ? settings.context_servers : undefined;
  if (!isObject(servers) && !isObject(contextServers)) {
    throw new Error('The file has no "agent_servers" or "context_servers" section to import.');
  }

  const result: ZedImport = { agents: [], mcpServers: [], skipped: [] };
  if (isObject(contextServers)) readContextServers(contextServers, result);
  for (const [name, entry] of Object.entries(isObject(servers) ? servers : {})) {
    if (!isObject(entry)) {
      result.skipped.push({ name, reason: 'its settings are not an object' });
      continue;
    }
    if (typeof entry.command !== 'string' || !entry.command) {
      result.skipped.push({ name, reason: 'it has no command (a built-in Zed agent)' });
      continue;
    }
    const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];
    const env = isObject(entry.env)
      ? Object.fromEntries(Object.entries(entry.env).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
    result.agents.push({ name: name.slice(0, 100), command: entry.command, args, env });
  }
  return result;
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
