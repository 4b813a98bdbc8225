// Layering after VS Code's `local/code-layering`: each folder may import only
// from the layers below it, so the architecture cannot rot silently.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import noStrayStrings from './eslint/no-stray-strings.js';
import shortHeader from './eslint/short-header.js';

/** The project's own rules, one plugin object for every block that uses them (ESLint refuses a plugin redefined). */
const counterTray = { rules: { 'no-stray-strings': noStrayStrings, 'short-header': shortHeader } };

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'crypto', 'dns', 'events', 'fs', 'fs/promises', 'http', 'https',
  'net', 'os', 'path', 'process', 'stream', 'timers', 'tls', 'url', 'util', 'worker_threads', 'zlib',
];

const noElectron = { name: 'electron', message: 'Only src-main/ (outside core/) may import electron; inject it instead.' };

// Main-process code never reaches into the renderer or the service (demo mode loads the service by dynamic import()).
const mainOutside = { group: ['**/src-renderer/**', '**/src-service/**'], message: 'Main does not import renderer or service code (demo mode loads the service dynamically).' };

// Code that ships never imports the harnesses (dev-tools/) or the tests; nothing outside test/ imports test/.
const noHarness = { group: ['**/dev-tools/**', '**/test/**'], message: 'Shipped code never imports dev-tools/ or test/: harnesses import the app, not the other way round.' };
const noTests = { group: ['**/test/**'], message: 'Nothing outside test/ imports test/: shared harness code lives in dev-tools/.' };

/** Every product file is held to `counter-tray/short-header`; the catalogs are data, not modules. */
const SHORT_HEADER_FILES = ['src-main/**/*.{ts,cts}', 'src-renderer/**/*.{ts,tsx}', 'src-shared/**/*.ts'];
const SHORT_HEADER_EXEMPT = ['src-shared/i18n/catalogs/**'];

/** `../name`, `../../name/x`, … : a relative import of folder `name` from any depth below a sibling folder. */
const relativeTo = (name) => [1, 2, 3].flatMap((depth) => {
  const up = '../'.repeat(depth);
  return [`${up}${name}`, `${up}${name}/*`];
});

/**
 * One rule block per src-main folder. `above` lists the folders higher in the order, which
 * this one must not import; `electron: false` bans even its types (the folder runs in plain
 * Node tests), 'types' allows `import type` only (Electron objects arrive by injection).
 */
function layerPatterns(folder, above) {
  const wiringFiles = [...relativeTo('main'), ...relativeTo('preload')];
  const upward = above.map((name) => ({
    group: [...new Set([...relativeTo(name), ...wiringFiles])],
    message: `Layer rule (src-main/${folder}): ${folder}/ may not import ${name}/ or main.ts — the order is main → electron → desktop → app → ipc → core.`,
  }));
  const wiring = { group: wiringFiles, message: `Layer rule (src-main/${folder}): nothing imports the wiring (main.ts) or the preload.` };
  return [mainOutside, noHarness, ...(upward.length ? upward : [wiring])];
}

function mainLayer(folder, { electron, above }) {
  const paths = electron === false ? [noElectron] : [];
  const typeOnlyElectron = electron === 'types'
    ? [{ files: [`src-main/${folder}/**`], rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'electron', allowTypeImports: true, message: `Layer rule (src-main/${folder}): only main.ts imports electron; take Electron objects by injection (types are fine).` }] }] } }]
    : [];
  return [
    {
      files: [`src-main/${folder}/**`],
      rules: { 'no-restricted-imports': ['error', { paths, patterns: layerPatterns(folder, above) }] },
    },
    ...typeOnlyElectron,
  ];
}

/**
 * Inside app/ the folders are one-way too (src-main/app/README.md): a folder imports only
 * folders to its right, and none imports the composition at app/'s root (controller.ts,
 * app-state.ts, invoke-handlers.ts); ports.ts is for all.
 * storage/ is last (it imports no other app folder), state/ imports no feature folder, and
 * session/ only those two: the session calls back into nobody, the others follow it.
 */
const APP_ORDER = ['account', 'goals', 'export', 'activity', 'offline', 'settings', 'updates', 'session', 'state', 'storage'];
const APP_ROOT = ['controller', 'app-state', 'invoke-handlers'];

function appFolders() {
  return APP_ORDER.map((folder, index) => ({
    files: [`src-main/app/${folder}/**`],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [],
        patterns: [
          ...layerPatterns('app', ['desktop', 'electron']),
          ...APP_ORDER.slice(0, index).map((name) => ({
            group: [`../${name}`, `../${name}/*`],
            message: `App rule (src-main/app/${folder}): ${folder}/ may not import ${name}/ — the order inside app/ is ${APP_ORDER.join(' → ')}.`,
          })),
          { group: APP_ROOT.map((name) => `../${name}`), message: `App rule (src-main/app/${folder}): no folder imports the composition at app/'s root (${APP_ROOT.join(', ')}).` },
        ],
      }],
    },
  }));
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'release/', 'test-results/', 'playwright-report/', 'coverage/', '.tmp/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src-shared/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noElectron, ...nodeBuiltins.map((name) => ({ name, message: 'src-shared is pure: no Node built-ins.' }))],
        patterns: [
          { group: ['node:*'], message: 'src-shared is pure: no Node built-ins.' },
          { group: ['react', 'react-dom', '**/src-main/**', '**/src-renderer/**', '**/src-service/**'], message: 'src-shared imports nothing above it.' },
          noHarness,
        ],
      }],
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noElectron, ...nodeBuiltins.map((name) => ({ name, message: 'The renderer runs sandboxed: no Node.' }))],
        patterns: [
          { group: ['node:*'], message: 'The renderer runs sandboxed: no Node.' },
          { group: ['**/src-main/**', '**/src-service/**'], message: 'The renderer talks to main only through the IPC contract.' },
          noHarness,
        ],
      }],
      // Main validates with zod; the page bundle stays zod-free (issue 7: renderer JS < 90 KB gzip).
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          // counter-flags, server-address, milestones, goal-words, accent-color and arrange are the zod-free exceptions in domain/ (one rule each for main and popup).
          group: ['zod', 'zod/*', '**/src-shared/api/schemas', '**/src-shared/domain/*', '!**/src-shared/domain/counter-flags', '!**/src-shared/domain/server-address', '!**/src-shared/domain/milestones', '!**/src-shared/domain/goal-words', '!**/src-shared/domain/accent-color', '!**/src-shared/domain/arrange', '**/src-shared/ipc/contract'],
          allowTypeImports: true,
          message: 'Schema modules pull zod into the page: import their types only (values live in zod-free modules such as src-shared/api/wire-constants).',
        }, {
          // Issue 27: the popup loads its catalog as a compiled chunk (virtual:catalog/<name>); the catalogs' source and the ICU compiler stay out of the bundle.
          group: ['**/src-shared/i18n/compile', '**/src-shared/i18n/catalogs/*', '@lingui/message-utils', '@lingui/message-utils/*'],
          allowTypeImports: true,
          message: 'The popup never bundles the catalogs or the ICU compiler: load a compiled catalog through src-renderer/i18n/I18n.tsx (virtual:catalog/<name>).',
        }],
      }],
    },
  },
  {
    files: ['src-service/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noElectron],
        patterns: [{ group: ['**/src-main/**', '**/src-renderer/**'], message: 'The reference service stands alone.' }, noHarness],
      }],
    },
  },
  // Inside src-main the folders are one-way layers (ARCHITECTURE.md, "Layers inside src-main"):
  //   main.ts → electron/ → desktop/ → app/ → ipc/ → core/   (preload/ stands apart: see below)
  // A folder may import the folders to its right (and src-shared), never one to its left.
  // Issue 27: every word a user reads comes from the catalog (eslint/no-stray-strings.js).
  {
    files: ['src-renderer/**/*.tsx'],
    plugins: { 'counter-tray': counterTray },
    rules: { 'counter-tray/no-stray-strings': ['error', { jsx: true }] },
  },
  {
    files: ['src-main/app/**', 'src-main/desktop/**', 'src-main/electron/**', 'src-main/main.ts'],
    plugins: { 'counter-tray': counterTray },
    rules: { 'counter-tray/no-stray-strings': ['error', { desktop: true }] },
  },
  // A file's header says why in at most three comment lines (eslint/short-header.js); longer
  // reasoning goes in the folder's README.
  {
    files: SHORT_HEADER_FILES,
    ignores: SHORT_HEADER_EXEMPT,
    plugins: { 'counter-tray': counterTray },
    rules: { 'counter-tray/short-header': ['error', { max: 3 }] },
  },
  // No product file over 300 lines, so a module stays one thing a reader can hold.
  {
    files: ['src-main/**/*.{ts,cts}', 'src-renderer/**/*.{ts,tsx}', 'src-shared/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  ...mainLayer('core', { electron: false, above: ['ipc', 'app', 'desktop', 'electron'] }),
  ...mainLayer('ipc', { electron: 'types', above: ['app', 'desktop', 'electron'] }),
  ...mainLayer('app', { electron: 'types', above: ['desktop', 'electron'] }),
  ...appFolders(),
  ...mainLayer('desktop', { electron: false, above: ['electron'] }),
  ...mainLayer('electron', { electron: 'types', above: [] }),
  {
    files: ['src-main/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [mainOutside, noHarness] }] },
  },
  // The preload runs in the sandboxed renderer process (CommonJS, `require('electron')` only):
  // it shares nothing with main but the contract in src-shared.
  {
    files: ['src-main/preload/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: nodeBuiltins.map((name) => ({ name, message: 'The preload is sandboxed: no Node built-ins.' })),
        patterns: [
          { group: ['node:*'], message: 'The preload is sandboxed: no Node built-ins.' },
          { group: ['**/src-renderer/**', '**/src-service/**', ...relativeTo('core'), ...relativeTo('ipc'), ...relativeTo('app'), ...relativeTo('desktop'), ...relativeTo('electron'), ...relativeTo('main')], message: 'Preload rule (src-main/preload): the preload shares only src-shared with main.' },
          noHarness,
        ],
      }],
    },
  },
  {
    files: ['dev-tools/**', 'scripts/**', 'bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noTests] }] },
  },
);
