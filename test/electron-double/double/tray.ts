// Tray, Menu and nativeImage: what the OS would show in the panel, recorded, and the
// user's clicks, replayed. After https://www.electronjs.org/docs/latest/api/tray,
// …/api/menu and …/api/native-image.
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import { requireReady, strict } from './strict';

export interface MenuItemOptions {
  type?: string;
  label?: string;
  enabled?: boolean;
  checked?: boolean;
  click?: (item: unknown, window: unknown, event: unknown) => void;
}

export class NativeImageDouble {
  template = false;
  constructor(
    readonly bitmap: Buffer,
    readonly size: { width: number; height: number; scaleFactor: number },
  ) {}

  setTemplateImage = (template: boolean): void => {
    this.template = template;
  };

  isTemplateImage = (): boolean => this.template;
  getSize = () => ({ width: this.size.width / this.size.scaleFactor, height: this.size.height / this.size.scaleFactor });
  isEmpty = (): boolean => this.bitmap.length === 0;
  /** Test side: identifies the pixels, so a changed icon is visible to the test. */
  digest = (): string => createHash('sha256').update(this.bitmap).digest('hex').slice(0, 16);
}

export const nativeImageDouble = {
  createFromBitmap(buffer: Buffer, options: { width: number; height: number; scaleFactor?: number }): NativeImageDouble {
    // native-image docs: the buffer holds BGRA pixels, width × height × 4 bytes.
    if (buffer.length !== options.width * options.height * 4) throw new Error('Electron double: createFromBitmap buffer size does not match width × height × 4');
    return strict(new NativeImageDouble(Buffer.from(buffer), { width: options.width, height: options.height, scaleFactor: options.scaleFactor ?? 1 }), 'NativeImage');
  },
};

export class MenuDouble {
  constructor(readonly items: readonly MenuItemOptions[]) {}
  static buildFromTemplate = (template: MenuItemOptions[]): MenuDouble => strict(new MenuDouble(template.map((item) => ({ ...item }))), 'Menu');
}

export class TrayDouble extends EventEmitter {
  title = '';
  tooltip = '';
  contextMenu: MenuDouble | null = null;
  destroyed = false;
  readonly images: NativeImageDouble[] = [];

  constructor(
    image: NativeImageDouble,
    private readonly platform: NodeJS.Platform,
  ) {
    super();
    this.images.push(image);
  }

  get image(): NativeImageDouble | undefined {
    return this.images.at(-1);
  }

  setImage = (image: NativeImageDouble): void => void this.images.push(image);
  setToolTip = (tooltip: string): void => void (this.tooltip = tooltip);
  // tray docs: setTitle is macOS only.
  setTitle = (title: string): void => void (this.title = title);
  setContextMenu = (menu: MenuDouble | null): void => void (this.contextMenu = menu);
  popUpContextMenu = (_menu?: MenuDouble): void => undefined;
  getBounds = () => ({ x: 0, y: 0, width: 0, height: 0 }); // tray docs: Linux reports no bounds
  destroy = (): void => void (this.destroyed = true);
  isDestroyed = (): boolean => this.destroyed;

  /** Test side: a click on the icon. tray docs: the Linux app indicator delivers none. */
  click(): void {
    if (this.platform === 'linux') throw new Error('Electron double: a Linux AppIndicator tray emits no click (electron/electron#37112); use the tray menu');
    this.emit('click', {}, this.getBounds());
  }

  /** Test side: a click on the context menu item with this label. */
  clickMenuItem(label: string): void {
    if (this.destroyed) throw new Error('Electron double: the tray is destroyed');
    const item = this.contextMenu?.items.find((candidate) => candidate.label === label);
    if (!item) throw new Error(`Electron double: no tray menu item "${label}" (menu: ${this.menuLabels().join(', ')})`);
    if (item.enabled === false) throw new Error(`Electron double: tray menu item "${label}" is disabled`);
    item.click?.(item, undefined, {});
  }

  menuLabels(): string[] {
    return (this.contextMenu?.items ?? []).flatMap((item) => (item.label ? [item.label] : []));
  }
}

export function trayClass(isReady: () => boolean, trays: TrayDouble[]) {
  return class Tray extends TrayDouble {
    constructor(image: NativeImageDouble) {
      requireReady(isReady, 'Tray'); // electron/electron#1297
      super(image, process.platform);
      trays.push(this);
      return strict(this, 'Tray');
    }
  };
}
