// OS notifications, after https://www.electronjs.org/docs/latest/api/notification:
// recorded when shown; the test clicks or closes them as the user would.
import { EventEmitter } from 'node:events';
import { strict } from './strict';

export interface NotificationOptions {
  title?: string;
  body?: string;
  silent?: boolean;
}

export class NotificationDouble extends EventEmitter {
  shown = false;
  constructor(readonly options: NotificationOptions) {
    super();
  }

  get title(): string {
    return this.options.title ?? '';
  }

  get body(): string {
    return this.options.body ?? '';
  }

  /** Test side. */
  click(): void {
    if (!this.shown) throw new Error('Electron double: a notification that was not shown cannot be clicked');
    this.emit('click', {});
  }
}

export function notificationClass(shown: NotificationDouble[], supported: () => boolean) {
  return class Notification extends NotificationDouble {
    static isSupported = (): boolean => supported();
    constructor(options: NotificationOptions = {}) {
      super(options);
      return strict(this, 'Notification');
    }

    show = (): void => {
      this.shown = true;
      shown.push(this);
      this.emit('show', {});
    };

    close = (): void => void this.emit('close', {});
  };
}
