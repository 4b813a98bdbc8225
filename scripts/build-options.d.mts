import type { BuildOptions, Plugin } from 'esbuild';

export declare const external: string[];
export declare const MAIN_CHUNKS: string;
export declare const zodEnglishOnly: Plugin;
export declare function commonOptions(production: boolean): BuildOptions;
export declare function mainOptions(production: boolean, outdir?: string): BuildOptions & { outdir: string };
export declare function preloadOptions(production: boolean, outfile?: string): BuildOptions & { outfile: string };
