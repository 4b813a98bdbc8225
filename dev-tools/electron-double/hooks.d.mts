export declare const ELECTRON_EXPORTS: readonly string[];
export declare function resolve(specifier: string, context: unknown, next: unknown): Promise<unknown>;
export declare function load(url: string, context: unknown, next: unknown): Promise<unknown>;
