export interface Results {
  passed: number;
  failed: number;
  skipped: number;
}
export interface Kinds {
  toolSteps: string[];
  runnerFailures: number;
}
export declare function suitesThatFailedToLoad(report: unknown): number;
export declare function closingLines(results: Results, kinds: Kinds): [string, string];
export declare function failedTestLines(vitestReport: unknown, playwrightReport: unknown): string[];
export declare function slowestFiles(vitestReport: unknown, playwrightReport: unknown, n?: number): string[];
