/**
 * Area modules of the server (DESIGN §1: an area is one folder): what a business area needs beyond its
 * definitions — API calls, flow service nodes, hooks, demo data — lives in `src/areas/<area>/server/index.ts`,
 * which exports an {@link AreaServer}. They are found by reading `src/areas/` at start, so that no generic file
 * names an area: adding an area's code needs a server restart, nothing else.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './db/types.js';
import type { Dialect } from './db/index.js';
import type { ServerContext } from './lib/context.js';

/** What the demo seeding (src/server/db/seed) gives an area's `seed`: the department ids by key and the seeding time (epoch ms). */
export interface AreaSeedContext {
  deptIds: Map<string, number>;
  at: number;
}

/** What an area's demo content seed is given: the server's context (database, dialect) and the seeding time (epoch ms). */
export interface AreaContentContext {
  ctx: ServerContext;
  at: number;
}

/** What an area's background task is given: the database and the data directory (files, indexes). */
export interface AreaTaskContext {
  db: Kysely<DB>;
  dialect: Dialect;
  dataDir: string;
}

/** A task the server runs every `everyMs` milliseconds in every process (e.g. catching up an index); failures are logged. */
export interface AreaTask {
  /** What the log says when a run fails. */
  name: string;
  everyMs: number;
  run(ctx: AreaTaskContext): Promise<void>;
}

/** The server side of one area; every member is optional. */
export interface AreaServer {
  /** Registers the area's API calls (src/server/lib/route.ts `call`), flow service nodes and hooks on `app`. */
  register?(app: FastifyInstance): void | Promise<void>;
  /** Inserts the area's demo data inside the seeding transaction (after departments, roles and menus). */
  seed?(trx: Transaction<DB>, ctx: AreaSeedContext): Promise<void>;
  /**
   * Adds the area's demo business content once the server is built (its flow services registered), at the first
   * start of the demo organisation only (src/server/db/seed/content.ts): records through the entity services, flows
   * through the runtime. Declarative areas put theirs in `schemas/<area>/demo/*.json` instead.
   */
  seedContent?(c: AreaContentContext): Promise<void>;
  /** Periodic work of the area, started once the server listens (src/server/start.ts). */
  tasks?: AreaTask[];
}

/** The folder holding the areas (src/areas). */
const AREAS_DIR = fileURLToPath(new URL('../areas/', import.meta.url));

/** The entry files of the areas' server modules, by area name, sorted by name (a stable registration order). */
export function areaServerEntries(dir = AREAS_DIR): Array<{ area: string; file: string }> {
  if (!existsSync(dir)) return [];
  const out: Array<{ area: string; file: string }> = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    const file = ['index.ts', 'index.js'].map((f) => join(dir, d.name, 'server', f)).find((f) => existsSync(f));
    if (file) out.push({ area: d.name, file });
  }
  return out.sort((a, b) => a.area.localeCompare(b.area));
}

let loaded: Promise<Array<{ area: string; module: AreaServer }>> | null = null;

/**
 * The server modules of every area, imported once.
 * @throws Error naming the area when its module fails to load.
 */
export function areaServers(): Promise<Array<{ area: string; module: AreaServer }>> {
  loaded ??= Promise.all(
    areaServerEntries().map(async ({ area, file }) => {
      try {
        const mod = (await import(pathToFileURL(file).href)) as { default?: AreaServer } & AreaServer;
        return { area, module: mod.default ?? mod };
      } catch (e) {
        throw new Error(`area "${area}": its server module (${file}) failed to load: ${(e as Error).message}`, { cause: e });
      }
    }),
  );
  return loaded;
}
