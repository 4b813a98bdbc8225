// The tray's update items: only for a copy that updates itself, one per state.
import { describe, expect, it } from 'vitest';
import type { UpdatesState } from '../../../src-shared/domain/updates';
import { buildTrayMenu, type TrayMenuItem } from '../../../src-main/desktop/tray-menu';
import { signedInState } from '../../support/app-fakes';
import type { Translator } from '../../../src-shared/i18n/translator';
import { de, en } from '../../../dev-tools/support/i18n';

const updates = (status: UpdatesState['status'], source: UpdatesState['source'] = 'self'): UpdatesState => ({ source, status, nextCheckAt: null, whatsNew: null });
/** The menu's items between "Pause notifications" and the separator before Quit: where the update items go. */
const updateItems = (state: UpdatesState | undefined, i18n: Translator = en) => {
  const menu = buildTrayMenu(signedInState([], [], state ? { updates: state } : {}), i18n);
  const after = menu.findIndex((item) => item.type === 'checkbox' && item.label === i18n.t('tray.pause'));
  return menu.slice(after + 1, menu.findIndex((item, index) => index > after && item.type === 'separator'));
};

describe('tray update items', () => {
  it.each<[UpdatesState['status'], Partial<TrayMenuItem>]>([
    [{ kind: 'idle' }, { label: 'Check for updates…', enabled: true, action: { kind: 'checkForUpdates' } }],
    [{ kind: 'upToDate', checkedAt: 0 }, { label: 'Check for updates…', enabled: true, action: { kind: 'checkForUpdates' } }],
    [{ kind: 'failed', reason: 'unreachable', at: 0 }, { label: 'Check for updates…', enabled: true, action: { kind: 'checkForUpdates' } }],
    [{ kind: 'checking' }, { label: 'Checking for updates…', enabled: false }],
    [{ kind: 'available', version: '0.3.0' }, { label: 'Download Counter Tray 0.3.0', enabled: true, action: { kind: 'downloadUpdate' } }],
    [{ kind: 'downloading', version: '0.3.0', percent: 42.7 }, { label: 'Downloading update… 42 %', enabled: false }],
    [{ kind: 'ready', version: '0.3.0' }, { label: 'Restart to update to 0.3.0', enabled: true, action: { kind: 'restartToUpdate' } }],
  ])('%j', (status, item) => {
    expect(updateItems(updates(status))).toEqual([{ type: 'normal', ...item }]);
  });

  it('in German when the app speaks German', () => {
    expect(updateItems(updates({ kind: 'downloading', version: '0.3.0', percent: 42.7 }), de)).toEqual([{ type: 'normal', label: 'Lade Update\u00a0… 42 %', enabled: false }]);
    expect(updateItems(updates({ kind: 'ready', version: '0.3.0' }), de)).toEqual([{ type: 'normal', label: 'Neu starten für Version 0.3.0', enabled: true, action: { kind: 'restartToUpdate' } }]);
    expect(updateItems(updates({ kind: 'idle' }), de)).toEqual([{ type: 'normal', label: 'Nach Updates suchen\u00a0…', enabled: true, action: { kind: 'checkForUpdates' } }]);
  });

  it('none for a copy a package manager owns, or where main runs no updater', () => {
    expect(updateItems(updates({ kind: 'ready', version: '0.3.0' }, 'deb'))).toEqual([]);
    expect(updateItems(undefined)).toEqual([]);
  });
});
