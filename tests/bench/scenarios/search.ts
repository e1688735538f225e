/**
 * The `search` scenario ("full-text search over them p95 ≤ 300 ms"): document/search over HTTP against
 * SEARCH_ROWS (default 1,000,000) official documents.
 *
 * The app is started once (migrations, seed) and stopped; then, straight into its SQLite file (better-sqlite3, one
 * transaction): SEARCH_ROWS records of biz_doc_send (70 %) and biz_doc_receive (30 %) with their doc_search rows
 * (words: jieba cutForSearch of realistic 公文 titles, 发文字号 and 正文 phrases, segmented once per phrase; row ids
 * created_at × ROW_ID_SLOTS as the indexer gives them; the FTS5 index filled by the migration's triggers), a flow instance with two tasks each (flow_tasks), and
 * distributions (doc_receipts) of 15 % of the 发文 to one to three units. 张伟 (clearance 1, staff, no supervision)
 * drafted 0.1 % and holds a task in 0.2 %; his unit receives its share of distributions: a realistic, narrow
 * visibility. 周明远 (demo, clearance 3, flow:supervise) sees everything. The filled file is cached
 * (../cache.ts) under a key of the fill's code, its vocabulary and SEARCH_ROWS.
 *
 * Measured: the wall-clock latency of each request, one in flight, over a mix of queries (a topic word, two
 * words, a rare phrase, a 发文字号, the very common 通知, filters with and without a keyword, page 2); p50 / p95 /
 * max per user and overall against the target p95 ≤ 300 ms. Figures only, no assertion.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { encryptPassword } from '../../../src/shared/passwordTransport.js';
import { indexWords } from '../../../src/areas/document/server/search/segment.js';
import { ROW_ID_SLOTS } from '../../../src/areas/document/server/search/index.js';
import { restoreFill, storeFill } from '../cache.js';
import { request, startServer, type Server } from '../lib.js';

export const SEARCH_ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 300);
const TARGET_MS = 300;
const PORT = 18371;

const TOPICS = [
  '安全生产',
  '防汛抗旱',
  '森林防火',
  '疫情防控',
  '营商环境',
  '乡村振兴',
  '生态环境保护',
  '大气污染防治',
  '河长制',
  '耕地保护',
  '粮食安全',
  '食品安全',
  '消防安全',
  '道路交通安全',
  '城市供暖',
  '燃气安全',
  '校园安全',
  '政务公开',
  '信访工作',
  '档案管理',
  '财政预算',
  '国有资产',
  '审计整改',
  '招商引资',
  '项目建设',
  '重大项目',
  '民生实事',
  '就业创业',
  '社会保障',
  '养老服务',
  '医疗保障',
  '义务教育',
  '职业教育',
  '科技创新',
  '数字政府',
  '网络安全',
  '保密工作',
  '机关事务',
  '公务用车',
  '节能减排',
  '垃圾分类',
  '爱国卫生',
  '文明城市',
  '安全检查',
  '应急管理',
  '地质灾害',
  '冬季供暖',
  '春运',
  '元旦春节',
  '国庆节',
];
const ACTIONS = ['做好', '加强', '开展', '进一步做好', '切实加强', '印发', '组织开展', '深入推进', '全面落实', '调整'];
const SUFFIXES = ['工作', '专项检查', '实施方案', '工作方案', '有关事项', '专项行动', '督查', '考核办法', '管理办法', '宣传月活动'];
const KINDS: [string, string][] = [
  ['通知', '8'],
  ['通知', '8'],
  ['通知', '8'],
  ['意见', '7'],
  ['报告', '10'],
  ['请示', '11'],
  ['批复', '12'],
  ['函', '14'],
  ['通报', '9'],
  ['纪要', '15'],
];
const BODY = [
  '各区县人民政府，市政府各委办局',
  '为深入贯彻落实党中央、国务院决策部署',
  '经市政府同意，现将有关事项通知如下',
  '一、提高思想认识，加强组织领导',
  '二、突出工作重点，狠抓责任落实',
  '三、强化督促检查，确保取得实效',
  '各单位要高度重视，主要负责同志亲自抓',
  '要建立健全工作机制，明确责任分工',
  '切实做好风险隐患排查整治',
  '严格落实值班值守和信息报送制度',
  '加强宣传引导，营造良好社会氛围',
  '请于每月底前将工作进展情况报市政府办公室',
  '对工作不力、造成严重后果的，依法依规严肃追责问责',
  '统筹发展和安全，守牢安全底线',
  '坚持问题导向和目标导向相结合',
  '加大资金投入，强化要素保障',
  '建立工作台账，实行清单化管理',
  '联系人及电话请报文电科',
  '本通知自印发之日起施行',
  '特此通知',
  '妥否，请批示',
  '请予审批',
  '深化放管服改革，持续优化服务',
  '推进城乡基础设施建设',
  '保障人民群众生命财产安全',
  '扎实推进共同富裕',
  '加快建设现代化产业体系',
  '危险化学品仓储企业',
  '人员密集场所和高层建筑',
  '重点时段和关键环节',
  '燃气管道老化更新改造',
  '农村饮水安全工程',
];
const ORGS = ['京政办发', '京政发', '京政函', '京财预', '京教发', '京发改', '京应急发', '京卫发'];

/** What the fill reports and the bench queries with. */
interface SearchFill {
  rows: number;
  seconds: number;
  zhangweiDrafts: number;
  zhangweiTasks: number;
  zhangweiUnitReceipts: number;
  sampleNumber: string;
  dbBytes: number;
}

/** Fills the tables of the module comment in `<dataDir>/oa.sqlite` (migrated, seeded, app stopped). */
function fillSearch(dataDir: string): SearchFill {
  const file = path.join(dataDir, 'oa.sqlite');
  const db = new Database(file);
  const t0 = performance.now();
  try {
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -524288');
    const users = db.prepare(`select id, username from users where status = 1`).all() as { id: number; username: string }[];
    const zhangwei = users.find((u) => u.username === 'zhangwei')!.id;
    const others = users.map((u) => u.id).filter((id) => id !== zhangwei);
    const depts = db.prepare(`select id, parent_id as parent, kind from departments`).all() as { id: number; parent: number | null; kind: string }[];
    const units = depts.filter((d) => d.kind === 'unit').map((d) => d.id);
    const byId = new Map(depts.map((d) => [d.id, d]));
    const unitOf = (id: number): number => {
      for (let d = byId.get(id), hops = 0; d && hops < 64; d = d.parent == null ? undefined : byId.get(d.parent), hops++) if (d.kind === 'unit') return d.id;
      return units[0];
    };
    const zDept = (db.prepare(`select dept_id as d from user_departments where user_id = ?`).get(zhangwei) as { d: number }).d;
    const zUnit = unitOf(zDept);
    let seed = 20261125;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const segs = new Map<string, string>();
    const seg = (s: string) => {
      let w = segs.get(s);
      if (w === undefined) segs.set(s, (w = indexWords(s)));
      return w;
    };
    const send = db.prepare(
      `insert into biz_doc_send (id, version, created_by, created_at, updated_by, updated_at, owner_dept_id, owner_unit_id, title, docType, secretLevel, urgency, docNumber, flowStatus, flowId)
       values (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, '0', ?, 'finished', ?)`,
    );
    const receive = db.prepare(
      `insert into biz_doc_receive (id, version, created_by, created_at, updated_by, updated_at, owner_dept_id, owner_unit_id, title, docType, secretLevel, urgency, fromNumber, flowStatus, flowId)
       values (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, '0', ?, 'finished', ?)`,
    );
    const search = db.prepare(
      `insert into doc_search (id, entity, record_id, flow_id, title, doc_number, year, unit_id, owner_unit_id, doc_type, secret_level, created_by, created_at, content, words, indexed_version, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
    );
    const instance = db.prepare(
      `insert into flow_instances (id, def_id, def_version, entity, record_id, title, initiator_id, initiator_dept_id, status, state, version, created_at, started_at, ended_at, updated_at)
       values (?, ?, 1, ?, ?, ?, ?, ?, 'finished', '{}', 1, ?, ?, ?, ?)`,
    );
    const task = db.prepare(
      `insert into flow_tasks (id, instance_id, node_id, node_run_id, kind, assignee_id, status, result, title, def_id, initiator_id, created_at, acted_at)
       values (?, ?, ?, ?, 'approve', ?, 'done', 'approve', ?, ?, ?, ?, ?)`,
    );
    const receipt = db.prepare(
      `insert or ignore into doc_receipts (send_id, flow_id, unit_id, role, status, title, doc_number, from_unit_id, secret_level, urgency, sent_by, sent_at)
       values (?, ?, ?, 'main', 'signed', ?, ?, ?, ?, '0', ?, ?)`,
    );
    const base = Date.UTC(2020, 0, 1);
    const span = Date.UTC(2026, 10, 1) - base;
    let sendId = 0;
    let receiveId = 0;
    let zhangweiDrafts = 0;
    let zhangweiTasks = 0;
    let zhangweiUnitReceipts = 0;
    let sampleNumber = '';
    const seqs = new Map<string, number>();
    // Secondary indexes of the big tables are dropped during the fill and built again after it (a sort instead of
    // random inserts); unique ones stay.
    const indexes = db
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and tbl_name in ('doc_search', 'flow_tasks', 'flow_instances', 'biz_doc_send', 'biz_doc_receive') and sql is not null and sql not like 'create unique%'`,
      )
      .all() as { name: string; sql: string }[];
    for (const ix of indexes) db.exec(`drop index "${ix.name}"`);
    db.transaction(() => {
      for (let i = 1; i <= SEARCH_ROWS; i++) {
        const at = base + Math.floor((span * i) / SEARCH_ROWS);
        const year = new Date(at + 8 * 3_600_000).getUTCFullYear();
        const isSend = rnd(10) < 7;
        const topic = TOPICS[rnd(TOPICS.length)];
        const [kind, docType] = KINDS[rnd(KINDS.length)];
        const title = `关于${ACTIONS[rnd(ACTIONS.length)]}${topic}${SUFFIXES[rnd(SUFFIXES.length)]}的${kind}`;
        const org = ORGS[rnd(ORGS.length)];
        const seqKey = `${org}${year}`;
        const seq = (seqs.get(seqKey) ?? 0) + 1;
        seqs.set(seqKey, seq);
        const number = `${org}〔${year}〕${seq}号`;
        if (i === Math.floor(SEARCH_ROWS / 2)) sampleNumber = number;
        const lines: string[] = [];
        for (let k = 6 + rnd(5); k > 0; k--) lines.push(BODY[rnd(BODY.length)]);
        lines.splice(1 + rnd(lines.length - 1), 0, `切实抓好${topic}各项工作`);
        const r = rnd(1000);
        const secret = r < 900 ? '0' : r < 960 ? '1' : r < 990 ? '2' : '3';
        const mine = rnd(1000) === 0;
        const creator = mine ? zhangwei : others[rnd(others.length)];
        if (mine) zhangweiDrafts++;
        const ownerUnit = isSend ? units[rnd(units.length)] : units[rnd(units.length)];
        const issuer = isSend ? ownerUnit : units[rnd(units.length)];
        const recordId = isSend ? ++sendId : ++receiveId;
        (isSend ? send : receive).run(recordId, creator, at, creator, at, null, ownerUnit, title, docType, secret, number, i);
        const content = lines.join('。');
        const words = [seg(title), seg(number), ...lines.map(seg)].join(' ');
        search.run(
          at * ROW_ID_SLOTS,
          isSend ? 'document.send' : 'document.receive',
          recordId,
          i,
          title,
          number,
          year,
          issuer,
          ownerUnit,
          docType,
          secret,
          creator,
          at,
          content,
          words,
          at,
        );
        instance.run(
          i,
          isSend ? 'document.send' : 'document.receive',
          isSend ? 'document.send' : 'document.receive',
          recordId,
          title,
          creator,
          null,
          at,
          at,
          at,
          at,
        );
        for (let k = 0; k < 2; k++) {
          const assignee = rnd(500) === 0 ? zhangwei : others[rnd(others.length)];
          if (assignee === zhangwei) zhangweiTasks++;
          task.run(`b${i}-${k}`, i, `n${k}`, `r${i}-${k}`, assignee, title, isSend ? 'document.send' : 'document.receive', creator, at, at);
        }
        if (isSend && rnd(100) < 15) {
          for (let k = 1 + rnd(3); k > 0; k--) {
            const unit = units[rnd(units.length)];
            if (unit === zUnit) zhangweiUnitReceipts++;
            receipt.run(recordId, i, unit, title, number, ownerUnit, secret, creator, at);
          }
        }
      }
      for (const ix of indexes) db.exec(ix.sql);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('analyze');
    return {
      rows: SEARCH_ROWS,
      seconds: (performance.now() - t0) / 1000,
      zhangweiDrafts,
      zhangweiTasks,
      zhangweiUnitReceipts,
      sampleNumber,
      dbBytes: fs.statSync(file).size,
    };
  } finally {
    db.close();
  }
}

/** The cache key: the fill (its code and vocabulary) and the row count. */
function cacheKey(): string {
  const h = crypto
    .createHash('sha256')
    .update(fillSearch.toString())
    .update(JSON.stringify([TOPICS, ACTIONS, SUFFIXES, KINDS, BODY, ORGS, SEARCH_ROWS]));
  return `search-${h.digest('hex').slice(0, 16)}`;
}

async function login(port: number, username: string): Promise<Record<string, string>> {
  const { data: key } = await request(port, '/api/Login/getPublicKey', {});
  const r = await request(port, '/api/Login/index', { username, password: encryptPassword('Demo@2026', key.publicKey), isStrongPassword: 1, adminLogin: 0 });
  if (r.code !== 0) throw new Error(`login of ${username} failed: ${r.msg}`);
  return { 'x-token': r.data.token, 'x-uuid': r.data.uuid };
}

/** Request `i` of the mix. */
function queryOf(i: number, sampleNumber: string): Record<string, unknown> {
  const topic = TOPICS[(i * 7) % TOPICS.length];
  const year = 2020 + (i % 7);
  switch (i % 10) {
    case 0:
      return { keyword: topic };
    case 1:
      return { keyword: `${topic} ${SUFFIXES[i % SUFFIXES.length]}` };
    case 2:
      return { keyword: '燃气管道老化更新改造' };
    case 3:
      return { keyword: sampleNumber };
    case 4:
      return { keyword: '通知' };
    case 5:
      return { year, doc_type: '8' };
    case 6:
      return { keyword: topic, year };
    case 7:
      return { keyword: `${topic} 危险化学品`, entity: 'document.send' };
    case 8:
      return { keyword: topic, current: 2 };
    default:
      return {};
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** Runs the scenario and prints its figures. */
export async function runSearchBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-search-'));
  const env = { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const start = () => startServer(['src/server/start.ts', '--dev'], PORT, env, '/api/health');
  let app: Server | null = null;
  try {
    const key = cacheKey();
    let fill = restoreFill<SearchFill>(key, dataDir);
    if (fill) console.log(`search: reusing the filled database of an earlier run (${key}; tests/bench/cache.ts)`);
    const first = await start();
    await first.stop();
    if (!fill) {
      fill = fillSearch(dataDir);
      console.log(
        `search: filled ${fill.rows} documents (biz_doc_send/receive, doc_search + FTS5, a flow instance and 2 tasks each, distributions) in ${fill.seconds.toFixed(1)} s; ` +
          `file ${(fill.dbBytes / 2 ** 30).toFixed(2)} GiB; 张伟 drafted ${fill.zhangweiDrafts}, holds tasks in ${fill.zhangweiTasks}, his unit received ${fill.zhangweiUnitReceipts}`,
      );
      const at = storeFill(key, dataDir, fill);
      if (at) console.log(`search: filled database cached as ${at}`);
    }
    app = await start();
    for (const who of ['zhangwei', 'demo']) {
      const headers = await login(PORT, who);
      const t0 = performance.now();
      const warm = await request(PORT, '/api/document/search', { keyword: '安全生产' }, headers);
      if (warm.code !== 0) throw new Error(`document/search answered ${JSON.stringify(warm).slice(0, 200)}`);
      const firstMs = performance.now() - t0;
      for (let i = 0; i < 20; i++) await request(PORT, '/api/document/search', queryOf(i, fill.sampleNumber), headers);
      const all: number[] = [];
      const byKind = new Map<number, number[]>();
      const totals = new Map<number, number>();
      for (let i = 0; i < REQUESTS; i++) {
        const body = queryOf(i, fill.sampleNumber);
        const t = performance.now();
        const r = await request(PORT, '/api/document/search', body, headers);
        const ms = performance.now() - t;
        if (r.code !== 0) throw new Error(`document/search ${JSON.stringify(body)} answered ${JSON.stringify(r).slice(0, 200)}`);
        all.push(ms);
        byKind.set(i % 10, [...(byKind.get(i % 10) ?? []), ms]);
        totals.set(i % 10, r.data.total);
      }
      const kinds = [...byKind.entries()].map(
        ([k, xs]) => `${JSON.stringify(queryOf(k, fill!.sampleNumber))} p95 ${pct(xs, 95).toFixed(0)} ms (total ${totals.get(k)})`,
      );
      const p95 = pct(all, 95);
      console.log(
        `/api/document/search as ${who}, ${REQUESTS} requests one at a time over ${fill.rows} documents: first (catch-up included) ${firstMs.toFixed(0)} ms, ` +
          `p50 ${pct(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${pct(all, 100).toFixed(1)} ms (target p95 ≤ ${TARGET_MS} ms) ${p95 <= TARGET_MS ? 'OK' : 'OVER TARGET'}\n  ${kinds.join('\n  ')}`,
      );
    }
  } finally {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
