import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FILE_ACCESS_IN_FLIGHT, MAX_FILE_ACCESS_QUEUED, MAX_FILE_BYTES } from '../../electron/core/budgets';
import { eventually } from './hub-fixture';
import { V1_INIT_RESULT, type WireMessage } from './puppet';
import { closeSession, session, transcript, entries } from './session-model-fixture';

afterEach(closeSession);

describe('files (v1)', () => {
  it('advertises reading and writing text files to v1 agents', async () => {
    const { puppet } = await session(V1_INIT_RESULT);
    const init = puppet.received.find((m) => m.method === 'initialize')!;
    expect(init.params.clientCapabilities.fs).toEqual({ readTextFile: true, writeTextFile: true });
  });

  it("reads and writes inside the session's folder, and logs each access in its transcript", async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    writeFileSync(join(root, 'notes.txt'), 'one\ntwo\nthree\n');
    const { hub, puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 20, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'notes.txt'), line: 2, limit: 1 } });
    expect((await puppet.responseTo(20)).result).toEqual({ content: 'two' });
    await puppet.send({ id: 21, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, 'out', 'new.txt'), content: 'hello' } });
    expect((await puppet.responseTo(21)).result).toEqual({});
    expect(readFileSync(join(root, 'out', 'new.txt'), 'utf8')).toBe('hello');
    const log = await entries(hub, 2);
    expect(log.map((e) => [e.kind, e.text])).toEqual([
      ['file_access', 'The agent read notes.txt (lines 2–2).'],
      ['file_access', 'The agent wrote out/new.txt (5 bytes).'],
    ]);
  });

  it('refuses to create a file whose name has a line break, and shows a read one as one name', async () => {
    // A written file named "x\n\nSwitchboard: …paste your API key…" read as a paragraph of
    // Switchboard's own in the "file access" entry. spec E-PRIV-1 (agent text quoted on one line).
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    const trap = 'notes\n\nSwitchboard: your sign-in expired. Paste your API key below.txt';
    writeFileSync(join(root, trap), 'one');
    const { hub, puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 27, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, `new${trap}`), content: 'x' } });
    expect((await puppet.responseTo(27)).error).toMatchObject({ code: -32602, message: expect.stringContaining('control characters') });
    expect(existsSync(join(root, `new${trap}`))).toBe(false);
    await puppet.send({ id: 28, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, trap) } });
    expect((await puppet.responseTo(28)).result).toEqual({ content: 'one' });
    const [entry] = await entries(hub, 1);
    expect(entry.text).toBe('The agent read notes⟨U+000A⟩⟨U+000A⟩Switchboard: your sign-in expired. Paste your API key below.txt.');
  });

  it("refuses paths outside the session's folder, including through a symbolic link", async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    symlinkSync('/etc', join(root, 'escape'));
    const { hub, puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 22, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: '/etc/hostname' } });
    await puppet.send({ id: 23, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'escape', 'hostname') } });
    await puppet.send({ id: 24, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, '..', 'evil.txt'), content: 'x' } });
    for (const id of [22, 23, 24]) expect((await puppet.responseTo(id)).error).toMatchObject({ code: -32602, message: expect.stringContaining('outside') });
    expect(transcript(hub)).toEqual([]);
  });

  it('refuses to write through a dangling symbolic link that points outside, and to read a FIFO', async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    const outside = mkdtempSync(join(tmpdir(), 'switchboard-outside-'));
    symlinkSync(join(outside, 'pwned.txt'), join(root, 'link'));
    execFileSync('mkfifo', [join(root, 'fifo')]);
    const { puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 25, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, 'link'), content: 'x' } });
    expect((await puppet.responseTo(25)).error).toMatchObject({ code: -32602 });
    expect(existsSync(join(outside, 'pwned.txt'))).toBe(false);
    await puppet.send({ id: 26, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'fifo') } });
    expect((await puppet.responseTo(26, 3000)).error).toMatchObject({ code: -32602, message: expect.stringContaining('regular files') });
  });

  it('refuses at once to write to a FIFO, and file access keeps working for everyone', async () => {
    // A blocking open of a FIFO nobody reads held a libuv thread for ever; four froze all of main's file access.
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    for (const name of ['f1', 'f2', 'f3', 'f4']) execFileSync('mkfifo', [join(root, name)]);
    writeFileSync(join(root, 'notes.txt'), 'still here');
    const { puppet } = await session(V1_INIT_RESULT, root);
    for (const [i, name] of ['f1', 'f2', 'f3', 'f4'].entries()) {
      await puppet.send({ id: 60 + i, method: 'fs/write_text_file', params: { sessionId: 'sess-1', path: join(root, name), content: 'x' } });
      expect((await puppet.responseTo(60 + i, 5000)).error).toMatchObject({ code: -32602 });
    }
    await puppet.send({ id: 70, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'notes.txt') } });
    expect((await puppet.responseTo(70, 5000)).result).toEqual({ content: 'still here' });
  });

  it('serves file accesses sent together in turns, and refuses those beyond MAX_FILE_ACCESS_QUEUED with -32005', async () => {
    // BRIEF: every input from an agent is bounded (bytes held); a refused request gets a clear JSON-RPC error.
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    writeFileSync(join(root, 'big.txt'), 'x'.repeat(256 * 1024));
    const { puppet } = await session(V1_INIT_RESULT, root);
    const ids = Array.from({ length: 300 }, (_, i) => 100 + i);
    const read = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'big.txt') } });
    await puppet.sendRaw(ids.map(read).join('\n')); // one write: all 300 arrive together
    const answers = await eventually(() => {
      const got = ids.map((id) => puppet.received.find((m) => m.id === id && m.method === undefined));
      return got.every(Boolean) ? (got as WireMessage[]) : undefined;
    }, 30_000);
    const refused = answers.filter((a) => a.error);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(ids.length - MAX_FILE_ACCESS_IN_FLIGHT - MAX_FILE_ACCESS_QUEUED);
    for (const a of refused) expect(a.error).toMatchObject({ code: -32005, message: expect.stringContaining('Too many file accesses') });
    for (const a of answers.filter((a) => !a.error)) expect((a.result as { content: string }).content).toHaveLength(256 * 1024);
    await puppet.send({ id: 500, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'big.txt'), limit: 1 } });
    expect((await puppet.responseTo(500, 10_000)).result).toBeDefined();
    }, 60_000);

  it('answers a read of a file just under MAX_FILE_BYTES whole, and keeps the connection', async () => {
    // A 9 MB answer once overran the 8 MiB stdin budget and ended the agent's connection.
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    const size = MAX_FILE_BYTES - 1024;
    writeFileSync(join(root, 'big.txt'), 'x'.repeat(size));
    const { hub, puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 30, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'big.txt') } });
    expect(((await puppet.responseTo(30, 15_000)).result as { content: string }).content).toHaveLength(size);
    expect(hub.snapshot().agents[0].status.kind).toBe('ready');
  });

  it('refuses a file of control characters whose answer would grow six-fold, with -32602 and a reason', async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-fs-'));
    writeFileSync(join(root, 'controls.bin'), Buffer.alloc(5 * 1024 * 1024, 1));
    const { puppet } = await session(V1_INIT_RESULT, root);
    await puppet.send({ id: 31, method: 'fs/read_text_file', params: { sessionId: 'sess-1', path: join(root, 'controls.bin') } });
    expect((await puppet.responseTo(31, 15_000)).error).toMatchObject({ code: -32602, message: expect.stringContaining('not plain text') });
  });
});
