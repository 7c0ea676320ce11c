/**
 * Whether this copy of Switchboard can ever update itself, and if not why, in one sentence: the one source for
 * the Settings view (its checkbox is disabled with this reason), the menu (no update items) and main's log.
 * Plain rules over facts the Electron glue gathers (electron/main/index.ts), so they are tested without Electron.
 */

/** What kind of copy is running, as far as updates are concerned. */
export type UpdateCopy =
  /** The browser harness (`npm run harness`, the e2e suite): no Electron, no updater. */
  | { kind: 'harness' }
  | {
      kind: 'app';
      /** `app.isPackaged`: false for `npm start` / `npm run dev`. */
      isPackaged: boolean;
      /** `<resources>/app-update.yml` names a feed (update-policy.ts `updateFeedConfigured`). */
      hasFeed: boolean;
      platform: NodeJS.Platform;
      /**
       * Linux only: how the copy was installed, as electron-updater tells it apart: `appimage` (the `APPIMAGE`
       * variable is set), `package` (`<resources>/package-type` says deb, rpm or pacman), or `other` (an unpacked
       * folder or an archive, which electron-updater cannot replace).
       */
      linuxInstall?: 'appimage' | 'package' | 'other';
    };

/**
 * Why `copy` never checks for updates, as a sentence for the user ("This is a development run of Switchboard,
 * so it never checks for updates."), or null when it can update (the user's setting then decides).
 */
export function updatesUnavailableReason(copy: UpdateCopy): string | null {
  if (copy.kind === 'harness') return 'This is not an installed copy of Switchboard, so it never checks for updates.';
  if (!copy.isPackaged) return 'This is a development run of Switchboard, so it never checks for updates.';
  if (!copy.hasFeed) return 'This build has no update feed, so it never checks for updates.';
  if (copy.platform === 'linux' && copy.linuxInstall === 'other') {
    return 'This copy was not installed from an AppImage or a package, so it cannot replace itself and never checks for updates.';
  }
  return null;
}
