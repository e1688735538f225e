/**
 * A 发文 (document.send, table biz_doc_send) as the `OfficialDocument` the GB/T 9704-2012 renderers take
 * (pdf): the record's elements plus the names they refer to — 主送/抄送 departments, the 签发人 (上行文
 * only), the attachments, the dictionary labels of 密级 and 紧急程度 in zh-CN (the document is always Chinese) —
 * and, once 用印 is done (`sealed`), the seal of the issuing unit (./seal.ts). SQL for export (api/export.ts).
 * A record naming a 发文字号 mark (`markId`) takes the mark's 套红 — 发文机关标志, 署名, 印发机关 (migration 0022) —
 * where it leaves its own empty (see withMarkHeader).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { codeItems } from '../../../../server/services/dicts.js';
import { flowEntity } from '../../../../server/engine/flow/records.js';
import { deriveTable } from '../../../../server/engine/table.js';
import { rowToRecord } from '../../../../server/engine/codec.js';
import { schemaStore } from '../../../../server/engine/schemaStore.js';
import { unitOf } from '../../../../server/engine/scope.js';
import { now } from '../../../../server/lib/clock.js';
import { attachmentsInfo } from '../../../../server/services/files.js';
import type { OfficialDocument, SecretMark } from '../pdf/index.js';
import { SEND_ENTITY } from './flowServices.js';
import { orgDate } from '../../../../server/services/orgZone.js';
import { drawSeal } from './seal.js';

/** 公文种类 (dictionary document_type) that are 上行文 and print 签发人 (GB/T 9704-2012 7.2.6): 报告, 请示. */
export const UPWARD_KINDS = new Set(['10', '11']);

/** The names a 发文 refers to, resolved by `loadSendDocument` (or given by a test). */
export interface SendNames {
  /** Department id → name, for mainTo and ccTo. */
  depts: Map<number, string>;
  /** The 签发人's name (real name), when the record names one. */
  issuerUser?: string;
  /** The attachments' file names, in the record's order. */
  attachments: string[];
  /** zh-CN labels of document_mj and document_urgency by value (overlays included). */
  secretLabels: Map<string, string>;
  urgencyLabels: Map<string, string>;
  /** Name of the unit of the flow's initiator: 发文机关署名 when the record has no issuerOrg. */
  initiatorUnit?: string;
  /** 成文日期 when the record has none yet ('YYYY-MM-DD', today in Beijing). */
  today: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n)) : []);
const isoDate = (v: unknown): string | undefined => (/^\d{4}-\d{2}-\d{2}$/.test(str(v)) ? str(v) : undefined);

/** An attachment's name as 附件说明 lists it: without its file extension. */
function attachmentTitle(name: string): string {
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || name;
}

/**
 * 主送机关 (GB/T 9704-2012 7.3.2): `mainToText` when given, else the departments' names joined with "、" and
 * ending with "："; undefined when neither.
 */
export function mainToOf(rec: Record<string, unknown>, depts: Map<number, string>): string | undefined {
  const text = str(rec.mainToText);
  if (text) return text;
  const names = ids(rec.mainTo).flatMap((id) => (depts.has(id) ? [depts.get(id)!] : []));
  return names.length ? `${names.join('、')}：` : undefined;
}

/**
 * The OfficialDocument of 发文 record `rec` (as rowToRecord gives it) with the resolved `names`. The 发文机关
 * (署名, seal) is `issuerOrg`, else the initiator's unit; the 发文机关标志 is `organMark`, else that name +
 * "文件". 密级 '0' (非密) and 紧急程度 below 加急 are not printed. Sealed records carry the seal image. A 版记
 * (印发机关 or 抄送) without a recorded 印发日期 prints the 成文日期 (else `names.today`) as its 印发日期.
 */
export function toOfficialDocument(rec: Record<string, unknown>, names: SendNames): OfficialDocument {
  const issuerName = str(rec.issuerOrg) || names.initiatorUnit || '';
  const level = str(rec.secretLevel);
  const secret: SecretMark | undefined =
    level === '1' || level === '2' || level === '3' ? { level, term: str(rec.secretTerm) || undefined, label: names.secretLabels.get(level) } : undefined;
  const urgency = str(rec.urgency);
  const ccNames = ids(rec.ccTo).flatMap((id) => (names.depts.has(id) ? [names.depts.get(id)!] : []));
  const doc: OfficialDocument = {
    copyNo: /^\d{6}$/.test(str(rec.copyNo)) ? str(rec.copyNo) : undefined,
    secret,
    urgency: urgency === '2' || urgency === '3' ? names.urgencyLabels.get(urgency) : undefined,
    organMark: str(rec.organMark) || `${issuerName}文件`,
    redColor: /^#[0-9A-F]{6}$/i.test(str(rec.redColor)) ? str(rec.redColor).toUpperCase() : undefined,
    docNumber: str(rec.docNumber) || undefined,
    signers: UPWARD_KINDS.has(str(rec.docType)) && names.issuerUser ? [names.issuerUser] : undefined,
    title: str(rec.title),
    mainTo: mainToOf(rec, names.depts),
    bodyHtml: typeof rec.body === 'string' ? rec.body : '',
    attachments: names.attachments.length ? names.attachments.map(attachmentTitle) : undefined,
    issuerName,
    date: isoDate(rec.docDate) ?? names.today,
    note: str(rec.note) || undefined,
    ccTo: ccNames.length ? ccNames.join('，') : undefined,
    printer: str(rec.printOrg) || undefined,
    printDate: isoDate(rec.printDate),
  };
  // the 版记 always carries its 印发日期 (GB/T 9704-2012 7.4.3): the recorded one, else the 成文日期, else today
  if (!doc.printDate && (doc.printer || doc.ccTo)) doc.printDate = isoDate(rec.docDate) ?? names.today;
  if (rec.sealed === true && issuerName) doc.seal = { png: drawSeal(issuerName) };
  return doc;
}

/** The 套红 texts of a 发文字号 mark (doc_marks, migration 0022); null: not set. */
export interface MarkHeader {
  organ_mark: string | null;
  issuer_org: string | null;
  print_org: string | null;
  /** '#RRGGBB' of the 发文机关标志 and separator. */
  red_color?: string | null;
}

/**
 * `rec` with 发文机关标志 (organMark), 署名 (issuerOrg) and 印发机关 (printOrg) taken from `mark` where the record
 * leaves them empty; the record's own text wins when filled ("red-header (套红) templates per issuing organ").
 * The mark's red (`redColor`) always applies.
 */
export function withMarkHeader(rec: Record<string, unknown>, mark: MarkHeader | undefined): Record<string, unknown> {
  if (!mark) return rec;
  const out = { ...rec };
  if (!str(rec.organMark) && mark.organ_mark) out.organMark = mark.organ_mark;
  if (!str(rec.issuerOrg) && mark.issuer_org) out.issuerOrg = mark.issuer_org;
  if (!str(rec.printOrg) && mark.print_org) out.printOrg = mark.print_org;
  if (mark.red_color) out.redColor = mark.red_color;
  return out;
}

/** The attachments' names: stored objects carry theirs; bare ids are looked up. */
async function attachmentNames(db: Kysely<DB>, v: unknown): Promise<string[]> {
  if (!Array.isArray(v)) return [];
  const bare = v.filter((a): a is string => typeof a === 'string');
  const known = bare.length ? new Map((await attachmentsInfo(db, bare)).map((a) => [a.id, a.name])) : new Map<string, string>();
  return v.flatMap((a) => {
    if (typeof a === 'string') return known.has(a) ? [known.get(a)!] : [];
    const name = a && typeof a === 'object' ? str((a as { name?: unknown }).name) : '';
    return name ? [name] : [];
  });
}

/** zh-CN labels of dictionary `code` by value. */
function labels(s: Awaited<ReturnType<typeof schemaStore>>, code: string): Map<string, string> {
  return new Map((codeItems(s, 'zh-CN', code) ?? []).map((i) => [i.value, i.label]));
}

/** A 发文 ready to render: the document and the file name (without extension) of its export. */
export interface SendDocument {
  doc: OfficialDocument;
  /** 发文字号, else the title. */
  fileName: string;
}

/**
 * Reads 发文 `recordId` and resolves what it refers to (see the module comment). Resolves with null when the
 * record does not exist. Who may read it is the caller's business (the flow view, api/export.ts).
 */
export async function loadSendDocument(db: Kysely<DB>, recordId: number): Promise<SendDocument | null> {
  const def = flowEntity(SEND_ENTITY);
  if (!def) return null;
  const spec = deriveTable(def);
  const row = await (db as any).selectFrom(spec.table).selectAll().where('id', '=', recordId).executeTakeFirst();
  if (!row) return null;
  const raw = rowToRecord(spec, row) as Record<string, unknown>;
  const markId = Number(raw.markId);
  const mark =
    Number.isInteger(markId) && markId > 0
      ? await db.selectFrom('doc_marks').select(['organ_mark', 'issuer_org', 'print_org', 'red_color']).where('id', '=', markId).executeTakeFirst()
      : undefined;
  const rec = withMarkHeader(raw, mark);
  const deptIds = [...new Set([...ids(rec.mainTo), ...ids(rec.ccTo)])];
  const depts = new Map<number, string>();
  if (deptIds.length) for (const d of await db.selectFrom('departments').select(['id', 'name']).where('id', 'in', deptIds).execute()) depts.set(d.id, d.name);
  const issuerId = Number(rec.issuerUser);
  const issuer =
    Number.isInteger(issuerId) && issuerId > 0 ? await db.selectFrom('users').select('realname').where('id', '=', issuerId).executeTakeFirst() : undefined;
  let initiatorUnit: string | undefined;
  const flowId = Number(rec.flowId);
  if (!str(rec.issuerOrg) && Number.isInteger(flowId) && flowId > 0) {
    const inst = await db.selectFrom('flow_instances').select('initiator_dept_id').where('id', '=', flowId).executeTakeFirst();
    const unit = await unitOf(db, inst?.initiator_dept_id ?? null);
    if (unit != null) initiatorUnit = (await db.selectFrom('departments').select('name').where('id', '=', unit).executeTakeFirst())?.name;
  }
  const s = await schemaStore(db);
  const doc = toOfficialDocument(rec, {
    depts,
    issuerUser: issuer?.realname || undefined,
    attachments: await attachmentNames(db, rec.attachments),
    secretLabels: labels(s, 'document_mj'),
    urgencyLabels: labels(s, 'document_urgency'),
    initiatorUnit,
    today: await orgDate(db, now()),
  });
  return { doc, fileName: doc.docNumber || doc.title };
}
