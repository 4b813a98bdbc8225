// The tray menu's update items, for a copy that updates itself.
import type { AppStateBody } from '../../src-shared/ipc/contract';
import type { Translator } from '../../src-shared/i18n/translator';
import { UPDATE_WORDS } from '../app/updates/update-words';
import type { TrayMenuItem } from './tray-menu';

export function trayUpdateItems(state: AppStateBody, i18n: Translator): TrayMenuItem[] {
  const updates = state.updates;
  if (!updates || updates.source !== 'self') return [];
  const words = UPDATE_WORDS.tray;
  const { status } = updates;
  switch (status.kind) {
    case 'ready':
      return [{ type: 'normal', label: UPDATE_WORDS.trayRestart(i18n, status.version), enabled: true, action: { kind: 'restartToUpdate' } }];
    case 'available':
      return [{ type: 'normal', label: UPDATE_WORDS.trayDownload(i18n, status.version), enabled: true, action: { kind: 'downloadUpdate' } }];
    case 'downloading':
      return [{ type: 'normal', label: UPDATE_WORDS.trayDownloading(i18n, status.percent), enabled: false }];
    case 'checking':
      return [{ type: 'normal', label: i18n.t(words.checking), enabled: false }];
    default:
      return [{ type: 'normal', label: i18n.t(words.check), enabled: true, action: { kind: 'checkForUpdates' } }];
  }
}
