/**
 * The agent capabilities that decide what Switchboard sends and offers, read from the `initialize`
 * result of either version, and the MCP server list a session gets in the shapes the agent accepts.
 *
 * v1 (`agentCapabilities`): stdio MCP servers are baseline; `mcpCapabilities.http` / `.sse` are booleans;
 * `promptCapabilities.{image,audio,embeddedContext}` are booleans. v2 (`capabilities.session`): every MCP
 * transport, stdio included, is advertised as an object under `mcp` (there is no SSE in v2), and prompt
 * capabilities are objects under `prompt` (ACP "Initialization", "MCP servers"; the SDK's
 * `assertSupportedMcpServers` applies the same v2 rule on the agent's side).
 */
import type { McpServer as McpServerV1 } from '@agentclientprotocol/sdk';
import type { McpServer as McpServerV2 } from '@agentclientprotocol/sdk/experimental/v2';
import type { AgentCapabilitiesView } from '../../../shared/views/agents';
import type { McpServerConfig } from '../config/config';
import type { ProtocolVersion } from './handshake';

type Json = Record<string, unknown>;

/** The capabilities in one shape; anything missing or malformed reads as "not advertised". */
export function agentCapabilities(version: ProtocolVersion, initializeResult: Json): AgentCapabilitiesView {
  if (version === 1) {
    const caps = obj(initializeResult.agentCapabilities);
    const mcp = obj(caps.mcpCapabilities);
    const prompt = obj(caps.promptCapabilities);
    return {
      mcp: { stdio: true, http: mcp.http === true, sse: mcp.sse === true },
      prompt: { image: prompt.image === true, audio: prompt.audio === true, embeddedContext: prompt.embeddedContext === true },
    };
  }
  const session = obj(obj(initializeResult.capabilities).session);
  const mcp = obj(session.mcp);
  const prompt = obj(session.prompt);
  const on = (value: unknown) => typeof value === 'object' && value !== null;
  return {
    mcp: { stdio: on(mcp.stdio), http: on(mcp.http), sse: false },
    prompt: { image: on(prompt.image), audio: on(prompt.audio), embeddedContext: on(prompt.embeddedContext) },
  };
}

/** The `mcpServers` of one `session/new` (or load/resume), and those left out with the reason. */
export interface McpServerSelection {
  mcpServers: Array<McpServerV1 | McpServerV2>;
  skipped: Array<{ name: string; reason: string }>;
}

/**
 * The chosen servers in the wire shape of `version`, keeping only transports the agent advertised.
 * v1 stdio entries carry no `type` (the v1 schema's stdio variant has none); v2 entries always do.
 * `env` and `headers` become `{name, value}` lists; their values are never logged.
 */
export function mcpServersFor(version: ProtocolVersion, servers: readonly McpServerConfig[], capabilities: AgentCapabilitiesView): McpServerSelection {
  const selection: McpServerSelection = { mcpServers: [], skipped: [] };
  for (const server of servers) {
    if (!capabilities.mcp[server.type]) {
      selection.skipped.push({ name: server.name, reason: unsupportedReason(version, server.type) });
      continue;
    }
    if (server.type === 'stdio') {
      const env = pairs(server.env);
      selection.mcpServers.push(
        version === 1
          ? { name: server.name, command: server.command, args: server.args, env }
          : { type: 'stdio', name: server.name, command: server.command, args: server.args, env },
      );
    } else {
      selection.mcpServers.push({ type: server.type, name: server.name, url: server.url, headers: pairs(server.headers) } as McpServerV1);
    }
  }
  return selection;
}

function unsupportedReason(version: ProtocolVersion, type: McpServerConfig['type']): string {
  if (type === 'sse' && version === 2) return 'ACP v2 has no SSE transport; use the server’s HTTP address instead';
  const label = type === 'stdio' ? 'local (stdio)' : type === 'http' ? 'HTTP' : 'SSE';
  return `the agent does not take ${label} MCP servers`;
}

function pairs(record: Record<string, string>): Array<{ name: string; value: string }> {
  return Object.entries(record).map(([name, value]) => ({ name, value }));
}

function obj(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}
