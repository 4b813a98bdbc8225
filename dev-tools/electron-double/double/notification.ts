// OS notifications, after https://www.electronjs.org/docs/latest/api/notification and
// shell/browser/api/electron_api_notification.cc (v45 line): none before ready; show() does
// nothing where notifications are unsupported (no presenter); 'show' and 'close' come from
// the OS, later (NotificationDisplayed / NotificationClosed), so they are emitted as tasks.
// The test clicks them as the user would.
import { EventEmitter } from 'node:events';
import { refuseBeforeReady, strict } from './strict';

export interface NotificationOptions {
  title?: string;
  body?: string;
  silent?: boolean;
}

export class NotificationDouble extends EventEmitter {
  shown = false;
  closed = false;
  title: string;
  body: string;
  silent: boolean;

  constructor(readonly options: NotificationOptions) {
    super();
    this.title = options.title ?? '';
    this.body = options.body ?? '';
    this.silent = options.silent ?? false;
  }

  /** Test side. */
  click(): void {
    if (!this.shown) throw new Error('Electron double: a notification that was not shown cannot be clicked');
    if (this.closed) throw new Error('Electron double: a closed notification cannot be clicked');
    this.emit('click', {});
  }
}

export function notificationClass(isReady: () => boolean, shown: NotificationDouble[], supported: () => boolean) {
  class Notification extends NotificationDouble {
    static isSupported = (): boolean => supported();
    constructor(options: NotificationOptions = {}) {
      refuseBeforeReady(isReady, 'Cannot create Notification before app is ready');
      super(options);
      return strict(this, 'Notification', { pinned: ['Notification'] });
    }

    // Notification::Show: without a presenter nothing is shown and nothing is emitted.
    show = (): void => {
      if (!supported()) return;
      this.closed = false;
      if (!this.shown) shown.push(this);
      this.shown = true;
      setImmediate(() => this.emit('show', {}));
    };

    close = (): void => {
      if (!this.shown || this.closed) return;
      this.closed = true;
      setImmediate(() => this.emit('close', {}));
    };
  }
  return strict(Notification, 'Notification', { pinned: ['Notification'] });
}
