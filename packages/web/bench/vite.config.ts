/**
 * The widget benchmark's pages (`npm run bench`): built on their own into bench/dist/, never part
 * of the product build, and served by the bench script's own static server.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig({
  root: here('.'),
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // The numbers must be those of the code as shipped: production React, minified.
    minify: true,
    rollupOptions: { input: { widgets: here('./index.html'), mapFps: here('./map-fps.html') } },
  },
});
