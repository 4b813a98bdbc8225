// Main's save dialog for exports: the page cannot script or answer it. No parent window: a sheet on
// the popup would hide with it on blur.
import { basename } from 'node:path';
import type { SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { SaveFilePort, SaveFileRequest } from '../app/ports';
import type { Translator } from '../../src-shared/i18n/translator';

type ShowSaveDialog = (options: SaveDialogOptions) => Promise<Pick<SaveDialogReturnValue, 'canceled' | 'filePath'>>;
type WriteTextFile = (path: string, text: string) => Promise<void>;

export function saveDialogOptions(request: SaveFileRequest, i18n: Translator): SaveDialogOptions {
  return {
    title: request.title(i18n),
    defaultPath: request.defaultFileName,
    buttonLabel: i18n.t('dialog.exportButton'),
    filters: [{ name: request.filter.name(i18n), extensions: request.filter.extensions }, { name: i18n.t('dialog.allFiles'), extensions: ['*'] }],
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
