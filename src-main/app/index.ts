// The Electron-free app layer: what the Electron wiring and the harnesses in dev-tools import.
export { createAppController, type AppController } from './controller';
export { AppError } from '../ipc/errors';
export type * from './ports';
