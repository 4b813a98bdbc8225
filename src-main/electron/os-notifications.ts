// OS notifications, referenced until they close: a collected Notification loses its click handler
// (electron/electron#12690).
import type { CounterNotification } from '../desktop/notifications';

export interface NotificationLike {
  show(): void;
  on(event: 'click', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export interface OsNotificationDeps {
  isSupported(): boolean;
  create(options: { title: string; body: string; silent: boolean }): NotificationLike;
  onClick(counterId: string | undefined): void;
}

export function createOsNotifications(deps: OsNotificationDeps) {
  const alive = new Set<NotificationLike>();
  return {
    deliver(notification: CounterNotification): void {
      if (!deps.isSupported()) return;
      const shown = deps.create({ title: notification.title, body: notification.body, silent: false });
      alive.add(shown);
      shown.on('click', () => {
        alive.delete(shown);
        deps.onClick(notification.counterId);
      });
      shown.on('close', () => alive.delete(shown));
      shown.show();
    },
    alive: () => alive.size,
  };
}
