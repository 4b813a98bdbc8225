// build/icon.svg's mark redrawn at tray sizes on the pixel grid (its 1.25 px ring blurs at 16 px).

/** In icon.svg's 512-unit viewBox. */
const SVG = { size: 512, tileRadius: 96, ringRadius: 170, ringStroke: 40, plusArm: 100, plusThick: 36 } as const;
const SAMPLES = 8;

interface MarkLayers {
  size: number;
  tile: Float32Array;
  /** The hollow mark: the tile's edge only. */
  outline: Float32Array;
  symbol: Float32Array;
}

/** Whole pixels at least `min`, keeping the parity that centres a stroke on the icon's middle. */
function snapStroke(width: number, size: number, min: number): number {
  const whole = Math.max(min, Math.round(width));
  return whole % 2 === size % 2 ? whole : whole + 1;
}

function geometry(size: number) {
  const scale = size / SVG.size;
  const c = size / 2;
  const ringStroke = Math.max(1.5, Math.round(SVG.ringStroke * scale * 2) / 2);
  // The ring's outer edge on a whole pixel: its top, bottom, left and right are crisp.
  const ringOuter = Math.round(SVG.ringRadius * scale + ringStroke / 2);
  return {
    c,
    tileRadius: Math.max(2, Math.round(SVG.tileRadius * scale)),
    outlineWidth: Math.max(1, Math.round(size / 16)),
    ringOuter,
    ringInner: ringOuter - ringStroke,
    plusHalf: snapStroke(SVG.plusThick * scale, size, 2) / 2,
    plusArm: Math.round(SVG.plusArm * scale),
  };
}

/** Also the badge's pill (tray-icon.ts). */
export function inRoundedRect(x: number, y: number, left: number, top: number, width: number, height: number, radius: number): boolean {
  if (x < left || y < top || x > left + width || y > top + height) return false;
  const dx = Math.max(left + radius - x, 0, x - (left + width - radius));
  const dy = Math.max(top + radius - y, 0, y - (top + height - radius));
  return dx * dx + dy * dy <= radius * radius;
}

const inRoundedSquare = (x: number, y: number, size: number, inset: number, radius: number) => inRoundedRect(x, y, inset, inset, size - 2 * inset, size - 2 * inset, radius);

const cache = new Map<number, MarkLayers>();

export function markLayers(size: number): MarkLayers {
  const known = cache.get(size);
  if (known) return known;
  const g = geometry(size);
  const tile = new Float32Array(size * size);
  const outline = new Float32Array(size * size);
  const symbol = new Float32Array(size * size);
  const share = 1 / (SAMPLES * SAMPLES);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const i = py * size + px;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = px + (sx + 0.5) / SAMPLES;
          const y = py + (sy + 0.5) / SAMPLES;
          if (!inRoundedSquare(x, y, size, 0, g.tileRadius)) continue;
          tile[i] = (tile[i] ?? 0) + share;
          if (!inRoundedSquare(x, y, size, g.outlineWidth, Math.max(0, g.tileRadius - g.outlineWidth))) outline[i] = (outline[i] ?? 0) + share;
          const d = Math.hypot(x - g.c, y - g.c);
          const onRing = d <= g.ringOuter && d >= g.ringInner;
          const onPlus = (Math.abs(x - g.c) <= g.plusHalf && Math.abs(y - g.c) <= g.plusArm) || (Math.abs(y - g.c) <= g.plusHalf && Math.abs(x - g.c) <= g.plusArm);
          if (onRing || onPlus) symbol[i] = (symbol[i] ?? 0) + share;
        }
      }
    }
  }
  const layers = { size, tile, outline, symbol };
  cache.set(size, layers);
  return layers;
}
