import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Port of the app under test; the server listens on 127.0.0.1 only and Playwright stops it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18181);
/** Data directory of the server under test; E2E_DATA_DIR lets parallel runs keep apart. */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, 'test-results', 'e2e-data');
/** Built client the server serves (`vite build --outDir …`); E2E_CLIENT_DIR lets parallel runs keep apart. */
const clientDir = process.env.E2E_CLIENT_DIR ?? path.join(root, 'dist', 'client');

/**
 * E2E in Debian's Chromium (never a downloaded browser) against the built app on 127.0.0.1,
 * started on a fresh data directory with the demo organisation. Screenshots the tests take are
 * kept in tests/e2e/artifacts; failures keep a screenshot and a trace in test-results.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(root, 'test-results', 'e2e'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}/`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx src/server/start.ts`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  },
});
