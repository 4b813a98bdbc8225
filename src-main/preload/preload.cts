// The popup's preload: sandboxed, so CommonJS requiring only 'electron' (esbuild inlines ./renderer-api).
import type { ContextBridge, IpcRenderer } from 'electron';
import type * as RendererApi from './renderer-api';

/* eslint-disable @typescript-eslint/no-require-imports -- a sandboxed preload is CommonJS; require is its import */
const { contextBridge, ipcRenderer } = require('electron') as { contextBridge: ContextBridge; ipcRenderer: IpcRenderer };
const { createCounterTrayApi } = require('./renderer-api') as typeof RendererApi;
/* eslint-enable @typescript-eslint/no-require-imports */

contextBridge.exposeInMainWorld('counterTray', createCounterTrayApi(ipcRenderer));
