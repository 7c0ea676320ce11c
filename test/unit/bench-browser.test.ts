import { describe, expect, it } from 'vitest';
import { chooseBenchBrowsers, FULL_CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../../bench/browser';

const installed = (...paths: string[]) => (path: string) => paths.includes(path);

// Issue 13, scope 1d: the renderer's targets are judged in the browser most like Electron's renderer (Chromium's content
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
    expect(chosen.note).toMatch(/apt-get install chromium-headless-shell/);
  });

  it("uses Playwright's own headless build when neither Debian package is installed", () => {
    const chosen = chooseBenchBrowsers({}, installed());
    expect(chosen.judged).toMatchObject({ executablePath: undefined, electronLike: true });
  });

  it('takes CHROMIUM_PATH alone when it is set, as the e2e suite does', () => {
    const chosen = chooseBenchBrowsers({ CHROMIUM_PATH: '/opt/chrome/chrome' }, installed(HEADLESS_SHELL_PATH, FULL_CHROMIUM_PATH));
    expect(chosen.judged).toMatchObject({ executablePath: '/opt/chrome/chrome', electronLike: false });
    expect(chosen.reference).toBeUndefined();
  });
});
