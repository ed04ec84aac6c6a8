import { defineConfig } from 'vitest/config';

// e2e runs on its own (scripts/test.mjs) after the web app is built.
export default defineConfig({
  test: {
    projects: ['packages/core', 'packages/server', 'packages/web', 'scripts'],
    // Two cores: more workers only make the WebAssembly databases fight for CPU.
    maxWorkers: 2,
  },
});
