/**
 * The MCP server editor's form as plain data: text fields in, a `McpServerView` out.
 * Pure functions, unit-tested in Node. Values of env and headers may be secrets: errors name the line and
 * the variable, never the value.
 */
import type { McpServerView } from '../../../../shared/views/agents';
import { argsFromText, envFromText, envToText } from './agent-settings';

export interface McpDraft {
  name: string;
  type: McpServerView['type'];
  command: string;
  argsText: string;
  envText: string;
  url: string;
  headersText: string;
}

export type McpField = 'name' | 'command' | 'env' | 'url' | 'headers';

export const EMPTY_MCP_DRAFT: McpDraft = { name: '', type: 'stdio', command: '', argsText: '', envText: '', url: '', headersText: '' };

/**
 * A server to try both elicitation modes end to end: `@modelcontextprotocol/server-everything`'s tools
 * ask through a form and through a URL (transcripts/…mcp-elicitation-*). Pinned like the agent presets.
 */
export const EVERYTHING_PRESET: McpServerView = {
  name: 'everything',
  type: 'stdio',
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio'],
  env: {},
};

export function draftFromServer(server: McpServerView): McpDraft {
  return server.type === 'stdio'
    ? { ...EMPTY_MCP_DRAFT, name: server.name, type: 'stdio', command: server.command, argsText: server.args.join('\n'), envText: envToText(server.env) }
    : { ...EMPTY_MCP_DRAFT, name: server.name, type: server.type, url: server.url, headersText: envToText(server.headers) };
}

/**
 * Checks the form. `otherNames` are the names of the other servers (names must be unique).
 * @returns the server, or a sentence per field.
 */
export function checkMcpDraft(draft: McpDraft, otherNames: readonly string[]): { ok: true; server: McpServerView } | { ok: false; errors: Partial<Record<McpField, string>> } {
  const errors: Partial<Record<McpField, string>> = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Give the server a name, for example everything.';
  else if (name.length > 100) errors.name = 'The name can be at most 100 characters.';
  else if (otherNames.includes(name)) errors.name = `There is already a server named ${name}.`;
  if (draft.type === 'stdio') {
    const command = draft.command.trim();
    if (command === '') errors.command = 'Type the command that starts the server, for example npx.';
    const env = envFromText(draft.envText);
    if (!env.ok) errors.env = env.error;
    if (Object.keys(errors).length || !env.ok) return { ok: false, errors };
    return { ok: true, server: { name, type: 'stdio', command, args: argsFromText(draft.argsText), env: env.env } };
  }
  const url = draft.url.trim();
  if (!/^https?:\/\/[^/\s]+/i.test(url)) errors.url = 'Type the server’s address, starting with https:// (or http:// on this computer).';
  const headers = envFromText(draft.headersText);
  if (!headers.ok) errors.headers = headers.error.replace('variable name', 'header name');
  if (Object.keys(errors).length || !headers.ok) return { ok: false, errors };
  return { ok: true, server: { name, type: draft.type, url, headers: headers.env } };
}

/** One line about a server for lists: its command or address, never its env or header values. */
export function describeServer(server: McpServerView): string {
  if (server.type === 'stdio') return [server.command, ...server.args].join(' ');
  return `${server.type === 'sse' ? 'SSE' : 'HTTP'} ${server.url}`;
}

/** `existing` plus the `added` servers whose names are new; the rest are reported as already there. */
export function mergeServers(existing: readonly McpServerView[], added: readonly McpServerView[]): { servers: McpServerView[]; duplicates: string[] } {
  const names = new Set(existing.map((s) => s.name));
  const servers = [...existing];
  const duplicates: string[] = [];
  for (const server of added) {
    if (names.has(server.name)) duplicates.push(server.name);
    else {
      names.add(server.name);
      servers.push(server);
    }
  }
  return { servers, duplicates };
}
