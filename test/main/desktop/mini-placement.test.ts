import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { placeMini, rememberMini, type DisplayArea } from '../../../src-main/desktop/mini-placement';

const size = { width: 328, height: 184 };
const laptop: DisplayArea = { id: 1, workArea: { x: 0, y: 25, width: 1440, height: 875 } };
// A second screen to the right, its taskbar at the bottom.
const monitor: DisplayArea = { id: 7, workArea: { x: 1440, y: 0, width: 2560, height: 1400 } };

describe('placeMini', () => {
  it('first time: the top-right corner of the primary work area, a margin in', () => {
    expect(placeMini({ places: {} }, [laptop, monitor], laptop, size)).toEqual({ x: 1440 - 328 - 12, y: 25 + 12, ...size });
  });

  it('each display keeps its own place: back on the display it was left on, where it was left there', () => {
    let saved = rememberMini({ places: {} }, laptop, { x: 100, y: 200 });
    saved = rememberMini(saved, monitor, { x: 3000, y: 900 });
    expect(placeMini(saved, [laptop, monitor], laptop, size)).toMatchObject({ x: 3000, y: 900 });
    saved = rememberMini(saved, laptop, { x: 100, y: 200 });
    expect(placeMini(saved, [laptop, monitor], laptop, size)).toMatchObject({ x: 100, y: 200 });
    expect(saved.places).toEqual({ '1': { x: 100, y: 175 }, '7': { x: 1560, y: 900 } });
  });

  it('a display moved in the arrangement keeps the place relative to its work area', () => {
    const saved = rememberMini({ places: {} }, monitor, { x: 1500, y: 40 });
    const movedLeft: DisplayArea = { id: 7, workArea: { x: -2560, y: 0, width: 2560, height: 1400 } };
    expect(placeMini(saved, [laptop, movedLeft], laptop, size)).toMatchObject({ x: -2500, y: 40 });
  });

  it('the display it was on is gone: on the primary, at the place remembered there, else its corner', () => {
    const onMonitorOnly = rememberMini({ places: {} }, monitor, { x: 3700, y: 1200 });
    expect(placeMini(onMonitorOnly, [laptop], laptop, size)).toMatchObject({ x: 1100, y: 37 });
    const both = rememberMini(rememberMini({ places: {} }, laptop, { x: 40, y: 60 }), monitor, { x: 3700, y: 1200 });
    expect(placeMini(both, [laptop], laptop, size)).toMatchObject({ x: 40, y: 60 });
  });

  it('a display that became smaller pulls the window back inside its work area', () => {
    const saved = rememberMini({ places: {} }, monitor, { x: 3700, y: 1200 });
    const smaller: DisplayArea = { id: 7, workArea: { x: 1440, y: 0, width: 1280, height: 720 } };
    expect(placeMini(saved, [laptop, smaller], laptop, size)).toEqual({ x: 1440 + 1280 - 328, y: 720 - 184, ...size });
  });

  it('the size the user gave it, shrunk to a work area too small for it', () => {
    const tiny: DisplayArea = { id: 2, workArea: { x: 10, y: 20, width: 200, height: 100 } };
    expect(placeMini({ last: '2', places: { '2': { x: 50, y: 50 } } }, [tiny], tiny, size)).toEqual({ x: 10, y: 20, width: 200, height: 100 });
    const resized = { places: {}, size: { width: 500, height: 640 } };
    expect(placeMini(resized, [laptop], laptop, resized.size)).toEqual({ x: 1440 - 500 - 12, y: 25 + 12, width: 500, height: 640 });
  });

  it('whatever was remembered, however large, and whichever displays remain, the window lands wholly inside one work area', () => {
    const rect = fc.record({ x: fc.integer({ min: -5000, max: 5000 }), y: fc.integer({ min: -5000, max: 5000 }), width: fc.integer({ min: 100, max: 4000 }), height: fc.integer({ min: 100, max: 3000 }) });
    const sizes = fc.record({ width: fc.integer({ min: 240, max: 5000 }), height: fc.integer({ min: 96, max: 5000 }) });
    const point = fc.record({ x: fc.integer({ min: -1e6, max: 1e6 }), y: fc.integer({ min: -1e6, max: 1e6 }) });
    fc.assert(
      fc.property(fc.array(rect, { minLength: 1, maxLength: 4 }), fc.dictionary(fc.constantFrom('0', '1', '2', '3', '9'), point), fc.constantFrom('0', '1', '2', '3', '9', undefined), sizes, (areas, places, last, wanted) => {
        const displays = areas.map((workArea, id) => ({ id, workArea }));
        const p = placeMini({ last, places }, displays, displays[0] as DisplayArea, wanted);
        expect(displays.some(({ workArea: wa }) => p.x >= wa.x && p.y >= wa.y && p.x + p.width <= wa.x + wa.width && p.y + p.height <= wa.y + wa.height)).toBe(true);
      }),
    );
  });
});
