/**
 * The agents config: which agent processes Switchboard runs (architecture "The agents config").
 *
 * Shape: `{ "agents": [ { "id", "name", "command", "args"?, "env"?, "cwd"? } ], "urlMode"? }`.
 * An agent may name `"builtin": "demo"` instead of a command: the host (Electron or the harness) knows
 * where its own copy of the demo agent lives and how to run it with its own runtime.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const agentSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'an id is 1–64 letters, digits, dots, dashes or underscores'),
    name: z.string().min(1).max(100),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().min(1).optional(),
    builtin: z.literal('demo').optional(),
  })
  .refine((a) => Boolean(a.command) !== Boolean(a.builtin), {
    message: 'each agent needs either a "command" or "builtin": "demo", not both',
  });

const configSchema = z.object({
  agents: z.array(agentSchema),
  /** Where consented URL-mode pages open; `off` stops advertising URL mode (spec E-CAP-2). */
  urlMode: z.enum(['app-window', 'system-browser', 'off']).default('app-window'),
});

/** One configured agent, after defaults are applied. */
export type AgentConfig = z.output<typeof agentSchema>;
/** The whole config, after defaults are applied. */
export type AgentsConfig = z.output<typeof configSchema>;

/**
 * Checks a parsed JSON value against the config schema.
 * @throws Error whose message is a plain sentence naming the first problem and where it is.
 */
export function parseAgentsConfig(json: unknown): AgentsConfig {
  const result = configSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new Error(`The agents config is not valid${where}: ${issue.message}.`);
  }
  const ids = new Set<string>();
  for (const agent of result.data.agents) {
    if (ids.has(agent.id)) throw new Error(`The agents config names the agent id "${agent.id}" twice.`);
    ids.add(agent.id);
  }
  return result.data;
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
    throw new Error(`The agents config ${path} is not JSON: ${(error as Error).message}`);
  }
  return parseAgentsConfig(json);
}

/** The config a new user starts with: just the built-in demo agent. */
export function defaultAgentsConfig(): AgentsConfig {
  return parseAgentsConfig({ agents: [{ id: 'demo', name: 'Demo agent', builtin: 'demo' }] });
}
