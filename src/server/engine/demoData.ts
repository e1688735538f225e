/**
 * Demo business content of an area (README "Demo accounts"; engine/schema/FORMATS.md "Demo content"): records
 * written as the demo people would write them, through the generic entity service (validation, owner department,
 * audit) and, for records under a flow, started and advanced by the approval runtime (tasks, events, reminders
 * exactly as the app writes them). The records of a file are inserted in ONE transaction (flows started there too);
 * each later flow step is one runtime action, as when a person acts.
 *
 * A demo file (`schemas/<area>/demo/*.json`, or the same shape built in an area's TypeScript seed):
 * `{entity, records: [{as, data, flow?}]}` — `as` the user name of the author, `data` the record's fields, where
 * `{"$user": "lina"}`, `{"$dept": "市政府办公室/秘书科"}` (names from below the root unit) and `{"$date": -3}`
 * (the organisation's calendar date that many days from seeding) stand for ids and dates, alone or in arrays;
 * `flow` = `{id, draft?, opinion?, steps?: [{as, type, opinion?, data?, target?}]}` (engine/schema/FORMATS.md "Demo content").
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { orgDate } from '../services/orgZone.js';
import { flowRuntime, type FlowCaller } from './flow/runtime.js';
import { flowEntity, recordData, recordTitle } from './flow/records.js';
import { schemaDirs } from './definitions.js';
import { EntityService, type Caller, type PreparedAdd } from './service.js';
import type { ServerContext } from '../lib/context.js';

/** One step of a demo flow: `as` acts `type` (approve, return…) with `opinion`, the fields `data` and, to return, `target`. */
export interface DemoStep {
  as: string;
  type: string;
  opinion?: string;
  data?: Record<string, unknown>;
  target?: string;
}

/** One demo record: its author's user name, its fields (with placeholders) and its flow. */
export interface DemoRecord {
  as: string;
  data: Record<string, unknown>;
  flow?: { id: string; draft?: boolean; opinion?: string; steps?: DemoStep[] };
}

/** A demo file: the entity its records belong to and the records. */
export interface DemoFile {
  entity: string;
  records: DemoRecord[];
}

/** What one seeded record became: its id and its flow instance (when it has a flow). */
export interface SeededRecord {
  recordId: number;
  flowId: number | null;
}

/** The demo files of `area` in the definition folders (`<dir>/<area>/demo/*.json`), by file name. */
export function demoFiles(area: string, dirs: string[] = schemaDirs()): Array<{ path: string; file: DemoFile }> {
  const out: Array<{ path: string; file: DemoFile }> = [];
  for (const d of dirs) {
    const dir = path.resolve(d, area, 'demo');
    if (!fs.existsSync(dir)) continue;
    for (const name of fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const p = path.join(dir, name);
      out.push({ path: p, file: JSON.parse(fs.readFileSync(p, 'utf8')) as DemoFile });
    }
  }
  return out;
}

/** The areas that have a demo folder in the definition folders. */
export function areasWithDemo(dirs: string[] = schemaDirs()): string[] {
  const out = new Set<string>();
  for (const d of dirs) {
    if (!fs.existsSync(d)) continue;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) if (e.isDirectory() && fs.existsSync(path.join(d, e.name, 'demo'))) out.add(e.name);
  }
  return [...out].sort();
}

/** Resolves the placeholders of demo records against the organisation: people, departments, dates. */
export class DemoResolver {
  private constructor(
    private readonly users: Map<string, { id: number; deptId: number | null }>,
    private readonly depts: Map<string, number>,
    private readonly dates: (days: number) => Promise<string>,
  ) {}

  /** Reads the people and the department paths of `db`; dates count from `at` (epoch ms) in the organisation's zone. */
  static async load(db: Kysely<DB>, at: number): Promise<DemoResolver> {
    const users = await db.selectFrom('users').select(['id', 'username', 'current_dept_id']).execute();
    const depts = await db.selectFrom('departments').select(['id', 'parent_id', 'name']).execute();
    const byId = new Map(depts.map((d) => [d.id, d]));
    const paths = new Map<string, number>();
    for (const d of depts) {
      const names: string[] = [];
      for (let x: (typeof depts)[number] | undefined = d; x && x.parent_id !== null; x = byId.get(x.parent_id)) names.unshift(x.name);
      if (names.length) paths.set(names.join('/'), d.id);
    }
    return new DemoResolver(new Map(users.map((u) => [u.username, { id: u.id, deptId: u.current_dept_id }])), paths, (days) =>
      orgDate(db, at + days * 86_400_000),
    );
  }

  /** The id and current department of user `name`. @throws Error naming an unknown user. */
  user(name: string): { id: number; deptId: number | null } {
    const u = this.users.get(name);
    if (!u) throw new Error(`demo content: unknown user "${name}"`);
    return u;
  }

  /** `v` with its placeholders replaced (see the module comment). @throws Error naming an unknown user or department. */
  async value(v: unknown): Promise<unknown> {
    if (Array.isArray(v)) return Promise.all(v.map((x) => this.value(x)));
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    if (typeof o.$user === 'string') return this.user(o.$user).id;
    if (typeof o.$dept === 'string') {
      const id = this.depts.get(o.$dept);
      if (id === undefined) throw new Error(`demo content: unknown department "${o.$dept}"`);
      return id;
    }
    if (typeof o.$date === 'number') return this.dates(o.$date);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = await this.value(x);
    return out;
  }

  /** The fields `data` resolved. */
  async fields(data: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return (await this.value(data)) as Record<string, unknown>;
  }
}

/**
 * Inserts the records of `file` (one transaction; the flows of records are started there as drafts or submitted),
 * then runs each flow's steps through the runtime. Answers the records in file order.
 * @throws Error naming the entity, a record's author or the step refused (a demo file that no longer fits its area).
 */
export async function seedDemoFile(ctx: ServerContext, file: DemoFile, at = now()): Promise<SeededRecord[]> {
  const def = flowEntity(file.entity);
  if (!def) throw new Error(`demo content: unknown entity ${file.entity}`);
  const { db, dialect } = ctx;
  const service = new EntityService(def, db, dialect);
  const resolve = await DemoResolver.load(db, at);
  const runtime = flowRuntime(db, dialect, ctx);
  const callerOf = (name: string): Caller & FlowCaller => {
    const u = resolve.user(name);
    return { userId: u.id, username: name, deptId: u.deptId, ip: '127.0.0.1', locale: 'zh-CN' };
  };
  const prepared: Array<{ rec: DemoRecord; c: Caller & FlowCaller; p: PreparedAdd; flow: Awaited<ReturnType<typeof runtime.flowToStart>> | null }> = [];
  for (const [i, rec] of file.records.entries()) {
    const c = callerOf(rec.as);
    const p = await service.prepareAdd(c, await resolve.fields(rec.data)).catch((e: Error) => {
      throw new Error(`demo content ${file.entity} #${i + 1}: ${e.message}`, { cause: e });
    });
    prepared.push({ rec, c, p, flow: rec.flow ? await runtime.flowToStart(c, rec.flow.id) : null });
  }
  const seeded = await db.transaction().execute(async (trx) => {
    const out: Array<{ recordId: number; flowId: number | null; notified: number[] }> = [];
    for (const { rec, c, p, flow } of prepared) {
      const record = await service.insertPrepared(trx, c, p);
      const recordId = Number(record.id);
      if (!flow || !rec.flow) {
        out.push({ recordId, flowId: null, notified: [] });
        continue;
      }
      const input = {
        defId: rec.flow.id,
        title: recordTitle(def, record),
        data: recordData(def, record),
        entity: def.id,
        recordId,
        draft: rec.flow.draft === true,
        opinion: rec.flow.opinion,
      };
      const started = await runtime.startIn(trx, c, input, flow);
      out.push({ recordId, flowId: started.id, notified: started.notified });
    }
    return out;
  });
  for (const [i, s] of seeded.entries()) {
    await runtime.notify(s.notified);
    for (const step of file.records[i].flow?.steps ?? []) {
      const action = {
        type: step.type,
        opinion: step.opinion,
        ...(step.target ? { target: step.target } : {}),
        ...(step.data ? { data: await resolve.fields(step.data) } : {}),
      };
      await runtime.act(callerOf(step.as), s.flowId!, action as Parameters<typeof runtime.act>[2]).catch((e: Error) => {
        throw new Error(`demo content ${file.entity} #${i + 1}: ${step.as} ${step.type}: ${e.message}`, { cause: e });
      });
    }
  }
  return seeded.map(({ recordId, flowId }) => ({ recordId, flowId }));
}
