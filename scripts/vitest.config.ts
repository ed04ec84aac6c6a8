import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (lint walls): plain Node, no database, no browser.
export default defineConfig({ test: { name: 'lint', environment: 'node', include: ['*.test.ts'] } });
