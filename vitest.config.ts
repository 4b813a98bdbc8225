import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogPlugin } from './scripts/catalog-plugin.ts';

export default defineConfig({
  plugins: [react(), catalogPlugin()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
