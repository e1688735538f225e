/**
 * Versioned flow definitions (DESIGN §5): every published version is a row of `flow_versions`
 * (immutable once written); an instance pins `(def_id, version)`. The base of a flow is its file in
 * `schemas/<area>/flows/` (definitions.ts loadFlows): when the file's content differs from the newest base
 * version, a new version is written the first time the flow is used — several processes may race, the
 * unique key (def_id, version) keeps one — unless a designer's version is the newest (it stays in force).
 * `publishFlow` writes a designer's version (Flowset/saveJson, save, set).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FlowDef } from '../../../../engine/flow/index.js';
import { validateFlow } from '../../../../engine/flow/index.js';
import type { DB } from '../../db/types.js';
import { now } from '../../lib/clock.js';
import { loadFlows } from '../definitions.js';
import { invalidate, registerCache } from '../../services/cacheBus.js';

/** A pinned version of a flow. */
export interface FlowVersion {
  defId: string;
  version: number;
  def: FlowDef;
}

/** Immutable versions read so far (`def_id@version` → definition), per database. */
const pinned = new WeakMap<object, Map<string, FlowDef>>();
/** Per database: base flows whose newest version was checked against the file in this process (id → version). */
const checked = new WeakMap<object, Map<string, { hash: string; version: number }>>();

/** JSON and hash of each base definition object (loadFlows keeps the objects). */
const baseHashes = new WeakMap<FlowDef, { json: string; hash: string }>();
const hashOf = (json: string) => createHash('sha256').update(json).digest('hex');
function mapOf<V>(wm: WeakMap<object, Map<string, V>>, db: object): Map<string, V> {
  let m = wm.get(db);
  if (!m) wm.set(db, (m = new Map()));
  return m;
}

/** The definition of `defId` at `version`; undefined when no such version was published. */
export async function flowVersion(db: Kysely<DB>, defId: string, version: number): Promise<FlowDef | undefined> {
  const cache = mapOf(pinned, db);
  const key = `${defId}@${version}`;
  let def = cache.get(key);
  if (!def) {
    const row = await db.selectFrom('flow_versions').select('definition').where('def_id', '=', defId).where('version', '=', version).executeTakeFirst();
    if (!row) return undefined;
    def = JSON.parse(row.definition) as FlowDef;
    cache.set(key, def);
  }
  return def;
}

/**
 * The newest published version of `defId`, first publishing the base file as a new version when it changed
 * (or was never published). Undefined when neither a file nor a published version exists.
 */
export async function currentFlow(db: Kysely<DB>, defId: string): Promise<FlowVersion | undefined> {
  const base = loadFlows().get(defId);
  if (base) {
    let h = baseHashes.get(base);
    if (!h) {
      const json = JSON.stringify(base);
      h = { json, hash: hashOf(json) };
      baseHashes.set(base, h);
    }
    if (mapOf(checked, db).get(defId)?.hash !== h.hash) await publishBase(db, defId, h.json, h.hash);
  }
  // The newest version (a designer may have published one meanwhile, in any process); its body is cached.
  const row = await db.selectFrom('flow_versions').select(['version']).where('def_id', '=', defId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  if (!row) return undefined;
  const def = (await flowVersion(db, defId, row.version))!;
  return { defId, version: row.version, def };
}

async function publishBase(db: Kysely<DB>, defId: string, json: string, hash: string): Promise<void> {
  const seen = mapOf(checked, db);
  const latestBase = await db
    .selectFrom('flow_versions')
    .select(['version', 'hash'])
    .where('def_id', '=', defId)
    .where('source', '=', 'base')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latestBase?.hash === hash) {
    seen.set(defId, { hash, version: latestBase.version });
    return;
  }
  // A designer's version newer than the base stays in force: a changed file does not silently replace it
  // (the designer lists the conflict).
  const newest = await db
    .selectFrom('flow_versions')
    .select(['version', 'source'])
    .where('def_id', '=', defId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest?.source === 'designer') {
    seen.set(defId, { hash, version: newest.version });
    return;
  }
  const problems = validateFlow(JSON.parse(json) as FlowDef);
  if (problems.length) throw new Error(`flow ${defId}: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
  for (let attempt = 0; attempt < 3; attempt++) {
    const max = await db
      .selectFrom('flow_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('def_id', '=', defId)
      .executeTakeFirst();
    const version = Number(max?.v ?? 0) + 1;
    try {
      await db
        .insertInto('flow_versions')
        .values({ def_id: defId, version, definition: json, hash, source: 'base', author_id: null, comment: null, created_at: now() })
        .execute();
      seen.set(defId, { hash, version });
      return;
    } catch (e) {
      // Another process published the same moment: read again.
      const again = await db
        .selectFrom('flow_versions')
        .select(['version', 'hash'])
        .where('def_id', '=', defId)
        .where('source', '=', 'base')
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (again?.hash === hash) {
        seen.set(defId, { hash, version: again.version });
        return;
      }
      if (attempt === 2) throw e;
    }
  }
}

/** Every flow id: the base files and the published versions. */
export async function flowIds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('flow_versions').select('def_id').distinct().execute();
  return [...new Set([...loadFlows().keys(), ...rows.map((r) => r.def_id)])].sort();
}

/**
 * Publishes `def` as the next version of `def.id` (source 'designer', by `authorId`, with `comment`);
 * answers the version. Throws Error listing validateFlow's problems when the definition is not valid
 * (callers check first to answer -1).
 */
export async function publishFlow(db: Kysely<DB>, def: FlowDef, authorId: number, comment: string | null): Promise<number> {
  const problems = validateFlow(def);
  if (problems.length) throw new Error(problems.map((p) => `${p.path} ${p.message}`).join('; '));
  const json = JSON.stringify(def);
  const version = await db.transaction().execute(async (trx) => {
    const max = await trx
      .selectFrom('flow_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('def_id', '=', def.id)
      .executeTakeFirst();
    const version = Number(max?.v ?? 0) + 1;
    await trx
      .insertInto('flow_versions')
      .values({ def_id: def.id, version, definition: json, hash: hashOf(json), source: 'designer', author_id: authorId, comment, created_at: now() })
      .execute();
    return version;
  });
  forgetRecentFlow(db, def.id);
  return version;
}

/** Forgets the remembered titles of flow `defId` (recentFlow) in every process: call after publishing a version. */
export function forgetRecentFlow(db: Kysely<DB>, defId: string): void {
  invalidate(db, 'flows', defId);
}

/** How long the work lists may name flows from an earlier look-up (ms): titles only, never what runs. */
export const FLOW_TITLE_TTL_MS = 10_000;
const recent = new WeakMap<object, Map<string, { at: number; flow: FlowVersion | undefined }>>();
registerCache('flows', (db, defId) => (defId === undefined ? recent.delete(db) : recent.get(db)?.delete(defId)));

/**
 * currentFlow, remembered for FLOW_TITLE_TTL_MS per database and flow: for naming flows and steps in the
 * work lists (a version published meanwhile shows its titles within seconds). Never for running a flow.
 */
export async function recentFlow(db: Kysely<DB>, defId: string, at = now()): Promise<FlowVersion | undefined> {
  const m = mapOf(recent, db);
  const hit = m.get(defId);
  if (hit && at - hit.at < FLOW_TITLE_TTL_MS) return hit.flow;
  const flow = await currentFlow(db, defId);
  if (m.size > 1000) m.clear();
  m.set(defId, { at, flow });
  return flow;
}
