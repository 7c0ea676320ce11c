/**
 * How an agent's command is found and spawned on each platform (docs/agents.md "How the command is found").
 * Windows and macOS are simulated: the platform, PATH, PATHEXT and the file check are passed in. The login shell
 * reader runs real `/bin/sh` scripts standing in for the user's shell.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cmdCommandLine, findCommand, quoteForCmd, resolveCommand, resolveOptionsFromEnv } from '../../electron/core/agents/command-resolution';
import { LAUNCHD_PATH, LOGIN_SHELL_PATH_MARK, LoginShellPath, readLoginShellPath } from '../../electron/core/agents/login-shell-path';
import { startAgentProcess } from '../../electron/core/agents/agent-process';

/** A file check over a fixed set of files; `caseless` compares as Windows' file system does. */
const files = (paths: string[], caseless = false) => {
  const norm = (path: string) => (caseless ? path.toLowerCase() : path);
  const set = new Set(paths.map(norm));
  return (path: string) => set.has(norm(path));
};

describe('finding a command on POSIX (docs/agents.md "How the command is found")', () => {
  it('takes the first PATH folder that holds it, in PATH order', () => {
    const fileExists = files(['/usr/bin/npx', '/opt/homebrew/bin/npx']);
    expect(findCommand('npx', { platform: 'darwin', path: '/opt/homebrew/bin:/usr/bin', fileExists })).toBe('/opt/homebrew/bin/npx');
    expect(findCommand('npx', { platform: 'darwin', path: '/usr/bin:/opt/homebrew/bin', fileExists })).toBe('/usr/bin/npx');
  });

  it('finds nothing on launchd’s PATH and the login shell’s folders once given them', () => {
    const fileExists = files(['/Users/me/.nvm/versions/node/v22/bin/npx']);
    expect(findCommand('npx', { platform: 'darwin', path: LAUNCHD_PATH, fileExists })).toBeUndefined();
    expect(findCommand('npx', { platform: 'darwin', path: `/Users/me/.nvm/versions/node/v22/bin:${LAUNCHD_PATH}`, fileExists })).toBe(
      '/Users/me/.nvm/versions/node/v22/bin/npx',
    );
  });

  it('uses a path as given and never searches the current folder through an empty PATH entry', () => {
    expect(findCommand('./agent', { platform: 'linux', path: '/usr/bin', fileExists: () => false })).toBe('./agent');
    expect(findCommand('/opt/agent', { platform: 'linux', path: '', fileExists: () => false })).toBe('/opt/agent');
    expect(findCommand('agent', { platform: 'linux', path: ':/usr/bin:', fileExists: files(['agent', './agent']) })).toBeUndefined();
  });

  it('spawns what it found directly, arguments untouched', () => {
    const resolved = resolveCommand('npx', ['-y', 'a b&c'], { platform: 'linux', path: '/usr/bin', fileExists: files(['/usr/bin/npx']) });
    expect(resolved).toEqual({ file: '/usr/bin/npx', args: ['-y', 'a b&c'], windowsVerbatimArguments: false });
  });

  it('checks the execute bit on the real file system', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'plain'), '');
    writeFileSync(join(dir, 'runnable'), '#!/bin/sh\n');
    chmodSync(join(dir, 'runnable'), 0o755);
    expect(findCommand('plain', { platform: 'linux', path: dir })).toBeUndefined();
    expect(findCommand('runnable', { platform: 'linux', path: dir })).toBe(join(dir, 'runnable'));
  });
});

describe('finding a command on Windows (docs/agents.md "How the command is found")', () => {
  const nodejs = 'C:\\Program Files\\nodejs';
  const win = { platform: 'win32' as const, path: `C:\\Windows\\system32;"${nodejs}"`, cwd: 'C:\\work', comSpec: 'C:\\Windows\\system32\\cmd.exe' };

  it('finds npx as npx.cmd through PATHEXT, whatever the case of the file or the list', () => {
    const fileExists = files([`${nodejs}\\NPX.CMD`], true);
    expect(findCommand('npx', { ...win, pathExt: '.com;.exe;.bat;.cmd', fileExists })).toBe(`${nodejs}\\npx.cmd`);
    expect(findCommand('npx', { ...win, fileExists })).toBe(`${nodejs}\\npx.cmd`);
    expect(findCommand('npx.CMD', { ...win, fileExists })).toBe(`${nodejs}\\npx.CMD`);
  });

  it('tries extensions in PATHEXT’s order within a folder, and folders in PATH order first', () => {
    const both = files([`${nodejs}\\tool.cmd`, `${nodejs}\\tool.exe`], true);
    expect(findCommand('tool', { ...win, pathExt: '.EXE;.CMD', fileExists: both })).toBe(`${nodejs}\\tool.exe`);
    expect(findCommand('tool', { ...win, pathExt: '.CMD;.EXE', fileExists: both })).toBe(`${nodejs}\\tool.cmd`);
    const apart = files(['C:\\Windows\\system32\\other.cmd', `${nodejs}\\other.exe`], true);
    expect(findCommand('other', { ...win, pathExt: '.EXE;.CMD', fileExists: apart })).toBe('C:\\Windows\\system32\\other.cmd');
  });

  it('does not search the current folder for a bare name, but finds a relative path there', () => {
    const fileExists = files(['C:\\work\\agent.exe', 'C:\\work\\bin\\agent.cmd'], true);
    expect(findCommand('agent', { ...win, fileExists })).toBeUndefined();
    expect(findCommand('.\\agent', { ...win, fileExists })).toBe('C:\\work\\agent.exe');
    expect(findCommand('bin/agent.cmd', { ...win, fileExists })).toBe('C:\\work\\bin\\agent.cmd');
  });

  it('spawns a .exe directly and a .cmd through cmd.exe /d /s /c with verbatim arguments, never a shell option', () => {
    const exe = resolveCommand('gemini', ['--acp'], { ...win, fileExists: files([`${nodejs}\\gemini.exe`], true) });
    expect(exe).toEqual({ file: `${nodejs}\\gemini.exe`, args: ['--acp'], windowsVerbatimArguments: false });
    const cmd = resolveCommand('npx', ['-y', '@google/gemini-cli@0.61.0', '--acp'], { ...win, fileExists: files([`${nodejs}\\npx.cmd`], true) });
    expect(cmd?.file).toBe(win.comSpec);
    expect(cmd?.windowsVerbatimArguments).toBe(true);
    expect(cmd?.args.slice(0, 3)).toEqual(['/d', '/s', '/c']);
    expect(runThroughCmd(cmd!.args[3])).toEqual({ file: `${nodejs}\\npx.cmd`, args: ['-y', '@google/gemini-cli@0.61.0', '--acp'] });
  });

  it('refuses a line break in an argument for a batch file with a plain sentence', () => {
    expect(() => resolveCommand('npx', ['a\nb'], { ...win, fileExists: files([`${nodejs}\\npx.cmd`], true) })).toThrow(
      'Could not start "npx": one of its arguments holds a line break, which a .cmd or .bat file cannot be given.',
    );
  });

  it('reads Path, PATHEXT and ComSpec from an environment whatever their case', () => {
    expect(resolveOptionsFromEnv({ Path: 'C:\\a', PathExt: '.EXE', ComSpec: 'C:\\cmd.exe' }, 'win32')).toEqual({
      platform: 'win32',
      path: 'C:\\a',
      pathExt: '.EXE',
      comSpec: 'C:\\cmd.exe',
    });
    expect(resolveOptionsFromEnv({ Path: 'C:\\a', PATH: 'C:\\b' }, 'win32').path).toBe('C:\\b');
    expect(resolveOptionsFromEnv({ Path: '/x', PATH: '/y' }, 'linux').path).toBe('/y');
  });
});

/**
 * What cmd.exe and the C runtime make of a `/c` command line, following their documented rules: `/s` strips the
 * outer quotes; cmd's parse removes one `^` before each character (an unescaped `"`, `&`, `|`, `<`, `>`, `(` or
 * `)` would end or redirect the command, so it fails here); the batch file's `%*` is parsed by cmd once more;
 * the program splits the result by the rules of Microsoft's "Parsing C command-line arguments".
 */
function runThroughCmd(slashC: string): { file: string; args: string[] } {
  expect(slashC.startsWith('"') && slashC.endsWith('"')).toBe(true);
  const line = slashC.slice(1, -1);
  // %name% expands before carets are read; every % carries a caret, so no variable name can match.
  expect(line).not.toMatch(/%[^%^]*%/);
  // The program's name ends at the first blank without a caret (the name's own blanks carry one).
  let end = 0;
  while (end < line.length && line[end] !== ' ') end += line[end] === '^' ? 2 : 1;
  const file = caretPass(line.slice(0, end));
  return { file, args: parseArgv(caretPass(caretPass(line.slice(end + 1)))) };
}

function caretPass(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '^') out += text[++i] ?? '';
    else if ('"&|<>()'.includes(text[i])) throw new Error(`unescaped ${text[i]} at ${i} in ${text}`);
    else out += text[i];
  }
  return out;
}

function parseArgv(line: string): string[] {
  const args: string[] = [];
  let i = 0;
  const blank = (c: string | undefined) => c === ' ' || c === '\t';
  for (;;) {
    while (blank(line[i])) i++;
    if (i >= line.length) return args;
    let arg = '';
    let quoted = false;
    while (i < line.length && (quoted || !blank(line[i]))) {
      let slashes = 0;
      while (line[i] === '\\') {
        slashes++;
        i++;
      }
      if (line[i] === '"') {
        arg += '\\'.repeat(slashes >> 1);
        if (slashes % 2) arg += '"';
        else if (quoted && line[i + 1] === '"') arg += line[++i];
        else quoted = !quoted;
        i++;
      } else {
        arg += '\\'.repeat(slashes);
        if (i < line.length && (quoted || !blank(line[i]))) arg += line[i++];
      }
    }
    args.push(arg);
  }
}

describe('arguments for a .cmd file through cmd.exe (docs/agents.md "How the command is found")', () => {
  const tricky = [
    'plain',
    'two words',
    '',
    'say "hi"',
    '"',
    'a&b',
    'x|y<z>w',
    '(group)',
    '%PATH%',
    '%%',
    '100%',
    '!USERNAME!',
    'caret^',
    '^^',
    'C:\\dir\\',
    'C:\\dir with space\\',
    'back\\\\"quote',
    '\\\\server\\share',
    'a"&calc&"b',
    '--flag=a,b;c',
    'wild*card?',
    'tab\there',
    'ünïcode ✓',
  ];

  it.each(tricky)('gets %j to the program exactly, with no way out of its quotes', (arg) => {
    const line = cmdCommandLine('C:\\Program Files\\nodejs\\npx.cmd', ['-y', arg, 'last']);
    expect(runThroughCmd(`"${line}"`)).toEqual({ file: 'C:\\Program Files\\nodejs\\npx.cmd', args: ['-y', arg, 'last'] });
  });

  it('quotes for the C runtime and escapes every cmd metacharacter with a caret', () => {
    expect(quoteForCmd('a b', false)).toBe('^"a^ b^"');
    expect(quoteForCmd('C:\\dir\\', false)).toBe('^"C:\\dir\\\\^"');
    expect(quoteForCmd('say "hi"', false)).toBe('^"say^ \\^"hi\\^"^"');
    expect(quoteForCmd('%PATH%', false)).toBe('^"^%PATH^%^"');
    expect(quoteForCmd('a&b', true)).toBe('^^^"a^^^&b^^^"');
  });
});

describe('the login shell PATH on macOS (docs/agents.md "How the command is found")', () => {
  const wanted = '/Users/me/.nvm/versions/node/v22/bin:/opt/homebrew/bin:/usr/bin:/bin';

  it('is read only on macOS with launchd’s PATH and a shell, once', async () => {
    let reads = 0;
    const read = async () => (reads++, wanted);
    expect(new LoginShellPath('linux', { PATH: LAUNCHD_PATH, SHELL: '/bin/zsh' }, read).current()).toEqual({ kind: 'unneeded' });
    expect(new LoginShellPath('darwin', { PATH: `/opt/homebrew/bin:${LAUNCHD_PATH}`, SHELL: '/bin/zsh' }, read).current()).toEqual({ kind: 'unneeded' });
    expect(new LoginShellPath('darwin', { PATH: LAUNCHD_PATH }, read).current()).toEqual({ kind: 'unneeded' });
    const source = new LoginShellPath('darwin', { PATH: LAUNCHD_PATH, SHELL: '/bin/zsh' }, read);
    source.start();
    const state = source.current();
    expect(state.kind).toBe('reading');
    await (state as { done: Promise<string | undefined> }).done;
    expect(source.current()).toEqual({ kind: 'read', path: wanted });
    expect(reads).toBe(1);
  });

  it('reads what the shell prints, leaving out what its rc files print around it', async () => {
    const quiet = fakeShell(`PATH='${wanted}'; export PATH; exec /bin/sh -c "$2"`);
    expect(await readLoginShellPath({ shell: quiet })).toBe(wanted);
    const chatty = fakeShell(`echo 'Welcome back!'; PATH='${wanted}'; export PATH; /bin/sh -c "$2"; echo 'bye ${LOGIN_SHELL_PATH_MARK}'`);
    expect(await readLoginShellPath({ shell: chatty })).toBe(wanted);
  });

  it('gives up on a shell that hangs, within its timeout, and ends what it started', async () => {
    const dir = tempDir();
    const hanging = fakeShell(`echo $$ > '${dir}/pid'; sleep 30; exit 0`);
    const started = Date.now();
    expect(await readLoginShellPath({ shell: hanging, timeoutMs: 300 })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
    const group = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    await expect.poll(() => groupAlive(group), { timeout: 5000 }).toBe(false);
  });

  it('ignores output that is not a PATH, too much output, a failing shell and a missing one', async () => {
    expect(await readLoginShellPath({ shell: fakeShell(`printf 'not a path \\001'`) })).toBeUndefined();
    expect(await readLoginShellPath({ shell: fakeShell(`printf '${LOGIN_SHELL_PATH_MARK}relative/bin:/usr/bin${LOGIN_SHELL_PATH_MARK}'`) })).toBeUndefined();
    expect(await readLoginShellPath({ shell: fakeShell(`printf '${LOGIN_SHELL_PATH_MARK}/usr/bin\\033[0m${LOGIN_SHELL_PATH_MARK}'`) })).toBeUndefined();
    const flood = fakeShell(`head -c 200000 /dev/zero | tr '\\000' a; PATH='${wanted}'; export PATH; exec /bin/sh -c "$2"`);
    expect(await readLoginShellPath({ shell: flood })).toBeUndefined();
    expect(await readLoginShellPath({ shell: fakeShell(`PATH='${wanted}'; export PATH; /bin/sh -c "$2"; exit 1`) })).toBeUndefined();
    expect(await readLoginShellPath({ shell: '/no/such/shell' })).toBeUndefined();
  });
});

describe('starting an agent whose command is not found (docs/agents.md "How the command is found")', () => {
  it('still ends with the plain sentence that names the command', async () => {
    const agent = startAgentProcess({ command: 'switchboard-no-such-command', args: [] });
    expect(await agent.exited).toMatchObject({ neverStarted: true, message: 'Could not start "switchboard-no-such-command": no such command or file.', fix: 'command' });
  });
});

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-resolve-'));
  temps.push(dir);
  return dir;
}

/** A `/bin/sh` script standing in for the user's login shell; `$2` is the command the reader asks it to run. */
function fakeShell(body: string): string {
  const path = join(tempDir(), 'shell');
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
