/**
 * The agents config: which agent processes Switchboard runs (architecture "The agents config").
 *
 * Shape: `{ "agents": [ { "id", "name", "command", "args"?, "env"?, "cwd"?, "enabled"?, "muted"?,
 * "mcpServers"?, "remembered"? } ], "mcpServers"?: [ { "name", "type", … } ], "urlMode"? }`, checked against {@link AGENTS_CONFIG_SCHEMA} with ajv. An agent may name
 * `"builtin": "demo"` instead of a command: the host (Electron or the harness) knows where its own copy
 * of the demo agent lives and how to run it with its own runtime.
 */
import { readFile } from 'node:fs/promises';
import { Ajv, type ErrorObject } from 'ajv';
import { firstJsonError } from './json-errors';

/**
 * One MCP server defined once in Switchboard and given to the agents that choose it, in `session/new`
 * and in load/resume (ACP "MCP servers"; issue 11, scope 1). `env` and `headers` values may be secrets:
 * masked in the UI and never logged.
 */
export type McpServerConfig =
  | { name: string; type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { name: string; type: 'http' | 'sse'; url: string; headers: Record<string, string> };

/** What Switchboard remembers per agent between sessions (issue 11, scopes 2 and 4). */
export interface AgentMemory {
  /** The last session mode the user chose (v1 `session/set_mode`). */
  modeId?: string;
  /** The last value the user chose for each config option, by `configId`. */
  configOptions?: Record<string, string | boolean>;
  /** Working folders used with this agent, most recent first (at most {@link MAX_RECENT_FOLDERS}). */
  recentFolders?: string[];
}

/** Recent folders kept per agent: enough for a short menu, small enough for the config file. */
export const MAX_RECENT_FOLDERS = 8;
/** MCP servers one config may define; far more than anyone configures, small enough to list. */
export const MAX_MCP_SERVERS = 100;

/** One configured agent, after defaults are applied. */
export interface AgentConfig {
  /** Stable id: 1–64 letters, digits, dots, dashes or underscores. */
  id: string;
  name: string;
  command?: string;
  args: string[];
  /** Merged over Switchboard's own environment. Values may be secrets: never logged. */
  env: Record<string, string>;
  cwd?: string;
  builtin?: 'demo';
  /** A disabled agent is kept in the config but not started. Default true. */
  enabled?: boolean;
  /** A muted agent raises no OS notification. Default false. */
  muted?: boolean;
  /** Names of the config's `mcpServers` this agent gets in each session. Default none. */
  mcpServers?: string[];
  /** Choices remembered for the next session; kept when the agent is edited. */
  remembered?: AgentMemory;
}

/** The whole config, after defaults are applied. */
export interface AgentsConfig {
  agents: AgentConfig[];
  /** MCP servers defined once; each agent names the ones it gets. Default none. */
  mcpServers?: McpServerConfig[];
  /** Where consented URL-mode pages open; `off` stops advertising URL mode (spec E-CAP-2). */
  urlMode: 'app-window' | 'system-browser' | 'off';
}

/** The JSON Schema of the agents config file (draft 7, as ajv's default entry point reads it). */
export const AGENTS_CONFIG_SCHEMA = {
  type: 'object',
  required: ['agents'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    agents: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
          name: { type: 'string', minLength: 1, maxLength: 100 },
          command: { type: 'string', minLength: 1 },
          args: { type: 'array', items: { type: 'string' }, default: [] },
          env: { type: 'object', additionalProperties: { type: 'string' }, default: {} },
          cwd: { type: 'string', minLength: 1 },
          builtin: { const: 'demo' },
          enabled: { type: 'boolean' },
          muted: { type: 'boolean' },
          mcpServers: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 100 } },
          remembered: {
            type: 'object',
            additionalProperties: false,
            properties: {
              modeId: { type: 'string', minLength: 1, maxLength: 200 },
              configOptions: {
                type: 'object',
                maxProperties: 100,
                propertyNames: { maxLength: 200 },
                additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'boolean' }] },
              },
              recentFolders: { type: 'array', maxItems: 8, items: { type: 'string', minLength: 1, maxLength: 4096 } },
            },
          },
        },
        oneOf: [{ required: ['command'], not: { required: ['builtin'] } }, { required: ['builtin'], not: { required: ['command'] } }],
      },
    },
    mcpServers: {
      type: 'array',
      maxItems: 100,
      default: [],
      items: {
        type: 'object',
        required: ['name', 'type'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 100 },
          type: { enum: ['stdio', 'http', 'sse'] },
        },
        oneOf: [
          {
            required: ['command'],
            additionalProperties: false,
            properties: {
              name: true,
              type: { const: 'stdio' },
              command: { type: 'string', minLength: 1, maxLength: 4096 },
              args: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 4096 } },
              env: { type: 'object', additionalProperties: { type: 'string' } },
            },
          },
          {
            required: ['url'],
            additionalProperties: false,
            properties: {
              name: true,
              type: { enum: ['http', 'sse'] },
              url: { type: 'string', minLength: 1, maxLength: 8192, pattern: '^https?://' },
              headers: { type: 'object', additionalProperties: { type: 'string' } },
            },
          },
        ],
      },
    },
    urlMode: { enum: ['app-window', 'system-browser', 'off'], default: 'app-window' },
  },
} as const;

// strictRequired off: the oneOf branches name properties declared one level up, which is fine.
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true, strictRequired: false });
const validate = ajv.compile(AGENTS_CONFIG_SCHEMA);

/**
 * Checks a parsed JSON value against {@link AGENTS_CONFIG_SCHEMA}, filling defaults. The input is not
 * modified.
 * @throws Error whose message is a plain sentence naming the first problem and where it is.
 */
export function parseAgentsConfig(json: unknown): AgentsConfig {
  const config = structuredClone(json);
  if (!validate(config)) throw new Error(`The agents config is not valid: ${describe(mostTelling(validate.errors ?? []))}.`);
  const result = config as unknown as AgentsConfig;
  const ids = new Set<string>();
  for (const agent of result.agents) {
    if (ids.has(agent.id)) throw new Error(`The agents config names the agent id "${agent.id}" twice.`);
    ids.add(agent.id);
  }
  // ajv fills no defaults inside oneOf branches: the optional lists of each transport are filled here.
  result.mcpServers = (result.mcpServers ?? []).map((server) =>
    server.type === 'stdio' ? { ...server, args: server.args ?? [], env: server.env ?? {} } : { ...server, headers: server.headers ?? {} },
  );
  const names = new Set<string>();
  for (const server of result.mcpServers) {
    if (names.has(server.name)) throw new Error(`The agents config names the MCP server "${server.name}" twice.`);
    names.add(server.name);
  }
  for (const agent of result.agents) {
    const unknown = agent.mcpServers?.find((name) => !names.has(name));
    if (unknown !== undefined) throw new Error(`The agent "${agent.name}" asks for the MCP server "${unknown}", which the config does not define.`);
  }
  return result;
}

/**
 * The error worth showing: a failed command-or-builtin choice says more than the branch errors ajv
 * reports with it, which only say what each branch missed.
 */
function mostTelling(errors: ErrorObject[]): ErrorObject | undefined {
  return errors.find((e) => e.keyword === 'oneOf') ?? errors.find((e) => !e.schemaPath.includes('/oneOf/')) ?? errors[0];
}

/** An ajv error as words a person reads: where, then what. */
function describe(error: ErrorObject | undefined): string {
  if (!error) return 'unknown problem';
  const where = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : 'the top level';
  switch (error.keyword) {
    case 'oneOf':
      if (where.startsWith('mcpServers')) return `${where} needs a "command" (stdio) or an http(s) "url" (http, sse), and only the fields of its type`;
      return `${where} needs either a "command" or "builtin": "demo", not both`;
    case 'additionalProperties':
      return `${where} has an unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    case 'required':
      return `${where} is missing "${(error.params as { missingProperty: string }).missingProperty}"`;
    case 'pattern':
      return `${where} must be 1–64 letters, digits, dots, dashes or underscores`;
    default:
      return `${where} ${error.message ?? 'is not valid'}`;
  }
}

/**
 * Reads and checks a config file.
 * @throws Error with a plain sentence when the file is missing, not JSON, or not valid.
 */
export async function loadAgentsConfig(path: string): Promise<AgentsConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`Could not read the agents config ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // The parser's own message names a character offset; the user gets the line and column in words.
    const where = firstJsonError(text, { comments: false, trailingCommas: false }) ?? (error as Error).message;
    throw new Error(`The agents config ${path} is not JSON. ${where}`);
  }
  return parseAgentsConfig(json);
}

/** The config a new user starts with: just the built-in demo agent. */
export function defaultAgentsConfig(): AgentsConfig {
  return parseAgentsConfig({ agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo' }] });
}
