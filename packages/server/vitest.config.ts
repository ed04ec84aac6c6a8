import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database clone; PGlite start-up dominates, so give it room.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
