import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// One code base, four entry points: each edition is its own page so the server can serve it under
// its own base path and inject that edition's runtime config into its index.html.
const EDITION_DIRS = ['office', 'inspect', 'settings', 'websync'] as const;

// Resolved from this file rather than the working directory, so the build works from the
// monorepo root as well as from packages/web.
const here = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

const API_TARGET = 'http://127.0.0.1:8080';

/** Libraries change less often than our code; separate chunks stay cached across our releases. */
const VENDOR_CHUNKS: [chunk: string, pattern: RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler)\//],
  ['router', /\/node_modules\/react-router\//],
  [
    'redux',
    /\/node_modules\/(@reduxjs|@standard-schema|redux|redux-thunk|react-redux|immer|reselect|use-sync-external-store)\//,
  ],
  ['zod', /\/node_modules\/zod\//],
];

const SHELL_DIRS = [here('./src/shell/'), here('./src/ui/')];

/**
 * Libraries only a lazily loaded page uses (the dashboards' charts and grid): left to the bundler, they
 * land in that page's own chunks, so an edition that never opens the page never downloads them.
 */
const PAGE_ONLY_LIBRARIES =
  /\/node_modules\/(echarts|zrender|tslib|react-grid-layout|react-draggable|react-resizable|fast-equals|resize-observer-polyfill|clsx|prop-types)\//;

function chunkFor(id: string): string | undefined {
  // Every edition loads the shell; one named chunk for it reads better than one named after a file.
  if (SHELL_DIRS.some((dir) => id.startsWith(dir))) return 'shell';
  if (!id.includes('/node_modules/') || PAGE_ONLY_LIBRARIES.test(id)) return undefined;
  return VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0] ?? 'vendor';
}

/**
 * The server answers every path inside an edition with that edition's index.html; the dev server
 * has to do the same, or a reload on a deep link such as /office/about would 404 under `vite`.
 */
function editionDeepLinks(): Plugin {
  return {
    name: 'manway-edition-deep-links',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '/';
        const path = url.split('?')[0] ?? '/';
        const dir = EDITION_DIRS.find((d) => path === `/${d}` || path.startsWith(`/${d}/`));
        const looksLikePage = !path.slice(path.lastIndexOf('/')).includes('.');
        if (dir && looksLikePage && req.headers.accept?.includes('text/html')) req.url = `/${dir}/index.html`;
        next();
      });
    },
  };
}

// One product version, kept in the root package.json.
const VERSION = (JSON.parse(readFileSync(here('../../package.json'), 'utf8')) as { version: string }).version;

export default defineConfig({
  root: here('.'),
  base: '/',
  define: { __MANWAY_VERSION__: JSON.stringify(VERSION) },
  plugins: [react(), editionDeepLinks()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Preloading is an optimisation; browsers without modulepreload still load every chunk.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: Object.fromEntries(EDITION_DIRS.map((dir) => [dir, here(`./${dir}/index.html`)])),
      output: { manualChunks: chunkFor },
      onwarn(warning, warn) {
        // Dependencies ship React Server Component directives and comment annotations that Rollup
        // drops; both are harmless in a browser bundle. Our own code gets every warning.
        const fromDependency = warning.id?.includes('/node_modules/') ?? false;
        if (fromDependency && (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION'))
          return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/session-api': { target: API_TARGET },
      '/report-api': { target: API_TARGET },
    },
  },
});
