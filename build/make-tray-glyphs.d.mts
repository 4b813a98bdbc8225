// Types for build/make-tray-glyphs.mjs (plain JS so it runs with `node` alone), for the tray contact sheet.
export const OUTPUT: URL;
export function generate(): string;
export function rasterizeText(text: string, cap: number, weight?: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900): { x: number; y: number; width: number; height: number; coverage: Float32Array };
