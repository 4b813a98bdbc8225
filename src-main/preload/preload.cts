// The popup's preload. It runs sandboxed, so it is CommonJS and may only require
// 'electron' (esbuild inlines ./renderer-api). It exposes the contract's API on
// window.counterTray and nothing else: no ipcRenderer, no Node.
import type { ContextBridge, IpcRenderer } from 'electron';
import type * as RendererApi from './renderer-api';

/* eslint-disable @typescript-eslint/no-require-imports -- a sandboxed preload is CommonJS; require is its import */
const { contextBridge, ipcRenderer } = require('electron') as { contextBridge: ContextBridge; ipcRenderer: IpcRenderer };
const { createCounterTrayApi } = require('./renderer-api') as typeof RendererApi;
/* eslint-enable @typescript-eslint/no-require-imports */

contextBridge.exposeInMainWorld('counterTray', createCounterTrayApi(ipcRenderer));
