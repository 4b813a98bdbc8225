// The production core factory, loaded lazily so that a test or harness that injects
// its own factory never loads the core's module graph.
import type { CoreOptions, CounterCore } from '../core/contract';
import type { CoreFactory } from './ports';

type CoreModule = { createCounterCore: (options: CoreOptions) => CounterCore };

// A computed specifier keeps tsc from requiring src-main/core/index.ts before it lands.
const CORE_MODULE = '../core/index';

export const realCoreFactory: CoreFactory = async (options) => {
  const loaded = (await import(/* @vite-ignore */ CORE_MODULE)) as Partial<CoreModule>;
  if (typeof loaded.createCounterCore !== 'function') throw new Error('src-main/core does not export createCounterCore');
  return loaded.createCounterCore(options);
};
