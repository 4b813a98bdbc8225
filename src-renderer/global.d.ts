import type { CounterTrayApi } from '../src-shared/ipc/contract';

declare global {
  interface Window {
    /** Exposed by the preload (or the browser harness); absent when the page is opened on its own. */
    counterTray?: CounterTrayApi;
  }
}
