// The popup's bundle: built to dist/renderer and loaded from file:// by Electron (hence
// relative `base`) or served by the browser harness. No inline script or style is
// emitted, so the strict CSP in src-renderer/index.html holds.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogPlugin } from './scripts/catalog-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./src-renderer'),
  base: './',
  plugins: [react(), catalogPlugin()],
  build: {
    outDir: here('./dist/renderer'),
    emptyOutDir: true,
    target: 'chrome130',
    // The polyfill would be injected as code the CSP does not need; Chromium supports modulepreload.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        // React in a chunk of its own (loaded with the entry, preloaded by index.html): the size
        // bench reports it apart, because it alone is most of the first paint's budget.
        manualChunks: (id: string) => (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ? 'react' : undefined),
      },
    },
  },
});
