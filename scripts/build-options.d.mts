import type { BuildOptions } from 'esbuild';

export declare const external: string[];
export declare function commonOptions(production: boolean): BuildOptions;
export declare function mainOptions(production: boolean, outfile?: string): BuildOptions & { outfile: string };
