// A stand-in MCP server for the interop run: it records that an agent started it (the
// file named by its first argument) and then answers `initialize` and `tools/list` as a minimal MCP server
// over stdio, so an agent that connects to it at session start sees a healthy server with no tools.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

appendFileSync(process.argv[2], `started ${process.pid}\n`);
const reply = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return;
  if (message.method === 'initialize') {
    reply(message.id, { protocolVersion: message.params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'switchboard-interop-marker', version: '1.0.0' } });
  } else if (message.method === 'tools/list') reply(message.id, { tools: [] });
  else reply(message.id, {});
});
