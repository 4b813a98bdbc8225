// The production core factory, loaded lazily so that a test or harness that injects
// its own factory never loads the core's module graph (ws, the sync engine).
import type { CoreFactory } from '../ports';

export const realCoreFactory: CoreFactory = async (options) => {
  const { createCounterCore } = await import('../../core/index');
  return createCounterCore(options);
};
