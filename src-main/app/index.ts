// The Electron-free app layer: what the shell and the e2e harness import.
export { createAppController, type AppController } from './controller';
export { createHeadlessApp, type HeadlessApp, type HeadlessAppOptions } from './headless';
export { AppError } from '../ipc/errors';
export type * from './ports';
