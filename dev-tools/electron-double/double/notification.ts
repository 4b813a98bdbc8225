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
  actions?: { type: 'button' | 'selection'; text?: string }[];
}

export class NotificationDouble extends EventEmitter {
  shown = false;
  closed = false;
  title: string;
  body: string;
  silent: boolean;

  constructor(
    readonly options: NotificationOptions,
    private readonly platform: NodeJS.Platform,
  ) {
    super();
    this.title = options.title ?? '';
    this.body = options.body ?? '';
    this.silent = options.silent ?? false;
  }

  /** Test side: the user presses button `index`. Notification docs: actions show on macOS and Windows only. */
  action(index: number): void {
    if (this.platform === 'linux') throw new Error('Electron double: Linux shows no notification actions (NotificationAction: macOS, Windows)');
    if (!this.shown || this.closed) throw new Error('Electron double: the notification is not on screen');
    if (!this.options.actions?.[index]) throw new Error(`Electron double: the notification has no action ${index}`);
    this.emit('action', {}, index);
  }

  /** Test side. */
  click(): void {
    if (!this.shown) throw new Error('Electron double: a notification that was not shown cannot be clicked');
    if (this.closed) throw new Error('Electron double: a closed notification cannot be clicked');
    this.emit('click', {});
  }
}

export function notificationClass(isReady: () => boolean, shown: NotificationDouble[], supported: () => boolean, platform: NodeJS.Platform) {
  class Notification extends NotificationDouble {
    static isSupported = (): boolean => supported();
    constructor(options: NotificationOptions = {}) {
      refuseBeforeReady(isReady, 'Cannot create Notification before app is ready');
      super(options, platform);
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
