/**
 * Test side of the scripted agent (test/fixtures/puppet-agent.mjs): the test speaks for the agent, line by
 * line, and reads exactly what Switchboard wrote to the agent's stdin.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { resolve } from 'node:path';
import type { AgentConfig } from '../../electron/core/config/config';

/** How long a puppet waits for a message before the test fails, in ms (see {@link Puppet.next}). */
export const PUPPET_WAIT_MS = 15_000;

/** A JSON-RPC message as seen on the wire; fields are loosely typed because tests poke at them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire data in tests, asserted field by field
export type WireMessage = Record<string, unknown> & { id?: unknown; method?: string; params?: any; result?: any; error?: any };

export class Puppet {
  /** Every message Switchboard has written to this agent, in order. */
  readonly received: WireMessage[] = [];
  /** The same, as the raw lines Switchboard wrote (JSON.parse cannot show an integer id beyond 2^53 exactly). */
  readonly receivedLines: string[] = [];
  private socket?: Socket;
  private readonly sockets = new Set<Socket>();
  private buffer = '';
  private waiters: Array<() => void> = [];
  private connected: Promise<void>;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {
    this.connected = new Promise((done) => {
      // A restarted agent connects again: the newest process is the one the test speaks for.
      server.on('connection', (socket) => {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        this.socket = socket;
        this.buffer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          if (socket === this.socket) this.onData(chunk);
        });
        socket.on('error', () => {});
        done();
      });
    });
  }

  /** Starts listening; the agent connects when Switchboard spawns it. */
  static async create(): Promise<Puppet> {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    return new Puppet(server, typeof address === 'object' && address ? address.port : 0);
  }

  /** A config entry that runs this puppet. */
  agentConfig(id: string, name = id, env: Record<string, string> = {}): AgentConfig {
    return {
      id,
      name,
      command: process.execPath,
      args: [resolve('test/fixtures/puppet-agent.mjs')],
      env: { PUPPET_PORT: String(this.port), ...env },
    };
  }

  /** Writes one message as the agent. */
  async send(message: WireMessage): Promise<void> {
    await this.sendRaw(JSON.stringify({ jsonrpc: '2.0', ...message }));
  }

  /** Writes one raw line as the agent (for malformed input). */
  async sendRaw(line: string): Promise<void> {
    await this.connected;
    this.socket!.write(line + '\n');
  }

  /**
   * Resolves with the first received message (from index `from`) matching `predicate`. The deadline is only
   * how long to wait before failing, not a claim about speed: each connection's worker starts from source
   * under tsx in vitest, which takes seconds on a loaded 2-core machine.
   */
  async next(predicate: (m: WireMessage) => boolean, timeoutMs = PUPPET_WAIT_MS, from = 0): Promise<WireMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`timed out; received: ${JSON.stringify(this.received).slice(0, 2000)}`);
      }
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          done();
        });
      });
    }
  }

  /** Waits for the request with `method` and answers it with `result`. */
  async answer(method: string, result: unknown): Promise<WireMessage> {
    const request = await this.next((m) => m.method === method && m.id !== undefined && !this.answered.has(m));
    this.answered.add(request);
    await this.send({ id: request.id, result });
    return request;
  }
  private answered = new Set<WireMessage>();

  /** The response Switchboard sent to our request `id`. */
  responseTo(id: unknown, timeoutMs?: number): Promise<WireMessage> {
    return this.next((m) => m.id === id && m.method === undefined, timeoutMs);
  }

  /** Resolves when the newest agent process's socket closes: the process has exited (or is exiting). */
  gone(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.destroyed) return Promise.resolve();
    return new Promise((done) => socket.once('close', () => done()));
  }

  /** Ends the agent process (closing the socket makes the fixture exit). */
  exit(): void {
    this.socket?.end();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (!line.trim()) continue;
      this.receivedLines.push(line);
      this.received.push(JSON.parse(line));
    }
    this.waiters.splice(0).forEach((wake) => wake());
  }
}

/** The v2 `initialize` result of a typical eliciting agent. */
export const V2_INIT_RESULT = {
  protocolVersion: 2,
  info: { name: 'puppet', title: 'Puppet agent', version: '1.0.0' },
  capabilities: {},
  authMethods: [],
};

/** The v1 `initialize` result of a v1-only agent. */
export const V1_INIT_RESULT = {
  protocolVersion: 1,
  agentInfo: { name: 'puppet-v1', version: '0.9.0' },
  agentCapabilities: {},
  authMethods: [],
};
