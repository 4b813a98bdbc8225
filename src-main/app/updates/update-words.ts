// Main's words about updates; the notes are the feed's own text, never translated.
import type { PlainKey } from '../../../src-shared/i18n/messages';
import type { Said } from '../../../src-shared/i18n/notice';
import type { Translator } from '../../../src-shared/i18n/translator';

export interface UpdateNotice {
  title: Said;
  body: Said;
}

export const UPDATE_WORDS = {
  tray: {
    check: 'tray.updateCheck',
    checking: 'tray.updateChecking',
  } satisfies Record<string, PlainKey>,
  trayDownload: (i18n: Translator, version: string) => i18n.t('tray.updateDownload', { version }),
  trayDownloading: (i18n: Translator, percent: number) => i18n.t('tray.updateDownloading', { percent: Math.floor(percent) }),
  trayRestart: (i18n: Translator, version: string) => i18n.t('tray.updateRestart', { version }),
  notification: {
    available: (version: string): UpdateNotice => ({ title: (i18n) => i18n.t('notify.updateAvailable', { version }), body: (i18n) => i18n.t('notify.updateAvailableBody') }),
    ready: (version: string): UpdateNotice => ({ title: (i18n) => i18n.t('tray.updateRestart', { version }), body: (i18n) => i18n.t('notify.updateReadyBody', { version }) }),
    whatsNew: (version: string, notes: string): UpdateNotice => ({
      title: (i18n) => i18n.t('notify.whatsNew', { version }),
      body: (i18n) => notes || i18n.t('notify.whatsNewBody', { version }),
    }),
  },
} as const;
