/**
 * What each generated test document is (/debug/index): who drafts it from which department, its
 * fields (./corpus.ts for the text) and how far its flow gets (its fate, by age: recent documents are mostly
 * under way, older ones mostly finished). `loadStaff` reads the organisation once per run.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { KINDS, body, pick, weighted, type Rnd } from './corpus.js';
import type { Fate } from './simulate.js';
import { timeZone, zoneDate } from '../../../../../engine/expr/zone.js';

/** A person who may draft: id, primary department, its unit, clearance (0–3). */
export interface Drafter {
  id: number;
  dept: number;
  unit: number | null;
  clearance: number;
}

/** The organisation as the generator uses it. */
export interface Staff {
  drafters: Drafter[];
  /** 收发员 (role clerk) who register 收文. */
  clerks: Drafter[];
  /** 市领导 (role leader): 签发人 and 批示 leaders. */
  leaders: number[];
  /** Units (departments of kind unit) with their names. */
  units: { id: number; name: string }[];
  unitName: Map<number, string>;
  /** Members of each department (for 主办 / 传阅 of 收文). */
  members: Map<number, number[]>;
  /** Enabled 发文字号 marks. */
  marks: { id: number; org_code: string; doc_kinds: string[] | null; start_seq: number }[];
}

/** Roles whose holders never draft: the 三员, and the 市领导 (they sign, drafting is staff work). */
const NOT_DRAFTING = ['sysadmin', 'secadmin', 'auditor', 'leader'];

/** Reads the organisation (see Staff). @throws Error when nobody may draft. */
export async function loadStaff(db: Kysely<DB>): Promise<Staff> {
  const [memberships, depts, roles, marks] = await Promise.all([
    db
      .selectFrom('user_departments as ud')
      .innerJoin('users as u', 'u.id', 'ud.user_id')
      .select(['ud.user_id', 'ud.dept_id', 'u.clearance', 'u.is_admin'])
      .where('u.status', '=', 1)
      .orderBy('ud.user_id')
      .orderBy('ud.sort')
      .orderBy('ud.dept_id')
      .execute(),
    db.selectFrom('departments').select(['id', 'name', 'parent_id', 'kind']).execute(),
    db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id').select(['ur.user_id', 'r.code']).execute(),
    db.selectFrom('doc_marks').select(['id', 'org_code', 'doc_kinds', 'start_seq']).where('status', '=', 1).orderBy('sort').orderBy('id').execute(),
  ]);
  const byId = new Map(depts.map((d) => [d.id, d]));
  const unitOf = (id: number): number | null => {
    let d = byId.get(id);
    for (let hops = 0; d && d.kind !== 'unit' && hops < 64; hops++) d = d.parent_id == null ? undefined : byId.get(d.parent_id);
    return d?.kind === 'unit' ? d.id : null;
  };
  const codes = new Map<number, Set<string>>();
  for (const r of roles) (codes.get(r.user_id) ?? codes.set(r.user_id, new Set()).get(r.user_id)!).add(r.code);
  const seen = new Set<number>();
  const drafters: Drafter[] = [];
  const clerks: Drafter[] = [];
  const members = new Map<number, number[]>();
  for (const m of memberships) {
    (members.get(m.dept_id) ?? members.set(m.dept_id, []).get(m.dept_id)!).push(m.user_id);
    if (seen.has(m.user_id)) continue;
    seen.add(m.user_id);
    const mine = codes.get(m.user_id) ?? new Set<string>();
    if (m.is_admin === 1 || NOT_DRAFTING.some((c) => mine.has(c))) continue;
    const d: Drafter = { id: m.user_id, dept: m.dept_id, unit: unitOf(m.dept_id), clearance: Number(m.clearance ?? 0) || 0 };
    drafters.push(d);
    if (mine.has('clerk')) clerks.push(d);
  }
  if (!drafters.length) throw new Error('no staff to draft documents: seed the organisation first');
  const leaders = roles.filter((r) => r.code === 'leader').map((r) => r.user_id);
  const units = depts.filter((d) => d.kind === 'unit').map((d) => ({ id: d.id, name: d.name }));
  return {
    drafters,
    clerks: clerks.length ? clerks : drafters,
    leaders: leaders.length ? [...new Set(leaders)] : [drafters[0].id],
    units,
    unitName: new Map(units.map((u) => [u.id, u.name])),
    members,
    marks: marks.map((m) => ({
      id: m.id,
      org_code: m.org_code,
      doc_kinds: m.doc_kinds ? (JSON.parse(m.doc_kinds) as string[]) : null,
      start_seq: Number(m.start_seq) || 1,
    })),
  };
}

/** One document to generate. */
export interface DocPlan {
  flow: 'document.send' | 'document.receive';
  title: string;
  initiator: number;
  dept: number;
  unit: number | null;
  data: Record<string, unknown>;
  fate: Fate;
  steps: number;
  urges: number;
}

const DAY = 86_400_000;

/** The fate of a document created at `createdAt` when generated at `now` (per mille by age). */
function fateOf(rnd: Rnd, age: number): Fate {
  const table: [Fate, number][] =
    age < 3 * DAY
      ? [
          ['draft', 120],
          ['running', 830],
          ['withdrawn', 50],
        ]
      : age < 30 * DAY
        ? [
            ['draft', 40],
            ['returned', 40],
            ['running', 450],
            ['finished', 420],
            ['withdrawn', 50],
          ]
        : [
            ['draft', 10],
            ['returned', 10],
            ['running', 20],
            ['finished', 890],
            ['withdrawn', 70],
          ];
  return weighted(
    rnd,
    table.map(([fate, weight]) => ({ fate, weight })),
  ).fate;
}

/** 密级 within the drafter's clearance: mostly 非密. */
function secretLevel(rnd: Rnd, clearance: number): string {
  const r = rnd(100);
  const want = r < 92 ? 0 : r < 98 ? 1 : 2;
  return String(Math.min(want, clearance));
}

const URGENCY = [
  { v: '0', weight: 80 },
  { v: '1', weight: 12 },
  { v: '2', weight: 6 },
  { v: '3', weight: 2 },
];

/** `n` distinct units other than `not`. */
function someUnits(rnd: Rnd, staff: Staff, n: number, not: number | null): number[] {
  const out = new Set<number>();
  for (let tries = 0; out.size < n && tries < n * 4; tries++) {
    const u = pick(rnd, staff.units).id;
    if (u !== not) out.add(u);
  }
  return [...out];
}

/** Plans the next document (see the module comment). */
export function planDocument(rnd: Rnd, staff: Staff, createdAt: number, now: number): DocPlan {
  const fate = fateOf(rnd, now - createdAt);
  const urges = fate === 'running' && rnd(4) === 0 ? 1 + rnd(3) : 0;
  const kind = weighted(rnd, KINDS);
  const title = kind.title(rnd);
  const urgency = weighted(rnd, URGENCY).v;
  if (rnd(10) === 0) {
    const clerk = pick(rnd, staff.clerks);
    const from = pick(rnd, staff.units);
    const colleagues = staff.members.get(clerk.dept) ?? [clerk.id];
    const host = pick(rnd, colleagues);
    const data: Record<string, unknown> = {
      title,
      docType: kind.code,
      secretLevel: secretLevel(rnd, clerk.clearance),
      urgency,
      fromOrg: from.name,
      fromNumber: `${from.name.slice(1, 3)}发〔${new Date(createdAt).getUTCFullYear()}〕${1 + rnd(200)}号`,
      receiveNumber: null,
      receivedDate: zoneDate(createdAt, timeZone()),
      sourceId: null,
      body: body(rnd, kind.code),
      attachments: [],
      proposal: null,
      instructLeader: pick(rnd, staff.leaders),
      instruction: null,
      hostUsers: [host],
      assistUsers: rnd(3) === 0 ? [pick(rnd, colleagues)].filter((u) => u !== host) : [],
      readers: [pick(rnd, colleagues)],
      result: null,
      deadline: null,
      archived: false,
    };
    return { flow: 'document.receive', title, initiator: clerk.id, dept: clerk.dept, unit: clerk.unit, data, fate, steps: rnd(6), urges };
  }
  const d = pick(rnd, staff.drafters);
  const unitName = (d.unit != null && staff.unitName.get(d.unit)) || staff.units[0]?.name || '';
  const fitting = staff.marks.filter((m) => !m.doc_kinds || m.doc_kinds.includes(kind.code));
  const mark = fitting.length ? pick(rnd, fitting) : staff.marks.length ? pick(rnd, staff.marks) : null;
  const mainTo = someUnits(rnd, staff, 1 + rnd(3), d.unit);
  const secret = secretLevel(rnd, d.clearance);
  const data: Record<string, unknown> = {
    title,
    docType: kind.code,
    secretLevel: secret,
    secretTerm: secret === '0' ? null : '1年',
    urgency,
    copyNo: secret === '0' ? null : String(1 + rnd(999999)).padStart(6, '0'),
    organMark: `${unitName}文件`,
    markId: mark?.id ?? null,
    docNumber: null,
    draftDept: d.dept,
    countersignDepts: rnd(10) < 3 ? someUnits(rnd, staff, 1 + rnd(2), d.unit) : [],
    issuerUser: pick(rnd, staff.leaders),
    mainTo,
    mainToText: mainTo.map((u) => staff.unitName.get(u)).join('、'),
    ccTo: rnd(3) === 0 ? someUnits(rnd, staff, 1, d.unit) : [],
    body: body(rnd, kind.code),
    attachments: [],
    issuerOrg: unitName,
    docDate: null,
    sealed: false,
    note: null,
    printOrg: unitName,
    printDate: null,
    remark: null,
  };
  return { flow: 'document.send', title, initiator: d.id, dept: d.dept, unit: d.unit, data, fate, steps: rnd(7), urges };
}
