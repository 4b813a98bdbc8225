// Main's save dialog adapter (issue 28), with a stand-in for dialog.showSaveDialog: the
// options main asks Electron for, and nothing written unless the user chose a path.
import { describe, expect, it } from 'vitest';
import { createSaveDialog, saveDialogOptions } from '../../src-main/electron/save-dialog';

const request = { title: 'Export the activity of Coffees', defaultFileName: 'coffees-activity-2026-11-23.csv', filter: { name: 'CSV', extensions: ['csv'] }, text: 'a,b\r\n' };

describe('save dialog', () => {
  it('offers a file name only, a CSV filter, and asks before overwriting on Linux too', () => {
    expect(saveDialogOptions(request)).toEqual({
      title: 'Export the activity of Coffees',
      defaultPath: 'coffees-activity-2026-11-23.csv',
      buttonLabel: 'Export',
      filters: [{ name: 'CSV', extensions: ['csv'] }, { name: 'All files', extensions: ['*'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
  });

  it('writes the text where the user chose and answers only the file name', async () => {
    const writes: [string, string][] = [];
    const port = createSaveDialog(async () => ({ canceled: false, filePath: '/home/ada/Documents/coffees.csv' }), async (path, text) => void writes.push([path, text]));
    expect(await port.save(request)).toEqual({ status: 'saved', fileName: 'coffees.csv' });
    expect(writes).toEqual([['/home/ada/Documents/coffees.csv', 'a,b\r\n']]);
  });

  it('writes nothing when the dialog was cancelled (Electron answers an empty path)', async () => {
    const writes: string[] = [];
    for (const answer of [{ canceled: true, filePath: '' }, { canceled: false, filePath: '' }]) {
      const port = createSaveDialog(async () => answer, async (path) => void writes.push(path));
      expect(await port.save(request)).toEqual({ status: 'cancelled' });
    }
    expect(writes).toEqual([]);
  });

  it('a failed write rejects (the app layer tells the user; the path stays in main)', async () => {
    const port = createSaveDialog(async () => ({ canceled: false, filePath: '/nope/x.csv' }), async () => {
      throw new Error("ENOENT: no such file or directory, open '/nope/x.csv'");
    });
    await expect(port.save(request)).rejects.toThrow('ENOENT');
  });
});
