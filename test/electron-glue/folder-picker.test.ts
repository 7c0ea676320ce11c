import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createFolderPicker } from '../../electron/main/folder-picker';

/** A recording `dialog.showOpenDialog` that answers as the user would. */
function fakeDialog(answer: { canceled: boolean; filePaths: string[] }) {
  const calls: Array<{ window?: unknown; options: OpenDialogOptions }> = [];
  const dialog = {
    showOpenDialog: async (a: unknown, b?: OpenDialogOptions) => {
      calls.push(b ? { window: a, options: b } : { options: a as OpenDialogOptions });
      return answer;
    },
  } as unknown as Pick<Dialog, 'showOpenDialog'>;
  return { dialog, calls };
}

// The working-folder picker is Electron's own dialog, folders only, on the main window.
describe('the folder picker', () => {
  it('asks for a folder on the main window, starting where the field points, and returns it', async () => {
    const { dialog, calls } = fakeDialog({ canceled: false, filePaths: ['/home/me/project'] });
    const window = { id: 1 } as unknown as BrowserWindow;
    expect(await createFolderPicker(dialog, () => window)('/home/me')).toBe('/home/me/project');
    expect(calls).toEqual([{ window, options: expect.objectContaining({ defaultPath: '/home/me', properties: expect.arrayContaining(['openDirectory']) }) }]);
    expect(calls[0].options.properties).not.toContain('openFile');
  });

  it('returns nothing when the user cancels, and works without a window', async () => {
    const { dialog, calls } = fakeDialog({ canceled: true, filePaths: [] });
    expect(await createFolderPicker(dialog, () => null)()).toBeUndefined();
    expect(calls[0].window).toBeUndefined();
  });
});
