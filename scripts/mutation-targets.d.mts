export interface MutationTarget {
  file: string;
  tests: string[];
}
export declare const TARGETS: Record<string, MutationTarget>;
