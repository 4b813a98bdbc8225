// The mini window: the pinned counters, small, frameless, on top, resizable, where the user left it on each display.
// The popup's page (its #mini view), preload and hardening; its place and whether it was open outlive a launch.
import type { BrowserWindow, BrowserWindowConstructorOptions, Screen } from 'electron';
import { z } from 'zod';
import type { TextFile } from '../app/ports';
import { readParsed } from '../app/storage/parsed-file';
import { placeMini, rememberMini, type MiniPlaces } from '../desktop/mini-placement';
import { hardenContents } from './window-security';

/** A draggable strip and three two-line rows; wider than the narrow rows' 320 CSS px. */
export const MINI_SIZE = { width: 328, height: 184 } as const;
/** The user may resize it (more pinned counters, a zoomed page), down to the strip and one row. */
const MIN_SIZE = { minWidth: 240, minHeight: 96 } as const;

const Offset = z.object({ x: z.int().min(-100_000).max(100_000), y: z.int().min(-100_000).max(100_000) });
// Any positive size: a pixel under the minimum (a scaled display's rounding) must not cost the places; Electron keeps the minimum.
const Size = z.object({ width: z.int().min(1).max(100_000), height: z.int().min(1).max(100_000) });
const MiniFile = z.object({ open: z.boolean(), last: z.string().max(24).optional(), places: z.record(z.string().max(24), Offset), size: Size.optional() });

interface MiniOptions {
  createWindow(options: BrowserWindowConstructorOptions): BrowserWindow;
  /** The popup's: its webPreferences and material. */
  windowOptions: BrowserWindowConstructorOptions;
  url: string;
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay' | 'getDisplayMatching'>;
  file: TextFile;
  log(message: string): void;
  isQuitting(): boolean;
}

export function createMiniWindow(options: MiniOptions) {
  const { screen, file } = options;
  let window: BrowserWindow | null = null;
  let saved: MiniPlaces & { open: boolean } = { open: false, places: {} };
  const loaded = readParsed(file, MiniFile, { maxBytes: 16_384 }).then((read) => {
    if (read.status === 'ok') saved = read.data;
  });
  const save = () => file.write(JSON.stringify(saved)).catch((error: unknown) => options.log(`mini window place not saved: ${String(error)}`));
  const live = () => (window && !window.isDestroyed() ? window : null);

  async function show(): Promise<void> {
    await loaded;
    const shown = live();
    if (shown) return shown.show();
    const at = placeMini(saved, screen.getAllDisplays(), screen.getPrimaryDisplay(), saved.size ?? MINI_SIZE);
    const created = options.createWindow({ ...options.windowOptions, ...at, ...MIN_SIZE, movable: true, resizable: true });
    window = created;
    hardenContents(created.webContents, options.log);
    // A resize from the left or top edge moves it too.
    created.on('move', () => {
      const bounds = created.getBounds();
      saved = { ...saved, ...rememberMini(saved, screen.getDisplayMatching(bounds), bounds) };
    });
    created.on('resize', () => {
      const { width, height } = created.getBounds();
      saved = { ...saved, size: { width, height } };
    });
    // Closed by the user (its ×, Esc, the OS): not open at the next launch. A quit leaves that as it was.
    created.on('close', () => {
      if (options.isQuitting()) return;
      saved = { ...saved, open: false };
      void save();
    });
    saved = { ...saved, open: true };
    void save();
    await created.loadURL(`${options.url}#mini`).then(
      () => created.isDestroyed() || created.show(),
      (error: unknown) => options.log(`the mini window did not load: ${String(error)}`),
    );
  }

  return {
    setOpen: (open: boolean) => (open ? show() : live()?.close()),
    /** Open again when it was open as the app quit. */
    reopen: () => loaded.then(() => (saved.open ? show() : undefined)),
    webContentsIds: (): number[] => {
      const shown = live();
      return shown ? [shown.webContents.id] : [];
    },
    contents: () => live()?.webContents ?? null,
    /** Before quitting: where an open one was moved to. */
    flush: () => (live() ? save() : Promise.resolve()),
  };
}
