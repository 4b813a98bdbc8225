// The popup's hardening, injected so a test can check it.
import type { BrowserWindowConstructorOptions, OnHeadersReceivedListenerDetails, HeadersReceivedResponse } from 'electron';
import { devCsp, PRODUCTION_CSP } from '../desktop/app-assets';
import { safeOrigin } from '../ipc/sender-check';
import type { MaterialOptions } from './popup';

export function popupWindowOptions(preloadPath: string, size: { width: number; height: number }, platform: NodeJS.Platform, material: MaterialOptions = {}): BrowserWindowConstructorOptions {
  return {
    width: size.width,
    height: size.height,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    // The popup belongs to the tray, not to a Space or the window switcher.
    ...(platform === 'darwin' ? { type: 'panel' as const, visibleOnAllWorkspaces: true } : {}),
    backgroundColor: '#00000000',
    // Never webPreferences: its type has none.
    ...material,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  };
}

export interface HardenableContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
}

export interface HardenableSession {
  setPermissionRequestHandler(handler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null): void;
  setPermissionCheckHandler(handler: ((webContents: unknown, permission: string) => boolean) | null): void;
  webRequest: {
    onHeadersReceived(listener: ((details: OnHeadersReceivedListenerDetails, callback: (response: HeadersReceivedResponse) => void) => void) | null): void;
  };
}

export function hardenContents(contents: HardenableContents, log: (message: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    log(`window.open denied: ${safeOrigin(url)}`);
    return { action: 'deny' };
  });
  // The popup is a single page: any navigation is an attack or a bug.
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    log(`navigation prevented: ${safeOrigin(url)}`);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenSession(session: HardenableSession, devServerOrigin?: string): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  // app:// responses carry the CSP themselves; this covers http(s) (the dev server).
  const csp = devServerOrigin ? devCsp(devServerOrigin) : PRODUCTION_CSP;
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}

