// Main's save and open dialogs for exports and imports: the page cannot script or answer them. No
// parent window: a sheet on the popup would hide with it on blur.
import { basename } from 'node:path';
import type { OpenDialogOptions, OpenDialogReturnValue, SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { FileDialogRequest, OpenFilePort, SaveFilePort, SaveFileRequest } from '../app/ports';
import type { Translator } from '../../src-shared/i18n/translator';

type ShowSaveDialog = (options: SaveDialogOptions) => Promise<Pick<SaveDialogReturnValue, 'canceled' | 'filePath'>>;
type ShowOpenDialog = (options: OpenDialogOptions) => Promise<Pick<OpenDialogReturnValue, 'canceled' | 'filePaths'>>;
type WriteTextFile = (path: string, text: string) => Promise<void>;
type ReadTextFile = (path: string, limit: { maxBytes: number }) => Promise<string | null>;

const filters = (request: FileDialogRequest, i18n: Translator) => [{ name: request.filter.name(i18n), extensions: request.filter.extensions }, { name: i18n.t('dialog.allFiles'), extensions: ['*'] }];

export function saveDialogOptions(request: SaveFileRequest, i18n: Translator): SaveDialogOptions {
  return {
    title: request.title(i18n),
    defaultPath: request.defaultFileName,
    buttonLabel: i18n.t('dialog.exportButton'),
    filters: filters(request, i18n),
    // GTK confirms an overwrite only when asked.
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
}

export function createSaveDialog(show: ShowSaveDialog, writeText: WriteTextFile, i18n: () => Translator): SaveFilePort {
  return {
    async save(request) {
      const { canceled, filePath } = await show(saveDialogOptions(request, i18n()));
      if (canceled || !filePath) return { status: 'cancelled' };
      await writeText(filePath, request.text);
      return { status: 'saved', fileName: basename(filePath) };
    },
  };
}

export function createOpenDialog(show: ShowOpenDialog, readText: ReadTextFile, i18n: () => Translator): OpenFilePort {
  return {
    async open(request) {
      const tr = i18n();
      const { canceled, filePaths } = await show({ title: request.title(tr), buttonLabel: tr.t('dialog.importButton'), filters: filters(request, tr), properties: ['openFile'] });
      const path = filePaths[0];
      return canceled || !path ? null : readText(path, { maxBytes: request.maxBytes });
    },
  };
}
