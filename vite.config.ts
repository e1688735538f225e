import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { PUBLIC_NAMESPACES } from './src/app/i18n/namespaces';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Unit tests that render components (and the lint, which loads the front end's registries): project `unit-dom`. */
const DOM_TESTS = ['tests/unit/**/*.test.tsx', 'tests/unit/schemas.lint.test.ts'];
/**
 * Chunk name of a locale file `locales/<lang>/<ns>.json`: `locale-<lang>` for the public namespaces (the login
 * page's), `locale-<lang>-app` for the others; null (default splitting) for any other module.
 */
function localeChunk(id: string): string | null {
  const m = /\/src\/app\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
  if (!m) return null;
  return (PUBLIC_NAMESPACES as readonly string[]).includes(m[2]) ? `locale-${m[1]}` : `locale-${m[1]}-app`;
}
const alias = {
  '@shared': r('./src/shared'),
  '@app': r('./src/app'),
  '@engine': r('./engine'),
  '@widgets': r('./widgets'),
};

/**
 * Front-end build and test projects. The app is built with base './' so that one build serves under
 * any BASE_PATH (`/` by default, `/zwoa/` in production): the server injects `<base href>` into
 * index.html at run time. Test projects: `unit` (engine and shared, in Node), `unit-dom` (renderers, widgets and
 * the app in happy-dom, tests/unit/happy-dom-env.ts) and `api`
 * (fastify inject against SQLite, or PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  root: r('./src/app'),
  base: './',
  publicDir: false,
  // Every script and sheet is also written as .br and .gz beside it (the server sends the one the browser accepts);
  // index.html is not: the server injects the base path into it at run time.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|woff2?|ttf)$/, threshold: 0 })],
  resolve: { alias },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    // .vite/manifest.json: the chunk graph tests/tools/bundleBudget.ts sums per route
    manifest: true,
    rolldownOptions: {
      output: {
        // the locale files of a language in two chunks, its public and its app namespaces (src/app/i18n/index.ts)
        codeSplitting: { groups: [{ name: localeChunk, debugName: 'locales' }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          root: r('.'),
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: DOM_TESTS,
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit-dom',
          root: r('.'),
          include: DOM_TESTS,
          environment: './tests/unit/happy-dom-env.ts',
          // antd pages rendered in happy-dom take seconds on a busy 2-core runner; 5 s (the default) flakes there
          testTimeout: 20_000,
          // the shipped areas' routes in the route table, as after sign-in
          setupFiles: ['./tests/unit/routeTreeSetup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          root: r('.'),
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
