import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogPlugin } from './scripts/catalog-plugin.ts';
import { CATALOG_ROW_TAG } from './scripts/test-summary.mjs';

export default defineConfig({
  plugins: [react(), catalogPlugin()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // npm test's summary counts these apart from the behaviour tests (scripts/test-summary.mjs).
    tags: [{ name: CATALOG_ROW_TAG, description: 'One row of a check repeated for every catalog key' }],
  },
});
