// What main tells the user once, said in the language of the moment it is shown.
import type { PlainKey } from './messages';
import type { Translator } from './translator';

export type Said = (i18n: Translator) => string;

export interface Notice {
  title: PlainKey;
  body: Said;
}

export const sentences =
  (...parts: readonly Said[]): Said =>
  (i18n) =>
    parts.map((part) => part(i18n)).join(' ');

/** "A backup is at …", or that none could be made. */
export const backupNote =
  (path: string | null): Said =>
  (i18n) =>
    path === null ? i18n.t('notice.noBackup') : i18n.t('notice.backup', { path });
