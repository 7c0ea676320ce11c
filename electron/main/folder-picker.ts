/**
 * The working-folder picker: Electron's open dialog, folders only, attached to the
 * main window. The check of the chosen folder (exists, is a folder, readable) is core code
 * (`electron/core/sessions/working-folder.ts`), the same in the harness, which has a text field only.
 */
import type { BrowserWindow, Dialog } from 'electron';

/** Resolves with the chosen folder, or undefined when the user cancelled. */
export function createFolderPicker(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  getWindow: () => BrowserWindow | null,
): (defaultPath?: string) => Promise<string | undefined> {
  return async (defaultPath) => {
    const options = {
      title: 'Working folder',
      buttonLabel: 'Use this folder',
      properties: ['openDirectory', 'createDirectory', 'dontAddToRecent'] as Array<'openDirectory' | 'createDirectory' | 'dontAddToRecent'>,
      ...(defaultPath ? { defaultPath } : {}),
    };
    const window = getWindow();
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? undefined : result.filePaths[0];
  };
}
