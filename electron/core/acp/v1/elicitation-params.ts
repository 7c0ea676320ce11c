/**
 * Params parser for `elicitation/create` on v1 connections (spec E-FORM-11).
 *
 * The v1 SDK validates `format` against the four known values and rejects any other before a handler
 * runs, although an unknown format is only an annotation (the v2 schema says so and accepts any string).
 * The SDK's own extension point — `onRequest(method, paramsParser, handler)` — lets us supply the parser.
 * This one validates the envelope against the SDK's published v1 JSON Schema with a single deviation,
 * `StringFormat` widened to any string exactly as v2 has it, so every other v1 rule still applies.
 */
import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { RequestError, type CreateElicitationRequest } from '@agentclientprotocol/sdk';

// Not named `require`: electron-vite's ESM shim declares its own `require` in a bundle that uses one, and
// two declarations in the connection worker's bundle made it fail to load.
const requireJson = createRequire(import.meta.url);

let validate: ((value: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };

function validator(): typeof validate {
  if (validate) return validate;
  const schema = requireJson('@agentclientprotocol/sdk/schema/v1/schema.json') as { $defs: Record<string, unknown> };
  const defs = { ...schema.$defs, StringFormat: { type: 'string' } };
  // Non-strict: the schema carries `x-…` annotations and integer formats (int64, uint32) ajv does not know.
  // ajv's 2020 engine is loaded here, on a v1 connection's first elicitation, not when every connection worker
  // starts (its vocabularies were ~80 ms of a worker's start under load; v2 updates use the draft-07 engine).
  const { Ajv2020: Engine } = requireJson('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 };
  const ajv = new Engine({ strict: false, validateFormats: false, logger: false });
  ajv.addSchema({ $id: 'acp-v1', $defs: defs });
  validate = ajv.getSchema('acp-v1#/$defs/CreateElicitationRequest') as typeof validate;
  return validate;
}

/**
 * Parses raw v1 `elicitation/create` params.
 * @throws RequestError -32602 naming the first problem, as the SDK's own parser would.
 */
export function parseV1ElicitationParams(params: unknown): CreateElicitationRequest {
  const check = validator();
  if (!check(params)) {
    const first = check.errors?.[0];
    const where = first?.instancePath || 'params';
    throw RequestError.invalidParams({ path: where }, `${where} ${first?.message ?? 'is not valid'}`);
  }
  return params as CreateElicitationRequest;
}
