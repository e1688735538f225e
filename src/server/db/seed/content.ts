/**
 * The demo organisation's business content (README "What the demo shows"): so that `demo` sees a living office,
 * every area with demo content adds it at the first start of the demo organisation — the declarative areas
 * from `schemas/<area>/demo/*.json` (engine/demoData.ts), the areas with code through their `seedContent`
 * (src/server/areas.ts). It runs once the server is built (flow service nodes registered) and before it listens.
 *
 * Never twice and never over content: an area is skipped when its marker setting `demo.content.<area>` exists or
 * its entity tables already hold records; the marker is written when the area's content is in. The API test
 * harness does not call it (tests keep their counts) unless a test asks (tests/api/demo-content.test.ts).
 */
import { sql } from 'kysely';
import type { ServerContext } from '../../lib/context.js';
import { now } from '../../lib/clock.js';
import { areaServers } from '../../areas.js';
import { areasWithDemo, demoFiles, seedDemoFile } from '../../engine/demoData.js';
import { flowEntity } from '../../engine/flow/records.js';
import { deriveTable } from '../../engine/table.js';

/** The setting marking that the demo content of `area` was added. */
export function contentMarker(area: string): string {
  return `demo.content.${area}`;
}

/** Whether table `table` has any row. */
async function hasRows(ctx: ServerContext, table: string): Promise<boolean> {
  const r = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} limit 1`.execute(ctx.db);
  return r.rows.length > 0;
}

/**
 * Adds the demo content of every area that has some (see the module comment) when the demo organisation is
 * there (setting `demo.seeded_at`); answers the areas seeded, in order. Dates count from `at` (epoch ms).
 * @throws Error naming the area and the record or step that failed.
 */
export async function seedDemoContent(ctx: ServerContext, at = now()): Promise<string[]> {
  const { db } = ctx;
  const org = await db.selectFrom('settings').select('value').where('key', '=', 'demo.seeded_at').executeTakeFirst();
  if (!org) return [];
  const marked = new Set((await db.selectFrom('settings').select('key').where('key', 'like', 'demo.content.%').execute()).map((r) => r.key));
  const done: string[] = [];
  const mark = async (area: string) => {
    await db
      .insertInto('settings')
      .values({ key: contentMarker(area), value: String(at) })
      .execute();
    done.push(area);
  };
  for (const area of areasWithDemo()) {
    if (marked.has(contentMarker(area))) continue;
    const files = demoFiles(area);
    const tables = files.map(({ file }) => flowEntity(file.entity)).map((d) => (d ? deriveTable(d).table : null));
    if (tables.some((t) => t === null)) throw new Error(`demo content of ${area}: unknown entity in ${files.map((f) => f.path).join(', ')}`);
    let filled = false;
    for (const t of tables) if (await hasRows(ctx, t!)) filled = true;
    if (filled) continue;
    for (const { path, file } of files) {
      await seedDemoFile(ctx, file, at).catch((e: Error) => {
        throw new Error(`${path}: ${e.message}`, { cause: e });
      });
    }
    await mark(area);
  }
  for (const { area, module } of await areaServers()) {
    if (!module.seedContent || marked.has(contentMarker(area))) continue;
    await module.seedContent({ ctx, at });
    await mark(area);
  }
  return done;
}
