import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Settler } from '../../bench/settle';

// Each bench figure is the app's own, so a scenario starts only once the processes the previous one
// started are gone; the bench waits for them (bounded) and says so, and never waits for what it keeps on purpose.
describe('the bench settling between scenarios', () => {
  it('waits for a process an earlier scenario left running, and reports it ended', async () => {
    const lines: string[] = [];
    const settler = await Settler.atRunStart((line) => lines.push(line), { boundMs: 2_500 });
    const leftover = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 400)'], { stdio: 'ignore' });
    const ended = new Promise((done) => leftover.once('exit', done));
    const record = await settler.before('the next scenario');
    expect(leftover.exitCode).not.toBeNull();
    await ended;
    expect(record).toMatchObject({ before: 'the next scenario', endedProcesses: 1, leftProcesses: [] });
    expect(lines.at(-1)).toContain('settled before the next scenario');
    expect(lines.at(-1)).toContain('1 leftover processes ended');
  }, 15_000);

  it('does not wait for what the bench keeps on purpose, and gives up on a stuck leftover within its bound', async () => {
    const settler = await Settler.atRunStart(() => {}, { boundMs: 1_500 });
    const kept = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    await new Promise((done) => kept.once('spawn', done));
    settler.keepWhatIsRunning();
    const stuck = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    await new Promise((done) => stuck.once('spawn', done));
    try {
      const record = await settler.before('the next scenario');
      expect(record?.timedOut).toBe(true);
      // Only the stuck one is named (by command name: no arguments, which may carry paths or tokens).
      expect(record?.leftProcesses).toEqual(['node']);
    } finally {
      kept.kill();
      stuck.kill();
    }
  }, 15_000);
});
