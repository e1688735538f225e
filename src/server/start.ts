/**
 * `npm start`: builds the front end when it is not built, opens the database, applies migrations,
 * seeds the demo organisation on first start (and, once the server is built, its business content:
 * db/seed/content.ts), and serves the API and the front end from one
 * process. SIGTERM/SIGINT finish the requests in flight, then close the database. A failed start says
 * which step failed ("[start] failed while applying migrations: …") and exits with status 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadConfig } from './config.js';
import pg from 'pg';
import { MAINTENANCE_PG_TIMEOUTS, openDatabase, type Database } from './db/index.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty, syncMenus } from './db/seed/index.js';
import { invalidateMenuCache } from './services/menu.js';
import { buildApp } from './app.js';

/** The step start-up is doing, named in the message of a failed start. */
let step = 'reading the configuration';

/** Runs one start-up step under `name` (see `step`). */
async function run<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
  step = name;
  return fn();
}

async function main(): Promise<void> {
  const config = loadConfig();
  const dev = process.argv.includes('--dev');
  if (!dev && !fs.existsSync(path.join(config.clientDir, 'index.html'))) {
    await run('building the front end', () => {
      console.log('[start] building the front end (vite build)…');
      execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build'], { stdio: 'inherit' });
    });
  }
  // Migrations, entity tables, seed and menus run before the server is built, outside fastify's plugin time
  // limit, on their own connection without the statement time limits of serving (a migration may take long).
  const maintenance = await run('opening the database', async () => {
    if (config.databaseUrl && config.pgSchema) await createSchema(config.databaseUrl, config.pgSchema);
    return openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pgSchema: config.pgSchema,
      poolSize: 2,
      timeouts: MAINTENANCE_PG_TIMEOUTS,
    });
  });
  let seeded = false;
  try {
    seeded = await prepare(config, maintenance);
  } finally {
    if (config.databaseUrl) await maintenance.close();
  }
  // SQLite has no time limits to change: the one file handle serves on.
  const database = config.databaseUrl
    ? await run('opening the database', () =>
        openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.pgSchema, timeouts: config.pgTimeouts }),
      )
    : maintenance;

  const app = await run('building the server (API groups, plugins)', () => buildApp({ config, database }));
  await run('starting the server (plugins, subscriptions)', () => app.ready());
  // The areas' business content of a demo organisation seeded by this start (db/seed/content.ts): after the
  // server is built, since flows reach the areas' service nodes.
  if (seeded) {
    const { seedDemoContent } = await import('./db/seed/content.js');
    const areas = await run('seeding the demo content of the areas', () => seedDemoContent(app.ctx));
    if (areas.length) console.log(`[start] demo content seeded: ${areas.join(', ')}`);
  }
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
  await run(`listening on ${config.host}:${config.port}`, () => app.listen({ port: config.port, host: config.host }));
  step = 'serving';
  app.log.info(`协同办公平台 listening on http://${config.host}:${config.port}${config.basePath}`);
  // Flow timers (deadlines, delays, urges): every process sweeps; a lease in the database lets one fire each.
  const { sweepTimers, TIMER_SWEEP_MS } = await import('./engine/flow/timers.js');
  const { flowRuntime } = await import('./engine/flow/runtime.js');
  const owner = `${os.hostname()}:${process.pid}`;
  const sweep = setInterval(() => {
    if (closing) return;
    sweepTimers(database.db, flowRuntime(database.db, database.dialect, app.ctx), owner, (e) => app.log.error({ err: e }, 'flow timer failed')).catch((e) =>
      app.log.error({ err: e }, 'flow timer sweep failed'),
    );
  }, TIMER_SWEEP_MS);
  sweep.unref();
  // The areas' periodic work (e.g. catching up a search index), src/server/areas.ts AreaTask.
  const { areaServers } = await import('./areas.js');
  for (const { area, module } of await areaServers()) {
    for (const task of module.tasks ?? []) {
      const timer = setInterval(() => {
        if (closing) return;
        task
          .run({ db: database.db, dialect: database.dialect, dataDir: config.dataDir })
          .catch((e) => app.log.error({ err: e }, `${area}: ${task.name} failed`));
      }, task.everyMs);
      timer.unref();
    }
  }
}

/** Migrations, entity tables, the demo seed and new menus (each a named step); answers whether it seeded the demo organisation. */
async function prepare(config: ReturnType<typeof loadConfig>, database: Database): Promise<boolean> {
  const applied = await run('applying migrations', () => migrate(database.db, database.dialect));
  if (applied.length) console.log(`[start] migrations applied: ${applied.join(', ')}`);
  await run('creating the tables of the entity definitions', async () =>
    (await import('./engine/sync.js')).syncEntityTables(database.db, database.dialect, (await import('./engine/definitions.js')).loadEntities()),
  );
  const seeded = config.seedDemo && (await run('seeding the demo organisation', () => seedIfEmpty(database.db)));
  if (seeded) console.log('[start] demo organisation seeded');
  const { added, granted } = await run('adding the menus of new routes and the default grants of the areas', () =>
    database.db.transaction().execute((trx) => syncMenus(trx)),
  );
  if (added.length || granted.length) invalidateMenuCache(database.db);
  if (added.length) console.log(`[start] menus added for new routes: ${added.join(', ')}`);
  if (granted.length) console.log(`[start] default grants given: ${granted.join(', ')}`);
  return seeded;
}

/** Creates the PG_SCHEMA schema when missing (a deployment or a test working in its own schema). */
async function createSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) throw new Error(`PG_SCHEMA must be a plain identifier, not ${JSON.stringify(schema)}`);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: MAINTENANCE_PG_TIMEOUTS.connectMs });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${schema}"`);
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(`[start] failed while ${step}: ${err instanceof Error ? err.message : String(err)}`);
  console.error(err);
  process.exit(1);
});
