// The herd chart (bench/herd-chart.svg): arrivals per second at the service for each
// policy, one panel per event (a restart, an outage), on a log scale so 10 and 200 000 a
// second both show. Plain SVG written by hand: no chart library for one picture.
import { writeFileSync } from 'node:fs';

export interface Series {
  name: string;
  colour: string;
  /** Arrivals in each second from the event. */
  perSecond: readonly number[];
}

export interface Panel {
  title: string;
  /** Seconds shown from the event. */
  seconds: number;
  series: readonly Series[];
  markAt?: { second: number; label: string };
}

const WIDTH = 880;
const PANEL_HEIGHT = 330;
const TOP = 40;
const PLOT = { left: 70, right: 20, top: 34, bottom: 46 };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function panelParts(panel: Panel, offsetY: number, decades: number): string[] {
  const w = WIDTH - PLOT.left - PLOT.right;
  const h = PANEL_HEIGHT - PLOT.top - PLOT.bottom;
  const top = offsetY + PLOT.top;
  const x = (second: number) => PLOT.left + (second / panel.seconds) * w;
  // log10(1 + n): 0 arrivals sit on the axis, 1 just above it.
  const y = (count: number) => top + h - (Math.log10(1 + count) / decades) * h;
  const parts = [`<text x="${PLOT.left}" y="${offsetY + 20}" font-size="14" font-weight="bold">${escape(panel.title)}</text>`];
  for (let decade = 0; decade <= decades; decade += 1) {
    const at = y(10 ** decade - 1);
    parts.push(`<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${at}" y2="${at}" stroke="#ddd"/>`);
    parts.push(`<text x="${PLOT.left - 8}" y="${at + 4}" text-anchor="end">${decade === 0 ? '0' : (10 ** decade).toLocaleString('en-US')}</text>`);
  }
  const tick = panel.seconds <= 60 ? 10 : 30;
  for (let second = 0; second <= panel.seconds; second += tick) {
    parts.push(`<text x="${x(second)}" y="${top + h + 18}" text-anchor="middle">${second} s</text>`);
  }
  parts.push(`<text x="${PLOT.left + w / 2}" y="${top + h + 38}" text-anchor="middle">time since every socket went (1 s bins)</text>`);
  parts.push(`<text transform="translate(16 ${top + h / 2}) rotate(-90)" text-anchor="middle">arrivals per second (log)</text>`);
  if (panel.markAt) {
    parts.push(`<line x1="${x(panel.markAt.second)}" x2="${x(panel.markAt.second)}" y1="${top}" y2="${top + h}" stroke="#999" stroke-dasharray="4 4"/>`);
    parts.push(`<text x="${x(panel.markAt.second) + 4}" y="${top + 12}" fill="#666">${escape(panel.markAt.label)}</text>`);
  }
  panel.series.forEach((s, index) => {
    const points = s.perSecond.slice(0, panel.seconds).map((count, second) => `${x(second).toFixed(1)},${y(count).toFixed(1)} ${x(second + 1).toFixed(1)},${y(count).toFixed(1)}`);
    parts.push(`<polyline fill="none" stroke="${s.colour}" stroke-width="1.6" points="${points.join(' ')}"/>`);
    const legendY = top + 16 + index * 16;
    parts.push(`<line x1="${WIDTH - PLOT.right - 390}" x2="${WIDTH - PLOT.right - 370}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${s.colour}" stroke-width="3"/>`);
    parts.push(`<text x="${WIDTH - PLOT.right - 364}" y="${legendY}">${escape(s.name)}</text>`);
  });
  return parts;
}

export function writeHerdChart(file: string, title: string, panels: readonly Panel[]): void {
  const height = TOP + panels.length * PANEL_HEIGHT;
  const top = Math.max(10, ...panels.flatMap((panel) => panel.series.flatMap((s) => s.perSecond.slice(0, panel.seconds))));
  const decades = Math.ceil(Math.log10(top));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="15">${escape(title)}</text>`,
    ...panels.flatMap((panel, index) => panelParts(panel, TOP + index * PANEL_HEIGHT, decades)),
    '</svg>',
  ];
  writeFileSync(file, `${parts.join('\n')}\n`);
}
