// OS notifications, referenced until they close: a collected Notification loses its click handler
// (electron/electron#12690).
import type { CounterNotification } from '../desktop/notifications';

export interface NotificationLike {
  show(): void;
  on(event: 'click', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'action', listener: (event: unknown, index: number) => void): unknown;
}

interface OsNotification extends CounterNotification {
  /** Instead of opening the popup on `counterId`. */
  onClick?: () => void;
  /** Buttons where the OS shows them (macOS, Windows: Electron's `actions`); elsewhere only the click. */
  actions?: { text: string; run(): void }[];
}

interface OsNotificationDeps {
  isSupported(): boolean;
  create(options: { title: string; body: string; silent: boolean; actions?: { type: 'button'; text: string }[] }): NotificationLike;
  onClick(counterId: string | undefined): void;
}

export function createOsNotifications(deps: OsNotificationDeps) {
  const alive = new Set<NotificationLike>();
  return {
    deliver(notification: OsNotification): void {
      if (!deps.isSupported()) return;
      const { actions } = notification;
      const shown = deps.create({ title: notification.title, body: notification.body, silent: false, ...(actions ? { actions: actions.map(({ text }) => ({ type: 'button' as const, text })) } : {}) });
      alive.add(shown);
      shown.on('click', () => {
        alive.delete(shown);
        if (notification.onClick) notification.onClick();
        else deps.onClick(notification.counterId);
      });
      if (actions) shown.on('action', (_event, index) => actions[index]?.run());
      shown.on('close', () => alive.delete(shown));
      shown.show();
    },
    alive: () => alive.size,
  };
}
