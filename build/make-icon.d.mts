// Types for build/make-icon.mjs (plain JS so it runs with `node` alone), for the packaging tests.
export interface IconShapes {
  minX: number;
  minY: number;
  width: number;
  height: number;
  shapes: readonly unknown[];
}
export const SOURCE: URL;
export const MAIN_ICON: { size: number; url: URL };
export const LINUX_SIZES: readonly number[];
export function linuxIconUrl(size: number): URL;
export function parseIconSvg(text: string): IconShapes;
export function renderIcon(icon: IconShapes, size: number): Buffer;
export function encodePng(rgba: Buffer, size: number, height?: number): Buffer;
export function decodePng(png: Buffer): { width: number; height: number; rgba: Buffer };
export function iconOutputs(svgText?: string): { size: number; url: URL; png: Buffer }[];
