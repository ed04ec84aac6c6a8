// One lint gate for every package. The zone rules keep imports flowing one way (STYLE.md 1-3):
// core imports nothing of ours and no Node/React; web features never reach into each other; server
// modules meet through services, never through another module's repository.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const repoRoot = import.meta.dirname;

function subfolders(path) {
  return readdirSync(join(repoRoot, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// Read from disk so a new feature or module is walled off the day its folder appears.
const webFeatures = subfolders('packages/web/src/features');
const serverModules = subfolders('packages/server/src/modules');

// One zone per feature (bulletproof-react's layout): the zone resolves each import, so a relative
// '../search/searchMap' is caught as surely as one spelled through 'features/'.
const featureWalls = webFeatures.map((feature) => ({
  target: `./packages/web/src/features/${feature}`,
  from: webFeatures.filter((other) => other !== feature).map((other) => `./packages/web/src/features/${other}`),
  message: 'features never import each other; editions compose them, shell/ui/core are shared.',
}));

// A module's tests may set up data through another module's repository; its code may not.
const moduleWalls = serverModules.map((module) => ({
  target: `./packages/server/src/modules/${module}/**/!(*.test).ts`,
  from: serverModules
    .filter((other) => other !== module)
    .map((other) => `./packages/server/src/modules/${other}/{repository,*-repository}.ts`),
  message: 'modules meet through services: receive what you need from services.ts, not from its repository.',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'packages/e2e/artifacts/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          // Zones are relative to this file, not to wherever eslint happens to be started.
          basePath: repoRoot,
          zones: [
            {
              target: './packages/core',
              from: './packages/server',
              message: 'core is pure: it imports nothing of the server.',
            },
            {
              target: './packages/core',
              from: './packages/web',
              message: 'core is pure: it imports nothing of the web app.',
            },
            {
              target: './packages/web',
              from: './packages/server',
              message: 'the web app talks to the server over HTTP only.',
            },
            { target: './packages/server', from: './packages/web', message: 'the server does not import the web app.' },
            {
              target: './packages/web/src/shell',
              from: './packages/web/src/features',
              message: 'the shell does not know features.',
            },
            {
              target: './packages/web/src/ui',
              from: './packages/web/src/features',
              message: 'shared widgets do not know features.',
            },
            {
              target: './packages/web/src/features',
              from: './packages/web/src/editions',
              message: 'features do not import editions; editions compose features.',
            },
            ...featureWalls,
            ...moduleWalls,
          ],
        },
      ],
    },
    settings: {
      // Resolves our extensionless TypeScript imports, so the zone and cycle rules see real files.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    // Tests read loosely-typed JSON answers; asserting on them is the point.
    files: ['**/*.test.{ts,tsx}', 'packages/*/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'child_process'],
              message: 'core is pure: no Node built-ins.',
            },
            {
              group: ['react', 'react-*', '@reduxjs/*', 'pg', 'pg-boss', '@electric-sql/*', 'fastify', 'drizzle-orm*'],
              message: 'core is pure: no UI, I/O or database libraries.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'fetch',
        'setTimeout',
        'setInterval',
        'localStorage',
        'process',
        'window',
        'document',
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'the web app runs in the browser.' }] },
      ],
    },
  },
);
