// Tray and nativeImage: what the OS would show in the panel, recorded, and the user's
// clicks, replayed — per platform, as Electron 45 behaves (https://www.electronjs.org/docs/latest/api/tray,
// shell/browser/api/electron_api_tray.cc, ui/tray_icon_linux.cc, ui/tray_icon_cocoa.mm, v45 line):
// - setTitle is compiled in for macOS only: elsewhere it does nothing (getTitle answers '');
// - Linux: a context menu takes the icon's activation (StatusNotifierItem, electron/electron#37112),
//   so a click shows the menu and emits no 'click'; without a menu, 'click'. A menu's items are
//   read when setContextMenu is called: later changes show only after setContextMenu again;
// - macOS: a click emits 'click' and, with a non-empty menu, shows it too (tray_icon_cocoa.mm
//   mouseDown → handleClickNotifications, electron/electron#24200, since Electron 8/11);
// - a destroyed tray's members throw "Tray is destroyed" (Tray::CheckAlive).
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import { menuFrom, type MenuDouble, type MenuItemDouble } from './menu';
import { NotImplementedError, refuseBeforeReady, strict } from './strict';

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

const imageBehind = new WeakMap<object, NativeImageDouble>();

export const nativeImageDouble = strict(
  {
    createFromBitmap(buffer: Buffer, options: { width: number; height: number; scaleFactor?: number }) {
      // native-image docs: the buffer holds BGRA pixels, width × height × 4 bytes.
      if (buffer.length !== options.width * options.height * 4) throw new Error('Electron double: createFromBitmap buffer size does not match width × height × 4');
      const image = new NativeImageDouble(Buffer.from(buffer), { width: options.width, height: options.height, scaleFactor: options.scaleFactor ?? 1 });
      const seen = strict(image, 'NativeImage', { pinned: ['NativeImage'] });
      imageBehind.set(seen, image);
      return seen;
    },
  },
  'nativeImage',
  { pinned: ['NativeImage'], statics: true },
);

function imageFrom(value: unknown, call: string): NativeImageDouble {
  const image = value !== null && typeof value === 'object' ? imageBehind.get(value) : undefined;
  if (image) return image;
  // Electron also takes a file path; the double draws no files.
  throw new NotImplementedError(`${call} with ${typeof value === 'string' ? 'a file path' : 'anything but a NativeImage'}`);
}

/** A menu item as the panel shows it. */
interface ShownItem {
  label: string;
  enabled: boolean;
  visible: boolean;
  type: string;
  item: MenuItemDouble;
}

/** What the user's click on the icon did. */
export interface TrayClick {
  clickEmitted: boolean;
  menuShown: boolean;
}

export class TrayDouble extends EventEmitter {
  title = '';
  tooltip = '';
  destroyed = false;
  readonly images: NativeImageDouble[] = [];
  /** How often the OS showed the menu (a click on Linux or macOS, popUpContextMenu). */
  menuShown = 0;
  private menu: MenuDouble | null = null;
  /** Linux: the items as read at setContextMenu. */
  private snapshot: ShownItem[] = [];

  constructor(
    image: unknown,
    private readonly platform: NodeJS.Platform,
  ) {
    super();
    this.images.push(imageFrom(image, 'new Tray(image)'));
  }

  get image(): NativeImageDouble | undefined {
    return this.images.at(-1);
  }

  get contextMenu(): MenuDouble | null {
    return this.menu;
  }

  setImage = (image: unknown): void => void this.images.push(imageFrom(image, 'tray.setImage'));
  setToolTip = (tooltip: string): void => void (this.tooltip = tooltip);
  setTitle = (title: string, options?: { fontType?: string }): void => {
    if (this.platform !== 'darwin') return;
    if (options?.fontType !== undefined && options.fontType !== 'monospaced' && options.fontType !== 'monospacedDigit') throw new TypeError("fontType must be one of 'monospaced' or 'monospacedDigit'");
    this.title = title;
  };

  getTitle = (): string => (this.platform === 'darwin' ? this.title : '');

  setContextMenu = (menu: unknown): void => {
    const real = menu === null ? null : menuFrom(menu);
    if (real === undefined) throw new TypeError('Must pass Menu or null');
    this.menu = real;
    this.snapshot = this.readItems();
  };

  popUpContextMenu = (menu?: unknown): void => {
    if (menu !== undefined && menuFrom(menu) === undefined) throw new TypeError('Error processing argument at index 0, conversion failure from ');
    // TrayIcon::PopUpContextMenu is a no-op on Linux (only macOS and Windows override it).
    if (this.platform !== 'linux') this.menuShown += 1;
  };

  // tray docs: getBounds is macOS and Windows; Linux's TrayIcon reports an empty rectangle.
  getBounds = () => (this.platform === 'linux' ? { x: 0, y: 0, width: 0, height: 0 } : { x: 1800, y: 0, width: 24, height: 24 });
  destroy = (): void => void (this.destroyed = true);
  isDestroyed = (): boolean => this.destroyed;

  private readItems(): ShownItem[] {
    return (this.menu?.items ?? []).map((item) => ({ label: item.label, enabled: item.enabled, visible: item.visible, type: item.type, item }));
  }

  /** The menu as the panel shows it now: Linux keeps what setContextMenu read; elsewhere the items are read when shown. */
  private shownItems(): ShownItem[] {
    return this.platform === 'linux' ? this.snapshot : this.readItems();
  }

  /** Test side: the user clicks the icon. */
  click(): TrayClick {
    if (this.destroyed) throw new Error('Electron double: the tray is destroyed');
    const hasMenu = this.shownItems().length > 0;
    const clickEmitted = this.platform !== 'linux' || !hasMenu;
    const menuShown = hasMenu && (this.platform === 'linux' || this.platform === 'darwin');
    if (clickEmitted) this.emit('click', {}, this.getBounds(), { x: 0, y: 0 });
    if (menuShown) this.menuShown += 1;
    return { clickEmitted, menuShown };
  }

  /** Test side: a click on the context menu item with this label. */
  clickMenuItem(label: string): void {
    if (this.destroyed) throw new Error('Electron double: the tray is destroyed');
    const shown = this.shownItems().find((candidate) => candidate.visible && candidate.label === label);
    if (!shown) throw new Error(`Electron double: no tray menu item "${label}" (menu: ${this.menuLabels().join(', ')})`);
    if (!shown.enabled) throw new Error(`Electron double: tray menu item "${label}" is disabled`);
    shown.item.click({}, undefined);
  }

  menuLabels(): string[] {
    return this.shownItems().flatMap((item) => (item.visible && item.label ? [item.label] : []));
  }
}

export function trayClass(isReady: () => boolean, platform: NodeJS.Platform, trays: TrayDouble[]) {
  class Tray extends TrayDouble {
    constructor(image: unknown) {
      refuseBeforeReady(isReady, 'Cannot create Tray before app is ready'); // electron_api_tray.cc Tray::New
      super(image, platform);
      trays.push(this);
      const tray = this as TrayDouble;
      return strict(this, 'Tray', { pinned: ['Tray'], destroyed: { isDestroyed: () => tray.destroyed, error: () => new Error('Tray is destroyed'), spared: ['destroy', 'isDestroyed'] } });
    }
  }
  return strict(Tray, 'Tray', { pinned: ['Tray'] });
}
