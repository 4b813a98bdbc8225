import type { CounterTrayApi } from '../src-shared/ipc/contract';

declare global {
  interface Window {
    /** Absent when the page is opened without the preload. */
    counterTray?: CounterTrayApi;
  }
}
