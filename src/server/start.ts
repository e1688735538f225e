/**
 * `npm start`: builds the front end when it is not built, opens the database, applies migrations,
 * seeds the demo organisation on first start, and serves the API and the front end from one
 * process. SIGTERM/SIGINT finish the requests in flight, then close the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty, syncMenus } from './db/seed/index.js';
import { invalidateMenuCache } from './services/menu.js';
import { buildApp } from './app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const dev = process.argv.includes('--dev');
  if (!dev && !fs.existsSync(path.join(config.clientDir, 'index.html'))) {
    console.log('[start] building the front end (vite build)…');
    execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build'], { stdio: 'inherit' });
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database.db, database.dialect);
  if (applied.length) console.log(`[start] migrations applied: ${applied.join(', ')}`);
  await (await import('./engine/sync.js')).syncEntityTables(database.db, database.dialect, (await import('./engine/definitions.js')).loadEntities());
  if (config.seedDemo && (await seedIfEmpty(database.db))) console.log('[start] demo organisation seeded');
  const { added } = await database.db.transaction().execute((trx) => syncMenus(trx));
  if (added.length) {
    invalidateMenuCache(database.db);
    console.log(`[start] menus added for new routes: ${added.join(', ')}`);
  }

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`协同办公平台 listening on http://${config.host}:${config.port}${config.basePath}`);
  // Flow timers (deadlines, delays, urges): every process sweeps; a lease in the database lets one fire each.
  const { sweepTimers, TIMER_SWEEP_MS } = await import('./engine/flow/timers.js');
  const { flowRuntime } = await import('./engine/flow/runtime.js');
  const owner = `${os.hostname()}:${process.pid}`;
  const sweep = setInterval(() => {
    if (closing) return;
    sweepTimers(database.db, flowRuntime(database.db, database.dialect, app.ctx), owner, (e) => app.log.error({ err: e }, 'flow timer failed')).catch((e) => app.log.error({ err: e }, 'flow timer sweep failed'));
  }, TIMER_SWEEP_MS);
  sweep.unref();
  // 公文检索: documents changed since they were indexed are indexed in the background as well (services/search).
  const { catchUpInBackground, SEARCH_INDEX_MS } = await import('./services/search/index.js');
  const indexer = setInterval(() => {
    if (closing) return;
    catchUpInBackground(database.db, database.dialect, config.dataDir).catch((e) => app.log.error({ err: e }, 'search indexing failed'));
  }, SEARCH_INDEX_MS);
  indexer.unref();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
