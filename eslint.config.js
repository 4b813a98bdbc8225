// Layering after VS Code's `local/code-layering`: each folder may import only
// from the layers below it, so the architecture cannot rot silently.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'crypto', 'dns', 'events', 'fs', 'fs/promises', 'http', 'https',
  'net', 'os', 'path', 'process', 'stream', 'timers', 'tls', 'url', 'util', 'worker_threads', 'zlib',
];

const noElectron = { name: 'electron', message: 'Only src-main/ (outside core/) may import electron; inject it instead.' };

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'release/', 'test-results/', 'playwright-report/', 'coverage/'] },
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
        ],
      }],
      // The preload validates with zod; the page bundle stays zod-free (issue 7: renderer JS < 90 KB gzip).
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          // counter-flags is the zod-free exception in domain/ (one dismiss rule for core and popup).
          group: ['zod', 'zod/*', '**/src-shared/api/schemas', '**/src-shared/domain/*', '!**/src-shared/domain/counter-flags', '**/src-shared/ipc/contract'],
          allowTypeImports: true,
          message: 'Schema modules pull zod into the page: import their types only (values live in zod-free modules such as src-shared/api/wire-constants).',
        }],
      }],
    },
  },
  {
    files: ['src-service/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noElectron],
        patterns: [{ group: ['**/src-main/**', '**/src-renderer/**'], message: 'The reference service stands alone.' }],
      }],
    },
  },
  {
    files: ['src-main/core/**', 'src-main/shell/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noElectron],
        patterns: [{ group: ['**/src-renderer/**', '**/src-service/**'], message: 'The core and the shell logic do not reach into the renderer or the service.' }],
      }],
    },
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/core/**', 'src-main/shell/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/src-renderer/**', '**/src-service/**'], message: 'Main does not import renderer or service code (demo mode loads the service dynamically).' }],
      }],
    },
  },
);
