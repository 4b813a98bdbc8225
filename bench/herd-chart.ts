// The herd chart (bench/herd-chart.svg): arrivals per second at the service for each
// policy through one event, on a log scale so 10 and 200 000 a second both show. Plain
// SVG written by hand: no chart library for one picture.
import { writeFileSync } from 'node:fs';

export interface Series {
  name: string;
  colour: string;
  /** Arrivals in each second from the event. */
  perSecond: readonly number[];
}

const WIDTH = 880;
const HEIGHT = 420;
const PLOT = { left: 70, right: 20, top: 50, bottom: 60 };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function writeHerdChart(file: string, title: string, series: readonly Series[], seconds: number, markAt?: { second: number; label: string }): void {
  const top = Math.max(10, ...series.flatMap((s) => s.perSecond.slice(0, seconds)));
  const decades = Math.ceil(Math.log10(top));
  const w = WIDTH - PLOT.left - PLOT.right;
  const h = HEIGHT - PLOT.top - PLOT.bottom;
  const x = (second: number) => PLOT.left + (second / seconds) * w;
  // log10(1 + n): 0 arrivals sit on the axis, 1 just above it.
  const y = (count: number) => PLOT.top + h - (Math.log10(1 + count) / decades) * h;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="15">${escape(title)}</text>`,
  ];
  for (let decade = 0; decade <= decades; decade += 1) {
    const at = y(10 ** decade - 1);
    parts.push(`<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${at}" y2="${at}" stroke="#ddd"/>`);
    parts.push(`<text x="${PLOT.left - 8}" y="${at + 4}" text-anchor="end">${decade === 0 ? '0' : (10 ** decade).toLocaleString('en-US')}</text>`);
  }
  for (let second = 0; second <= seconds; second += 30) {
    parts.push(`<text x="${x(second)}" y="${HEIGHT - PLOT.bottom + 18}" text-anchor="middle">${second} s</text>`);
  }
  parts.push(`<text x="${PLOT.left + w / 2}" y="${HEIGHT - 16}" text-anchor="middle">time since every socket dropped (1 s bins)</text>`);
  parts.push(`<text transform="translate(16 ${PLOT.top + h / 2}) rotate(-90)" text-anchor="middle">arrivals per second (log scale)</text>`);
  if (markAt) {
    parts.push(`<line x1="${x(markAt.second)}" x2="${x(markAt.second)}" y1="${PLOT.top}" y2="${PLOT.top + h}" stroke="#999" stroke-dasharray="4 4"/>`);
    parts.push(`<text x="${x(markAt.second) + 4}" y="${PLOT.top + 12}" fill="#666">${escape(markAt.label)}</text>`);
  }
  series.forEach((s, index) => {
    const points = s.perSecond.slice(0, seconds).map((count, second) => `${x(second).toFixed(1)},${y(count).toFixed(1)} ${x(second + 1).toFixed(1)},${y(count).toFixed(1)}`);
    parts.push(`<polyline fill="none" stroke="${s.colour}" stroke-width="1.6" points="${points.join(' ')}"/>`);
    const legendY = PLOT.top + 16 + index * 16;
    parts.push(`<line x1="${WIDTH - PLOT.right - 300}" x2="${WIDTH - PLOT.right - 280}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${s.colour}" stroke-width="3"/>`);
    parts.push(`<text x="${WIDTH - PLOT.right - 274}" y="${legendY}">${escape(s.name)}</text>`);
  });
  parts.push('</svg>');
  writeFileSync(file, `${parts.join('\n')}\n`);
}
