// What tray items, shortcuts, notification clicks and command lines do, through the popup's own
// dispatcher: the same validation and errors.
import { errorText } from '../../src-shared/i18n/error-words';
import type { PlainKey } from '../../src-shared/i18n/messages';
import type { Direction } from '../../src-shared/domain/snapshot';
import type { IpcError } from '../../src-shared/ipc/contract';
import type { AppController } from '../app/ports';
import type { ShortcutAction } from '../app/settings/shortcut-rules';
import type { TrayAction } from '../desktop/tray-menu';

interface ActionDeps {
  controller: AppController;
  openPopup(fromTray: boolean): void;
  togglePopup(): void;
  /** An OS notification: no window may be open. */
  alert(title: string, body: string): void;
  quit(): void;
}

const UPDATE_CHANNELS = { checkForUpdates: 'updates:check', downloadUpdate: 'updates:download', restartToUpdate: 'updates:restart' } as const;

export function createActions(deps: ActionDeps) {
  const { controller } = deps;
  const failed = (title: PlainKey, error: IpcError) => {
    const i18n = controller.translator();
    deps.alert(i18n.t(title), errorText(i18n, error));
  };
  const TITLES = { increment: 'notify.couldNotIncrement', decrement: 'notify.couldNotDecrement' } as const satisfies Record<string, PlainKey>;

  // The source names where a click came from, for the activity record and the undo offer; `by` absent: the counter's step.
  const send = (kind: Direction, id: string, source: 'tray' | 'shortcut' | 'commandLine', by?: number) =>
    controller.dispatchFrom(source)(kind === 'increment' ? 'counter:increment' : 'counter:decrement', by === undefined ? { id } : { id, amount: by });
  async function bump(kind: Direction, id: string, source: 'tray' | 'shortcut'): Promise<void> {
    const result = await send(kind, id, source);
    if (!result.ok) failed(TITLES[kind], result.error);
  }

  return {
    async tray(action: TrayAction): Promise<void> {
      switch (action.kind) {
        case 'open':
          return deps.openPopup(true);
        case 'openSettings':
          deps.openPopup(true);
          return controller.openSettings();
        case 'increment':
        case 'decrement':
          return bump(action.kind, action.counterId, 'tray');
        case 'undo': {
          const result = await controller.dispatchFrom('tray')('counter:undo', { id: action.counterId });
          if (!result.ok) failed('notify.couldNotUndo', result.error);
          return;
        }
        case 'toggleNotifications': {
          const current = controller.settings().notifications;
          await controller.dispatch('settings:update', { notifications: { ...current, enabled: !current.enabled } });
          return;
        }
        case 'checkForUpdates':
        case 'downloadUpdate':
        case 'restartToUpdate': {
          const result = await controller.dispatchFrom('tray')(UPDATE_CHANNELS[action.kind], {});
          if (!result.ok) failed('notify.couldNotUpdate', result.error);
          return;
        }
        case 'quit':
          return deps.quit();
      }
    },

    async shortcut(action: ShortcutAction): Promise<void> {
      if (action.kind === 'open') return deps.togglePopup();
      return bump(action.kind, action.counterId, 'shortcut');
    },

    /** The command line's move (desktop/cli-answers.ts): its outcome goes back to the script. */
    commandLine: (kind: Direction, id: string, by: number | undefined) => send(kind, id, 'commandLine', by),
    /** What a refused command line also says by notification. */
    commandLineRefused: (kind: Direction, text: string) => deps.alert(controller.translator().t(TITLES[kind]), text),

    notificationClicked(counterId: string | undefined): void {
      deps.openPopup(false);
      if (counterId) controller.focusCounter(counterId);
    },
  };
}
