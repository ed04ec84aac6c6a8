import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./vitest.setup.ts'],
      // Component tests type and click through jsdom; on a busy two-core machine one such test can pass
      // 5 s without anything being wrong, so the limit only catches a test that hangs.
      testTimeout: 20_000,
    },
  }),
);
