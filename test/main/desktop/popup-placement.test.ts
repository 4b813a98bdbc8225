import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { placePopup, taskbarEdge, type PlacementInput } from '../../../src-main/desktop/popup-placement';

const size = { width: 360, height: 480 };
const display = { x: 0, y: 0, width: 1920, height: 1080 };

describe('placePopup', () => {
  it('macOS: below the menu bar icon, centred on it', () => {
    const p = placePopup({ platform: 'darwin', trayBounds: { x: 1500, y: 0, width: 22, height: 24 }, displayBounds: display, workArea: { x: 0, y: 25, width: 1920, height: 1055 }, size });
    expect(p).toEqual({ x: 1331, y: 25 });
  });

  it('macOS: an icon near the right edge keeps the popup on screen', () => {
    const p = placePopup({ platform: 'darwin', trayBounds: { x: 1900, y: 0, width: 20, height: 24 }, displayBounds: display, workArea: { x: 0, y: 25, width: 1920, height: 1055 }, size });
    expect(p).toEqual({ x: 1560, y: 25 });
  });

  it('Windows bottom taskbar: above the tray icon', () => {
    const p = placePopup({ platform: 'win32', trayBounds: { x: 1700, y: 1040, width: 24, height: 40 }, displayBounds: display, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, size });
    expect(p).toEqual({ x: 1532, y: 560 });
  });

  it('Windows left taskbar: to the right of the icon, vertically clamped', () => {
    const p = placePopup({ platform: 'win32', trayBounds: { x: 0, y: 1000, width: 62, height: 24 }, displayBounds: display, workArea: { x: 62, y: 0, width: 1858, height: 1080 }, size });
    expect(p).toEqual({ x: 62, y: 600 });
  });

  it('Windows top taskbar: below the icon', () => {
    const p = placePopup({ platform: 'win32', trayBounds: { x: 1800, y: 0, width: 24, height: 40 }, displayBounds: display, workArea: { x: 0, y: 40, width: 1920, height: 1040 }, size });
    expect(p).toEqual({ x: 1560, y: 40 });
  });

  it('right taskbar: to the left of the icon', () => {
    const p = placePopup({ platform: 'win32', trayBounds: { x: 1860, y: 500, width: 60, height: 24 }, displayBounds: display, workArea: { x: 0, y: 0, width: 1860, height: 1080 }, size });
    expect(p).toEqual({ x: 1500, y: 272 });
  });

  it('Linux zero tray bounds (electron/electron#15003): follows the cursor when the tray was clicked', () => {
    const p = placePopup({ platform: 'linux', trayBounds: { x: 0, y: 0, width: 0, height: 0 }, cursor: { x: 1750, y: 12 }, displayBounds: display, workArea: { x: 0, y: 32, width: 1920, height: 1048 }, size });
    expect(p).toEqual({ x: 1560, y: 32 });
  });

  it('Linux zero tray bounds and no cursor: the top-right corner under the panel', () => {
    const p = placePopup({ platform: 'linux', trayBounds: { x: 0, y: 0, width: 0, height: 0 }, displayBounds: display, workArea: { x: 0, y: 32, width: 1920, height: 1048 }, size });
    expect(p).toEqual({ x: 1560, y: 32 });
  });

  it('Linux zero bounds with a bottom panel (KDE): bottom-right corner', () => {
    const p = placePopup({ platform: 'linux', trayBounds: { x: 0, y: 0, width: 0, height: 0 }, displayBounds: display, workArea: { x: 0, y: 0, width: 1920, height: 1036 }, size });
    expect(p).toEqual({ x: 1560, y: 556 });
  });

  it('a cursor on another display is ignored', () => {
    const p = placePopup({ platform: 'linux', trayBounds: { x: 0, y: 0, width: 0, height: 0 }, cursor: { x: 3000, y: 500 }, displayBounds: display, workArea: { x: 0, y: 32, width: 1920, height: 1048 }, size });
    expect(p).toEqual({ x: 1560, y: 32 });
  });

  it('a secondary display with negative coordinates', () => {
    const second = { x: -1280, y: 0, width: 1280, height: 1024 };
    const p = placePopup({ platform: 'win32', trayBounds: { x: -100, y: 984, width: 24, height: 40 }, displayBounds: second, workArea: { x: -1280, y: 0, width: 1280, height: 984 }, size });
    expect(p).toEqual({ x: -360, y: 504 });
  });

  it('never off-screen, for any tray, cursor and work area', () => {
    const rect = fc.record({ x: fc.integer({ min: -3000, max: 3000 }), y: fc.integer({ min: -3000, max: 3000 }), width: fc.integer({ min: 0, max: 200 }), height: fc.integer({ min: 0, max: 200 }) });
    fc.assert(
      fc.property(
        fc.constantFrom('darwin', 'win32', 'linux', 'other' as const),
        rect,
        fc.option(fc.record({ x: fc.integer({ min: -4000, max: 4000 }), y: fc.integer({ min: -4000, max: 4000 }) }), { nil: undefined }),
        fc.record({ top: fc.nat(80), left: fc.nat(80), right: fc.nat(80), bottom: fc.nat(80) }),
        (platform, trayBounds, cursor, bars) => {
          const workArea = { x: bars.left, y: bars.top, width: 1920 - bars.left - bars.right, height: 1080 - bars.top - bars.bottom };
          const input: PlacementInput = { platform, trayBounds, displayBounds: display, workArea, size, ...(cursor ? { cursor } : {}) };
          const p = placePopup(input);
          expect(p.x).toBeGreaterThanOrEqual(workArea.x);
          expect(p.y).toBeGreaterThanOrEqual(workArea.y);
          expect(p.x + size.width).toBeLessThanOrEqual(workArea.x + workArea.width);
          expect(p.y + size.height).toBeLessThanOrEqual(workArea.y + workArea.height);
        },
      ),
    );
  });
});

describe('taskbarEdge', () => {
  it('reads the edge from where the work area gives way, else the platform default', () => {
    expect(taskbarEdge(display, { x: 0, y: 0, width: 1920, height: 1040 }, 'win32')).toBe('bottom');
    expect(taskbarEdge(display, { x: 48, y: 0, width: 1872, height: 1080 }, 'win32')).toBe('left');
    expect(taskbarEdge(display, display, 'win32')).toBe('bottom');
    expect(taskbarEdge(display, display, 'darwin')).toBe('top');
  });
});
