// Main's save and open dialog adapters, with stand-ins for dialog.showSaveDialog / showOpenDialog: the
// options main asks Electron for, nothing written unless the user chose a path, nothing read unless picked.
import { describe, expect, it } from 'vitest';
import { createOpenDialog, createSaveDialog, saveDialogOptions } from '../../../src-main/electron/save-dialog';
import { de, en } from '../../../dev-tools/support/i18n';

const request = {
  title: (i18n: typeof en) => i18n.t('dialog.exportOne', { name: 'Coffees' }),
  defaultFileName: 'coffees-activity-2026-11-23.csv',
  filter: { name: (i18n: typeof en) => i18n.t('dialog.csvFilter'), extensions: ['csv'] },
  text: 'a,b\r\n',
};

describe('save dialog', () => {
  it('offers a file name only, a CSV filter, and asks before overwriting on Linux too', () => {
    expect(saveDialogOptions(request, en)).toEqual({
      title: 'Export the activity of Coffees',
      defaultPath: 'coffees-activity-2026-11-23.csv',
      buttonLabel: 'Export',
      filters: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }, { name: 'All files', extensions: ['*'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
  });

  it('asks in German when the app speaks German (title, button and filters from the catalog)', () => {
    expect(saveDialogOptions(request, de)).toMatchObject({
      title: 'Verlauf von Coffees exportieren',
      buttonLabel: 'Exportieren',
      filters: [{ name: 'CSV (kommagetrennte Werte)', extensions: ['csv'] }, { name: 'Alle Dateien', extensions: ['*'] }],
    });
  });

  it('writes the text where the user chose and answers only the file name', async () => {
    const writes: [string, string][] = [];
    const port = createSaveDialog(async () => ({ canceled: false, filePath: '/home/ada/Documents/coffees.csv' }), async (path, text) => void writes.push([path, text]), () => en);
    expect(await port.save(request)).toEqual({ status: 'saved', fileName: 'coffees.csv' });
    expect(writes).toEqual([['/home/ada/Documents/coffees.csv', 'a,b\r\n']]);
  });

  it('writes nothing when the dialog was cancelled (Electron answers an empty path)', async () => {
    const writes: string[] = [];
    for (const answer of [{ canceled: true, filePath: '' }, { canceled: false, filePath: '' }]) {
      const port = createSaveDialog(async () => answer, async (path) => void writes.push(path), () => en);
      expect(await port.save(request)).toEqual({ status: 'cancelled' });
    }
    expect(writes).toEqual([]);
  });

  it('a failed write rejects (the app layer tells the user; the path stays in main)', async () => {
    const port = createSaveDialog(
      async () => ({ canceled: false, filePath: '/nope/x.csv' }),
      async () => {
        throw new Error("ENOENT: no such file or directory, open '/nope/x.csv'");
      },
      () => en,
    );
    await expect(port.save(request)).rejects.toThrow('ENOENT');
  });
});

describe('open dialog', () => {
  const importRequest = { title: (i18n: typeof en) => i18n.t('dialog.importSettings'), filter: { name: (i18n: typeof en) => i18n.t('dialog.jsonFilter'), extensions: ['json'] }, maxBytes: 1_048_576 };

  it('asks for one file in the app’s language, and reads only the one picked, bounded', async () => {
    const asked: unknown[] = [];
    const reads: [string, { maxBytes: number }][] = [];
    const port = createOpenDialog(
      async (options) => (asked.push(options), { canceled: false, filePaths: ['/home/ada/settings.json'] }),
      async (path, limit) => (reads.push([path, limit]), '{}'),
      () => de,
    );
    expect(await port.open(importRequest)).toBe('{}');
    expect(asked).toEqual([
      { title: 'Counter-Tray-Einstellungen importieren', buttonLabel: 'Importieren', filters: [{ name: 'Counter-Tray-Einstellungen (JSON)', extensions: ['json'] }, { name: 'Alle Dateien', extensions: ['*'] }], properties: ['openFile'] },
    ]);
    expect(reads).toEqual([['/home/ada/settings.json', { maxBytes: 1_048_576 }]]);
  });

  it('reads nothing when the dialog was cancelled (Electron answers no paths)', async () => {
    const reads: string[] = [];
    for (const answer of [{ canceled: true, filePaths: [] }, { canceled: false, filePaths: [] }]) {
      const port = createOpenDialog(async () => answer, async (path) => (reads.push(path), ''), () => en);
      expect(await port.open(importRequest)).toBeNull();
    }
    expect(reads).toEqual([]);
  });
});
