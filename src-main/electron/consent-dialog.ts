// Main's own questions as native message boxes the page cannot script; "No" is the default.
import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import { hostOf } from '../../src-shared/i18n/error-words';
import type { Translator } from '../../src-shared/i18n/translator';
import type { ConsentPort, ConsentQuestion } from '../app/ports';

type ShowMessageBox = (options: MessageBoxOptions) => Promise<Pick<MessageBoxReturnValue, 'response'>>;

/** "No" is index 0, the default; confirming is index 1. */
export function consentDialogOptions(question: ConsentQuestion, i18n: Translator): MessageBoxOptions {
  const base = { type: 'warning' as const, title: i18n.t('app.name'), defaultId: 0, cancelId: 0, noLink: true };
  switch (question.kind) {
    case 'change-server':
      return {
        ...base,
        message: i18n.t('dialog.changeServer', { to: question.to }),
        detail: question.from ? i18n.t('dialog.changeServerDetailFrom', { to: question.to, from: question.from }) : i18n.t('dialog.changeServerDetail', { to: question.to }),
        buttons: [i18n.t('common.cancel'), i18n.t('dialog.changeServerConfirm', { host: hostOf(question.to) ?? question.to })],
      };
    case 'plain-http':
      return {
        ...base,
        message: i18n.t('dialog.plainHttp', { to: question.to }),
        detail: i18n.t('dialog.plainHttpDetail'),
        buttons: [i18n.t('common.cancel'), i18n.t('dialog.plainHttpConfirm')],
      };
    case 'weak-storage':
      return {
        ...base,
        message: i18n.t('dialog.weakStorage'),
        detail: i18n.t('dialog.weakStorageDetail'),
        buttons: [i18n.t('dialog.weakStorageCancel'), i18n.t('dialog.weakStorageConfirm')],
      };
    case 'allow-links':
      return { ...base, message: i18n.t('dialog.allowLinks'), detail: i18n.t('dialog.allowLinksDetail'), buttons: [i18n.t('common.cancel'), i18n.t('dialog.allowLinksConfirm')] };
  }
}

/** A box that fails to show counts as "no". */
export function createConsentDialog(showMessageBox: ShowMessageBox, i18n: () => Translator, log: (message: string) => void = () => undefined): ConsentPort {
  return {
    async ask(question) {
      try {
        const { response } = await showMessageBox(consentDialogOptions(question, i18n()));
        return response === 1;
      } catch (error) {
        log(`consent dialog failed: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    },
  };
}
