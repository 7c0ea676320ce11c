import { describe, expect, it } from 'vitest';
import { chooseBenchBrowsers, failureLine, FULL_CHROMIUM_PATH, HEADLESS_SHELL_PATH, LAUNCH_TIMEOUT_MS, launchOptionsFor } from '../../bench/browser';

const installed = (...paths: string[]) => (path: string) => paths.includes(path);

// The renderer's targets are judged in the browser most like Electron's renderer (Chromium's content
// layer without Chrome's autofill), and the run says plainly when they are not.
describe('the bench choosing its browser', () => {
  it("judges in Chromium's headless shell and runs full Chromium beside it when both are installed", () => {
    const chosen = chooseBenchBrowsers({}, installed(HEADLESS_SHELL_PATH, FULL_CHROMIUM_PATH));
    expect(chosen.judged).toMatchObject({ executablePath: HEADLESS_SHELL_PATH, electronLike: true });
    expect(chosen.reference).toMatchObject({ executablePath: FULL_CHROMIUM_PATH, electronLike: false });
    expect(chosen.note).toBeUndefined();
  });

  it('runs no reference when only the headless shell is installed', () => {
    const chosen = chooseBenchBrowsers({}, installed(HEADLESS_SHELL_PATH));
    expect(chosen.judged.executablePath).toBe(HEADLESS_SHELL_PATH);
    expect(chosen.reference).toBeUndefined();
  });

  it('falls back to full Chromium with a note that says what it adds and how to install the shell', () => {
    const chosen = chooseBenchBrowsers({}, installed(FULL_CHROMIUM_PATH));
    expect(chosen.judged).toMatchObject({ executablePath: FULL_CHROMIUM_PATH, electronLike: false });
    expect(chosen.reference).toBeUndefined();
    expect(chosen.note).toMatch(/autofill/);
    expect(chosen.note).toMatch(/Electron does not have/);
    expect(chosen.note).toMatch(/apt-get install chromium-headless-shell/);
  });

  it("uses Playwright's own headless build when neither Debian package is installed", () => {
    const chosen = chooseBenchBrowsers({}, installed());
    expect(chosen.judged).toMatchObject({ executablePath: undefined, electronLike: true });
  });

  it('takes CHROMIUM_PATH alone when it is set, as the e2e suite does, and says when it is not a headless shell', () => {
    const chosen = chooseBenchBrowsers({ CHROMIUM_PATH: '/opt/chrome/chrome' }, installed(HEADLESS_SHELL_PATH, FULL_CHROMIUM_PATH, '/opt/chrome/chrome'));
    expect(chosen.judged).toMatchObject({ executablePath: '/opt/chrome/chrome', electronLike: false });
    expect(chosen.reference).toBeUndefined();
    expect(chosen.note).toMatch(/not a headless shell/);
  });

  it("counts a headless shell named by CHROMIUM_PATH (Debian's or Playwright's) as Electron-like, with no note", () => {
    for (const path of [HEADLESS_SHELL_PATH, '/root/.cache/ms-playwright/chromium_headless_shell-1200/chrome-linux/headless_shell', 'C:\\pw\\chrome-win\\headless_shell.exe']) {
      const chosen = chooseBenchBrowsers({ CHROMIUM_PATH: path }, installed(path));
      expect(chosen.judged).toMatchObject({ executablePath: path, electronLike: true });
      expect(chosen.note).toBeUndefined();
    }
  });

  it('refuses a CHROMIUM_PATH that names no file, saying which, before any browser is launched', () => {
    expect(() => chooseBenchBrowsers({ CHROMIUM_PATH: '/nonexistent/chrome' }, installed(HEADLESS_SHELL_PATH, FULL_CHROMIUM_PATH))).toThrow(
      'bench: CHROMIUM_PATH names /nonexistent/chrome, which does not exist',
    );
  });
});

// The chosen executable must win over the e2e suite's (Debian's full Chromium), or the bench would judge full Chromium
// while calling it the headless shell.
describe('the launch options of a bench browser', () => {
  const e2e = { executablePath: FULL_CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] };

  it("keep the e2e suite's flags and put the chosen executable in place of its browser", () => {
    const shell = chooseBenchBrowsers({}, installed(HEADLESS_SHELL_PATH, FULL_CHROMIUM_PATH)).judged;
    expect(launchOptionsFor(shell, e2e)).toEqual({ executablePath: HEADLESS_SHELL_PATH, args: e2e.args, headless: true, timeout: LAUNCH_TIMEOUT_MS });
  });

  it("leave the executable unset for Playwright's own build, even when the e2e suite names one", () => {
    const own = chooseBenchBrowsers({}, installed()).judged;
    expect(launchOptionsFor(own, e2e).executablePath).toBeUndefined();
    expect(launchOptionsFor(own, undefined)).toEqual({ executablePath: undefined, headless: true, timeout: LAUNCH_TIMEOUT_MS });
  });

  it("bound a browser's start well below Playwright's three minutes", () => {
    expect(LAUNCH_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });
});

// A browser that fails is reported in one line the reader can act on, not Playwright's whole call log.
describe('a browser failure in one line', () => {
  it("keeps Playwright's first line and the browser's last log line, where the cause is", () => {
    const error = new Error(
      'browserType.launch: Target page, context or browser has been closed\nBrowser logs:\n\n<launching> /opt/x --no-sandbox\n[pid=7] /opt/x: error while loading shared libraries: libnss3.so\n',
    );
    expect(failureLine(error)).toBe(
      'browserType.launch: Target page, context or browser has been closed ([pid=7] /opt/x: error while loading shared libraries: libnss3.so)',
    );
  });

  it("says how the process ended when the browser logged nothing, without Playwright's colour codes", () => {
    const error = new Error(
      'browserType.launch: Target page, context or browser has been closed\nBrowser logs:\n\n<launching> /bin/false --x\n<launched> pid=9\nCall log:\n\u001b[2m  - <launched> pid=9\u001b[22m\n\u001b[2m  - [pid=9] <process did exit: exitCode=1, signal=null>\u001b[22m\n\u001b[2m  - [pid=9] <gracefully close end>\u001b[22m',
    );
    expect(failureLine(error)).toBe('browserType.launch: Target page, context or browser has been closed ([pid=9] <process did exit: exitCode=1, signal=null>)');
  });

  it('gives a one-line message as it is, and cuts long lines', () => {
    expect(failureLine(new Error('page.goto: net::ERR_CONNECTION_REFUSED'))).toBe('page.goto: net::ERR_CONNECTION_REFUSED');
    expect(failureLine('x'.repeat(500))).toHaveLength(200);
  });
});
