/**
 * The `list` scenarios: the generic entity list of 20 rows from a 1,000,000-row table with data
 * scope and total. `fillReceptions` fills biz_reception straight in the SQLite file of a migrated,
 * seeded but stopped app (better-sqlite3, one transaction, one prepared insert); `explainList` prints
 * SQLite's plan of the two statements the list runs (page and count, see src/server/engine/repository.ts).
 */
import path from 'node:path';
import Database from 'better-sqlite3';

export const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
/** Share of the rows in demo's current department (the rest spread over the other departments). */
const DEMO_SHARE = 0.01;
/** The keyword of the keyword variant: one guest unit in eight matches it. */
export const LIST_KEYWORD = '发展改革';

const UNITS = ['省发展改革委', '省财政厅', '市教育局', '市卫生健康委', '区人民政府', '县人民政府', '兄弟市政府办', '省统计局'];
const PLACES = ['市政府第一会议室', '迎宾馆', '市民中心', '高新区管委会', '机关食堂'];
const STATUS = ['planned', 'ongoing', 'done', 'cancelled'];

/** The scoped totals the filled table answers for demo. */
export interface FillInfo {
  deptId: number;
  inDept: number;
  keywordInDept: number;
  /** Rows per second of the inserts alone, and seconds of building the secondary indexes again. */
  rowsPerSecond: number;
  indexSeconds: number;
}

/** Fills biz_reception of `<dataDir>/oa.sqlite` with LIST_ROWS rows; the app must have migrated it and be stopped. */
export function fillReceptions(dataDir: string): FillInfo {
  const db = new Database(path.join(dataDir, 'oa.sqlite'));
  try {
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    const demo = db.prepare(`select id, current_dept_id as dept from users where username = 'demo'`).get() as { id: number; dept: number };
    const depts = db.prepare(`select id, parent_id as parent, kind from departments`).all() as { id: number; parent: number | null; kind: string }[];
    const byId = new Map(depts.map((d) => [d.id, d]));
    const unitOf = (id: number): number | null => {
      for (let d = byId.get(id), hops = 0; d && hops < 64; d = d.parent == null ? undefined : byId.get(d.parent), hops++) if (d.kind === 'unit') return d.id;
      return null;
    };
    const members = new Map<number, number[]>();
    for (const m of db.prepare(`select user_id as u, dept_id as d from user_departments`).all() as { u: number; d: number }[]) {
      members.set(m.d, [...(members.get(m.d) ?? []), m.u]);
    }
    const units = new Map(depts.map((d) => [d.id, unitOf(d.id)]));
    const others = depts.map((d) => d.id).filter((id) => id !== demo.dept);
    const insert = db.prepare(
      `insert into biz_reception (version, created_by, created_at, updated_by, updated_at, owner_dept_id, owner_unit_id,
         title, guestUnit, guestNames, people, visitDate, leaveDate, days, place, dept, contact, companions, arrangement, cost, status, remark)
       values (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    let seed = 20261122;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const base = Date.UTC(2020, 0, 1);
    const dates = Array.from({ length: 2410 }, (_, d) => new Date(base + d * 86_400_000).toISOString().slice(0, 10));
    // Secondary indexes are dropped during the fill and built again after it (a sort instead of random inserts).
    const indexes = db.prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = 'biz_reception' and sql is not null`).all() as {
      name: string;
      sql: string;
    }[];
    for (const ix of indexes) db.exec(`drop index "${ix.name}"`);
    let inDept = 0;
    let keywordInDept = 0;
    const t0 = performance.now();
    let rowsPerSecond = 0;
    db.transaction(() => {
      for (let i = 0; i < LIST_ROWS; i++) {
        const dept = rnd(10_000) < DEMO_SHARE * 10_000 ? demo.dept : others[rnd(others.length)];
        const people = members.get(dept) ?? [demo.id];
        const user = people[rnd(people.length)];
        const unit = UNITS[rnd(UNITS.length)];
        if (dept === demo.dept) {
          inDept++;
          if (unit.includes(LIST_KEYWORD)) keywordInDept++;
        }
        const day = rnd(2400);
        const days = 1 + rnd(3);
        const at = base + day * 86_400_000 + rnd(86_400_000);
        insert.run(
          user,
          at,
          user,
          at,
          dept,
          units.get(dept),
          `${unit}来访考察第${i + 1}批`,
          unit,
          '张三、李四',
          2 + rnd(20),
          dates[day],
          dates[day + days - 1],
          days,
          PLACES[rnd(PLACES.length)],
          dept,
          user,
          JSON.stringify([user]),
          '住宿迎宾馆，午餐机关食堂，参观市民中心',
          rnd(2_000_000) / 100,
          STATUS[rnd(STATUS.length)],
          null,
        );
      }
      rowsPerSecond = LIST_ROWS / ((performance.now() - t0) / 1000);
      for (const ix of indexes) db.exec(ix.sql);
    })();
    const indexSeconds = (performance.now() - t0) / 1000 - LIST_ROWS / rowsPerSecond;
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('analyze');
    return { deptId: demo.dept, inDept, keywordInDept, rowsPerSecond, indexSeconds };
  } finally {
    db.close();
  }
}

/** The SQL of the list (as Kysely writes it in repository.ts listRows) with its SQLite query plan. */
export function explainList(dataDir: string, deptId: number): string[] {
  const db = new Database(path.join(dataDir, 'oa.sqlite'), { readonly: true });
  const kw = `("title" like ? or "guestUnit" like ? or "guestNames" like ?)`;
  const like = `%${LIST_KEYWORD}%`;
  const statements: [string, unknown[]][] = [
    [`select * from "biz_reception" where "owner_dept_id" = ? order by "id" desc limit ? offset ?`, [deptId, 20, 0]],
    [`select count(*) as "n" from "biz_reception" where "owner_dept_id" = ?`, [deptId]],
    [`select * from "biz_reception" where ("owner_dept_id" = ? and ${kw}) order by "id" desc limit ? offset ?`, [deptId, like, like, like, 20, 0]],
    [`select count(*) as "n" from "biz_reception" where ("owner_dept_id" = ? and ${kw})`, [deptId, like, like, like]],
  ];
  const out: string[] = [];
  try {
    for (const [sql, args] of statements) {
      const plan = db.prepare(`explain query plan ${sql}`).all(...args) as { detail: string }[];
      const stmt = db.prepare(sql);
      const n = 50;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) stmt.all(...args);
      const ms = (performance.now() - t0) / n;
      out.push(`  ${sql}\n    plan: ${plan.map((p) => p.detail).join(' | ')}\n    in-process better-sqlite3: ${ms.toFixed(3)} ms/statement`);
    }
  } finally {
    db.close();
  }
  return out;
}
