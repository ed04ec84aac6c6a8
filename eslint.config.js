// One lint gate for every package. The zone rules keep imports flowing one way (STYLE.md 1-3):
// core imports nothing of ours and no Node/React; web features never reach into each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    // Features keep to their own folder: another feature's internals are off limits.
    files: ['packages/web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['../../features/*', '**/features/*/**'], message: 'features never import each other.' }],
        },
      ],
    },
  },
);
