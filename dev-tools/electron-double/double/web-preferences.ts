// A window's webPreferences, read as Electron 45 reads them
// (shell/browser/web_contents_preferences.cc SetFromDictionary and IsSandboxed, v45 line):
// booleans by gin's truthiness, the sandbox on unless asked off or Node is integrated, a
// preload only from an absolute path. What a Chromium page can model is modelled
// (contextIsolation: the preload in an isolated world or in the page's own); what would hand
// the page Node or lower web security cannot be, so the double refuses the window, naming the
// preference, rather than boot it as if it were isolated.
import { isAbsolute } from 'node:path';
import { ginBool } from './strict';

export interface ModelledPreferences {
  /** Absolute path of the preload, or undefined (none given, not a string, or relative: Electron runs none). */
  preloadPath: string | undefined;
  contextIsolation: boolean;
  /** What Electron logs while reading them (LOG(ERROR)), for the launch's Electron log. */
  logged: string[];
}

/** Preferences whose non-default value the double cannot model in a Chromium page, and why. */
const REFUSED: Record<string, { unsafe(value: unknown): boolean; why: string }> = {
  nodeIntegration: { unsafe: ginBool, why: 'the page would get require() and process' },
  nodeIntegrationInWorker: { unsafe: ginBool, why: 'workers would get Node.js' },
  nodeIntegrationInSubFrames: { unsafe: ginBool, why: 'the preload would also run in every subframe' },
  webSecurity: { unsafe: (value) => !ginBool(value), why: 'same-origin policy off' },
  allowRunningInsecureContent: { unsafe: ginBool, why: 'mixed content allowed' },
  webviewTag: { unsafe: ginBool, why: '<webview> enabled' },
  experimentalFeatures: { unsafe: ginBool, why: 'experimental web platform features on' },
  enableBlinkFeatures: { unsafe: (value) => typeof value === 'string', why: 'Blink features switched on' },
  plugins: { unsafe: ginBool, why: 'plugins enabled' },
  javascript: { unsafe: (value) => !ginBool(value), why: 'JavaScript off' },
  offscreen: { unsafe: ginBool, why: 'offscreen rendering' },
  session: { unsafe: (value) => value !== undefined, why: 'a session of its own (the double has one per launch)' },
  partition: { unsafe: (value) => value !== undefined, why: 'a partition of its own (the double has one session per launch)' },
};

export function readWebPreferences(raw: unknown): ModelledPreferences {
  const prefs = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const has = (key: string) => Object.hasOwn(prefs, key) && prefs[key] !== undefined;
  for (const [key, rule] of Object.entries(REFUSED)) {
    if (has(key) && rule.unsafe(prefs[key])) throw new Error(`Electron double: BrowserWindow webPreferences.${key}: ${JSON.stringify(prefs[key]) ?? String(prefs[key])} is not modelled (${rule.why}); the double refuses the window rather than run it as if it were isolated`);
  }
  // IsSandboxed(): an explicit sandbox wins; otherwise on unless nodeIntegration(InWorker) turned it off (refused above).
  if (has('sandbox') && !ginBool(prefs.sandbox)) throw new Error('Electron double: BrowserWindow webPreferences.sandbox: false is not modelled (the preload would get all of Node.js); the double refuses the window rather than run it sandboxed');
  const logged: string[] = [];
  let preloadPath: string | undefined;
  if (typeof prefs.preload === 'string') {
    if (isAbsolute(prefs.preload)) preloadPath = prefs.preload;
    else logged.push('preload script must have absolute path.');
  }
  return { preloadPath, contextIsolation: has('contextIsolation') ? ginBool(prefs.contextIsolation) : true, logged };
}
