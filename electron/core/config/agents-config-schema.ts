/**
 * The JSON Schema of the agents config file (architecture "The agents config"), with the ajv options it is
 * compiled with. The one source of truth: `config.ts` checks files with ajv's standalone code generated from it at
 * build time (`scripts/config-validator-source.ts`); nothing else may restate it.
 */

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

/**
 * How ajv compiles {@link AGENTS_CONFIG_SCHEMA}: every error (the most telling is picked), defaults filled in.
 * strictRequired is off: the oneOf branches name properties declared one level up, which is fine.
 */
export const AGENTS_CONFIG_AJV_OPTIONS = { allErrors: true, useDefaults: true, strict: true, strictRequired: false } as const;
