/**
 * An agent whose spawn waits for the login shell PATH on macOS is usable before it exists
 * (docs/agents.md "How the command is found"): bytes written early reach it, its output and exit come through.
 */
import { describe, expect, it } from 'vitest';
import { DeferredAgentProcess } from '../../electron/core/agents/deferred-agent-process';
import { startAgentProcess, type AgentProcess } from '../../electron/core/agents/agent-process';

const ECHO = "process.stdin.on('data', (d) => process.stdout.write(d)); process.stdin.on('end', () => process.exit(0));";

describe('an agent process started after a wait', () => {
  it('passes what was written before the spawn, shows its output to watchers and readers, and stops', async () => {
    let spawn!: (process: AgentProcess) => void;
    const agent = new DeferredAgentProcess(new Promise((resolve) => (spawn = resolve)));
    const seen: Uint8Array[] = [];
    agent.watchStdout((chunk) => seen.push(chunk));
    const writer = agent.stdin.getWriter();
    const written = writer.write(new TextEncoder().encode('hello\n'));
    expect(agent.pid).toBeUndefined();
    expect(agent.hasExited).toBe(false);

    spawn(startAgentProcess({ command: process.execPath, args: ['-e', ECHO] }) as AgentProcess);
    await written;
    const { value } = await agent.stdout.getReader().read();
    expect(new TextDecoder().decode(value)).toBe('hello\n');
    expect(Buffer.concat(seen).toString()).toBe('hello\n');
    expect(agent.pid).toBeGreaterThan(0);
    writer.releaseLock();
    expect(await agent.stop()).toMatchObject({ code: 0, message: 'The agent exited.' });
    expect(agent.hasExited).toBe(true);
  });

  it('turns a start that failed into an exit of a process that never started', async () => {
    const agent = new DeferredAgentProcess(Promise.reject(new Error('Could not start "npx": one of its arguments holds a line break.')));
    expect(await agent.exited).toEqual({ code: null, signal: null, neverStarted: true, message: 'Could not start "npx": one of its arguments holds a line break.' });
    expect(agent.hasExited).toBe(true);
    expect(await agent.stop()).toMatchObject({ neverStarted: true });
    expect(agent.stderrText()).toBe('');
  });
});
