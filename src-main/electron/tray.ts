// The tray, after Signal's createTrayInstance. The menu is set on the tray on Windows/Linux
// (AppIndicator delivers no clicks, electron/electron#37112); on macOS it pops up on right click,
// where a set menu would swallow the left click.
import type { MenuItemConstructorOptions, Rectangle, TitleOptions } from 'electron';
import { translatorFor } from '../../src-shared/i18n/compile';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import type { AppPlatform } from '../app/ports';
import { drawTrayIcon, trayIconSize, type IconBitmap } from '../desktop/tray-icon';
import { buildTrayMenu, menuKey, type TrayAction, type TrayMenuItem } from '../desktop/tray-menu';
import { createTrayPresenter, type TrayIconFace } from '../desktop/tray-presentation';

export interface TrayLike<Menu, Image> {
  setContextMenu(menu: Menu | null): void;
  popUpContextMenu(menu?: Menu): void;
  setToolTip(tooltip: string): void;
  setTitle(title: string, options?: TitleOptions): void;
  setImage(image: Image): void;
  getBounds(): Rectangle;
  on(event: 'click', listener: () => void): unknown;
  on(event: 'right-click', listener: () => void): unknown;
  destroy(): void;
}

interface TrayDeps<Menu, Image> {
  createTray(image: Image): TrayLike<Menu, Image>;
  buildMenu(template: MenuItemConstructorOptions[]): Menu;
  createImage(bitmap: IconBitmap, template: boolean): Image;
  platform: AppPlatform;
  onAction(action: TrayAction): void;
  onClick(trayBounds: Rectangle): void;
  scaleFactor?: () => number;
}

/** Drawn for the display's scale, so the OS does not resample it. */
export function bitmapImages<Image extends { setTemplateImage(on: boolean): void }>(
  createFromBitmap: (buffer: Buffer, options: { width: number; height: number; scaleFactor: number }) => Image,
): TrayDeps<unknown, Image>['createImage'] {
  return (bitmap, template) => {
    const image = createFromBitmap(Buffer.from(bitmap.bgra), { width: bitmap.width, height: bitmap.height, scaleFactor: bitmap.width / 16 });
    image.setTemplateImage(template);
    return image;
  };
}

function toMenuTemplate(items: readonly TrayMenuItem[], onAction: (action: TrayAction) => void): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    if (item.type === 'separator') return { type: 'separator' };
    const action = item.action;
    const click = action ? () => onAction(action) : undefined;
    if (item.type === 'checkbox') return { type: 'checkbox', label: item.label, checked: item.checked, ...(click ? { click } : {}) };
    return { type: 'normal', label: item.label, enabled: item.enabled, ...(click ? { click } : {}) };
  });
}

export function createTrayController<Menu, Image>(deps: TrayDeps<Menu, Image>) {
  const iconFor = (face: TrayIconFace) => deps.createImage(drawTrayIcon({ size: trayIconSize(deps.scaleFactor?.() ?? 2), ...face }), face.template);

  // Until the first state: hollow, not connected yet.
  const tray = deps.createTray(iconFor({ template: deps.platform === 'darwin', theme: 'dark', mark: 'hollow', badge: null, dot: null }));
  let menu: Menu | null = null;
  let lastMenuKey = '';

  tray.on('click', () => deps.onClick(tray.getBounds()));
  if (deps.platform === 'darwin') tray.on('right-click', () => tray.popUpContextMenu(menu ?? undefined));

  const present = createTrayPresenter({
    setTitle: (title) => {
      // Digits of one width, so the title does not jiggle.
      if (deps.platform === 'darwin') tray.setTitle(title, { fontType: 'monospacedDigit' });
    },
    setToolTip: (tooltip) => tray.setToolTip(tooltip),
    setIcon: (face) => tray.setImage(iconFor(face)),
  });

  return {
    tray,
    update(state: AppStateBody): void {
      const i18n = translatorFor(state.locale);
      present(state, i18n);
      const items = buildTrayMenu(state, i18n);
      const key = menuKey(items);
      if (key === lastMenuKey) return;
      lastMenuKey = key;
      menu = deps.buildMenu(toMenuTemplate(items, deps.onAction));
      if (deps.platform !== 'darwin') tray.setContextMenu(menu);
    },
    destroy: () => tray.destroy(),
  };
}
