// Menu and MenuItem, after https://www.electronjs.org/docs/latest/api/menu and
// lib/browser/api/menu.ts, menu-item.ts (v45 line): buildFromTemplate validates the
// template, folds extra separators, and makes MenuItems whose type must be one Electron
// knows and whose click flips a checkbox before calling the app. Roles, radio groups,
// submenus' native behaviour and positioning (before/after) are not modelled: they throw.
import { notImplemented, strict } from './strict';

export interface MenuItemOptions {
  type?: string;
  label?: string;
  enabled?: boolean;
  visible?: boolean;
  checked?: boolean;
  role?: string;
  submenu?: MenuItemOptions[] | MenuDouble;
  click?: (item: unknown, window: unknown, event: unknown) => void;
  [key: string]: unknown;
}

/** menu-item.ts MenuItem.types. */
const TYPES = ['normal', 'separator', 'submenu', 'checkbox', 'radio', 'header', 'palette'];
const MODELLED_TYPES = new Set(['normal', 'separator', 'submenu', 'checkbox']);
const POSITIONING = ['before', 'after', 'beforeGroupContaining', 'afterGroupContaining'];

export class MenuItemDouble {
  type: string;
  label: string;
  enabled: boolean;
  visible: boolean;
  checked: boolean;
  readonly submenu: MenuDouble | null;
  private readonly userClick: MenuItemOptions['click'];

  constructor(options: MenuItemOptions) {
    if (options.role !== undefined) throw new Error(`Electron double: MenuItem role '${String(options.role)}' is not modelled (roles run native actions)`);
    const submenu = options.submenu === undefined ? null : options.submenu instanceof MenuDouble ? options.submenu : buildFromTemplate(options.submenu);
    const type = options.type ?? (submenu ? 'submenu' : 'normal');
    if (type === 'submenu' && !submenu) throw new Error('Invalid submenu');
    if (!TYPES.includes(type)) throw new Error(`Unknown menu item type: ${type}`);
    if (!MODELLED_TYPES.has(type)) throw new Error(`Electron double: MenuItem type '${type}' is not modelled`);
    this.type = type;
    this.submenu = submenu;
    // overrideProperty: label '', enabled true, visible true, checked false when not given (null counts as not given).
    this.label = options.label ?? '';
    this.enabled = options.enabled ?? true;
    this.visible = options.visible ?? true;
    this.checked = options.checked ?? false;
    this.userClick = options.click;
  }

  /** menu-item.ts click: a checkbox flips `checked`, then the app's click(menuItem, focusedWindow, event). */
  click = (event: unknown = {}, focusedWindow: unknown = undefined): void => {
    if (this.type === 'checkbox') this.checked = !this.checked;
    if (typeof this.userClick === 'function') this.userClick(this.seenByMain, focusedWindow, event);
  };

  readonly seenByMain: MenuItemDouble = strict(this, 'MenuItem', { pinned: ['MenuItem'] });
}

export class MenuDouble {
  readonly items: MenuItemDouble[] = [];
}

function buildFromTemplate(template: unknown): MenuDouble {
  if (!Array.isArray(template)) throw new TypeError('Invalid template for Menu: Menu template must be an array');
  const valid = template.every((item: unknown) => item !== null && typeof item === 'object' && (Object.hasOwn(item, 'label') || Object.hasOwn(item, 'role') || (item as MenuItemOptions).type === 'separator'));
  if (!valid) throw new TypeError('Invalid template for MenuItem: must have at least one of label, role or type');
  const items = template as MenuItemOptions[];
  if (items.some((item) => POSITIONING.some((key) => item[key] !== undefined))) throw new Error('Electron double: menu item positioning (before/after) is not modelled');
  const menu = new MenuDouble();
  for (const item of removeExtraSeparators(items)) menu.items.push(new MenuItemDouble(item));
  return menu;
}

/** menu.ts removeExtraSeparators: adjacent separators fold into one; none at either edge (hidden items kept as they are). */
function removeExtraSeparators(items: MenuItemOptions[]): MenuItemOptions[] {
  const folded = items.filter((item, index, all) => item.visible === false || item.type !== 'separator' || index === 0 || all[index - 1]?.type !== 'separator');
  return folded.filter((item, index, all) => item.visible === false || item.type !== 'separator' || (index !== 0 && index !== all.length - 1));
}

/** The menu behind each Menu object main holds (the tray reads the real one). */
const menuBehind = new WeakMap<object, MenuDouble>();

/** `Menu` as main sees it: the class with buildFromTemplate; each menu strict, its items main's strict MenuItems. */
export const menuClass = strict(
  Object.assign(
    function Menu() {
      return notImplemented('new Menu() (use Menu.buildFromTemplate)');
    },
    {
      buildFromTemplate: (template: unknown) => {
        const menu = buildFromTemplate(template);
        const seen = strict(menu, 'Menu', { pinned: ['Menu'], seenByMain: { items: () => menu.items.map((item) => item.seenByMain) } });
        menuBehind.set(seen, menu);
        return seen;
      },
    },
  ),
  'Menu',
  { pinned: ['Menu'], statics: true },
);

/** The Menu behind a value main passed (its own Menu object), or undefined when it is not one. */
export const menuFrom = (value: unknown): MenuDouble | undefined => (value !== null && typeof value === 'object' ? menuBehind.get(value) : undefined);
