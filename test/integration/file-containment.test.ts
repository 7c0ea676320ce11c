import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { readTextFileWithin, writeTextFileWithin } from '../../electron/core/sessions/file-access';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const REPO = join(import.meta.dirname, '..', '..');

/** Attempts in the race: each is one write and one read through a name the attacker keeps swapping. */
const RACE_ATTEMPTS = 10_000;
/** Attempts run at once, as several accesses of one agent arrive together. */
const RACE_IN_FLIGHT = 8;

describe('file access holds on what is opened, not on the name', () => {
  // docs/security.md, "Files an agent reads and writes": an agent that swaps a folder for a link between
  // Switchboard's check and its open must not get a read or a write outside the session's folder.
  it.runIf(process.platform === 'linux')(
    `lets no write or read escape while a folder is swapped for a link ${RACE_ATTEMPTS} times over`,
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'switchboard-race-root-'));
      const outside = mkdtempSync(join(tmpdir(), 'switchboard-race-outside-'));
      writeFileSync(join(outside, 'secret.txt'), 'OUTSIDE SECRET');
      const attacker = spawn(process.execPath, [join(FIXTURES, 'link-swapper.mjs'), root, outside], { stdio: ['pipe', 'pipe', 'inherit'] });
      await once(attacker.stdout!, 'data');
      let writesAccepted = 0;
      let secretsRead = 0;
      try {
        // A few at once, as an agent's accesses arrive: the thread pool runs them side by side.
        for (let i = 0; i < RACE_ATTEMPTS / 2; i += RACE_IN_FLIGHT) {
          await Promise.all(
            Array.from({ length: RACE_IN_FLIGHT }, async (_, j) => {
              const name = `planted-${i + j}.txt`;
              await writeTextFileWithin(root, join(root, 'sub', name), 'agent text').then(() => writesAccepted++, () => undefined);
              const read = await readTextFileWithin(root, join(root, 'sub', 'secret.txt')).catch(() => '');
              if (read.includes('OUTSIDE SECRET')) secretsRead++;
            }),
          );
        }
      } finally {
        attacker.stdin!.end();
        attacker.kill();
      }
      const escaped = readdirSync(outside).filter((name) => name !== 'secret.txt');
      expect({ escaped, secretsRead }).toEqual({ escaped: [], secretsRead: 0 });
      // The race must really have been run both ways: some writes landed in the real folder.
      expect(writesAccepted).toBeGreaterThan(0);
    },
    120_000,
  );

  it.runIf(process.platform !== 'win32')('leaves the original byte for byte when a write fails part way', () => {
    // A file-size limit (ulimit -f, 64 KiB) makes the write fail after some bytes, as a full disk would.
    const root = mkdtempSync(join(tmpdir(), 'switchboard-partial-'));
    const file = join(root, 'notes.txt');
    const original = 'the user\u2019s own text\n'.repeat(100);
    writeFileSync(file, original);
    chmodSync(file, 0o640);
    const run = spawnSync(
      '/bin/sh',
      ['-c', `ulimit -f 128 && exec "${process.execPath}" --import tsx "${join(FIXTURES, 'write-under-limit.mjs')}" "$@"`, 'sh', root, file, String(1024 * 1024)],
      { cwd: REPO, encoding: 'utf8' },
    );
    expect(run.stdout).toContain('the file could not be written: EFBIG');
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(root)).toEqual(['notes.txt']); // no temporary file left behind
  }, 30_000);

  it('keeps the mode of a file it replaces and creates missing folders inside the root', async () => {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-mode-'));
    const script = join(root, 'run.sh');
    writeFileSync(script, '#!/bin/sh\n');
    chmodSync(script, 0o755);
    await writeTextFileWithin(root, script, '#!/bin/sh\necho hi\n');
    expect(readFileSync(script, 'utf8')).toBe('#!/bin/sh\necho hi\n');
    if (process.platform !== 'win32') expect(statSync(script).mode & 0o777).toBe(0o755);
    await writeTextFileWithin(root, join(root, 'a', 'b', 'new.txt'), 'deep');
    expect(readFileSync(join(root, 'a', 'b', 'new.txt'), 'utf8')).toBe('deep');
    expect(existsSync(join(root, 'a', 'b'))).toBe(true);
  });
});
