// Saves the record off the click path: a burst of changes becomes one write a moment later, writes
// never overlap, and a failed write is retried with the next change instead of surfacing in a click.
import type { Clock } from '../../core/contract';
import type { RecordFile } from './record-file';

export interface RecordWriter {
  schedule(): void;
  /** Writes now if anything is unsaved; resolves when the file holds the latest state. */
  flush(): Promise<void>;
  dispose(): void;
}

export function createRecordWriter(options: {
  snapshot: () => RecordFile;
  save: (file: RecordFile) => Promise<void>;
  clock: Clock;
  delayMs?: number;
  onError?: (error: unknown) => void;
}): RecordWriter {
  const delayMs = options.delayMs ?? 1_000;
  let timer: unknown;
  let dirty = false;
  let writing: Promise<void> | undefined;

  const write = async (): Promise<void> => {
    while (dirty) {
      dirty = false;
      try {
        await options.save(options.snapshot());
      } catch (error) {
        options.onError?.(error);
        return; // the next change schedules another attempt
      }
    }
  };
  const start = (): Promise<void> => {
    if (timer !== undefined) options.clock.clearTimeout(timer);
    timer = undefined;
    writing ??= write().finally(() => {
      writing = undefined;
      // A change that came in as the last write finished still needs its own.
      if (dirty && timer === undefined) timer = options.clock.setTimeout(() => void start(), delayMs);
    });
    return writing;
  };

  return {
    schedule() {
      dirty = true;
      // A running write loops once more and picks this change up.
      if (timer === undefined && !writing) timer = options.clock.setTimeout(() => void start(), delayMs);
    },
    async flush() {
      if (writing) await writing;
      if (dirty) await start();
    },
    dispose() {
      if (timer !== undefined) options.clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
