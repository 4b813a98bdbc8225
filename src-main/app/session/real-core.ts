// The production core factory, loaded lazily: a harness with its own factory never loads ws and the core.
import type { CoreFactory } from '../ports';

export const realCoreFactory: CoreFactory = async (options) => {
  const { createCounterCore } = await import('../../core/index');
  return createCounterCore(options);
};
