import { availableParallelism } from 'node:os';
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
    setupFiles: ['test/support/property-seeds.ts'],
    // Vitest's default leaves one core to itself (one worker on 2 cores); most files wait on loopback
    // services and fake clocks, so two run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
