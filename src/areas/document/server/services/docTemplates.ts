/**
 * 正文 templates per 公文种类 ("正文: rich-text editing (tiptap) with templates per 公文种类"; table
 * doc_body_templates of migration 0022; API api/templates.ts). A template belongs to one 公文种类 code of
 * dictionary document_type and either to one organ (`unit_id`, the unit's own wording) or to everyone (null).
 *
 * Rules: a user may use the enabled templates of their own unit and the common ones; managing them needs
 * `document:setting` (checked by the handler). Every change is one transaction with its audit row. Bad input throws
 * -1 naming the field (lib/errors.ts badInput).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import type { DocBodyTemplateTable } from '../../../../server/db/documentTypes.js';
import type { Locale } from '../../../../shared/constants.js';
import { translate } from '../../../../server/i18n/index.js';
import { badInput } from '../../../../server/lib/errors.js';
import { now } from '../../../../server/lib/clock.js';
import { schemaStore } from '../../../../server/engine/schemaStore.js';
import { codeItems } from '../../../../server/services/dicts.js';
import { audit } from '../../../../server/services/audit.js';
import { DOC_KIND_DICT, SORT_MAX } from './docMarks.js';
import { isPg, type NumberCaller } from './docNumbers.js';
import { sanitizeRichText } from '../../../../server/lib/sanitize.js';

/** Length limits: template name (characters) and body HTML (characters; a long 正文 is some 30 000). */
export const TEMPLATE_NAME_MAX = 50;
export const TEMPLATE_BODY_MAX = 200_000;

/** Fields of templateAdd / templateEdit; absent fields are left as they are on edit. */
export interface TemplateInput {
  doc_type?: string;
  name?: string;
  body?: string;
  unit_id?: number | null;
  sort?: number;
  status?: number;
}

/** A template as the API answers it; `doc_type_label` is the 公文种类's name in the caller's locale. */
export interface TemplateView {
  id: number;
  doc_type: string;
  doc_type_label: string;
  name: string;
  body: string;
  unit_id: number | null;
  sort: number;
  status: number;
  updated_at: number;
}

/** templateList filters: `unitId` the caller's unit (null: common templates only); `all` also disabled ones. */
export interface TemplateQuery {
  docType?: string;
  unitId: number | null;
  all: boolean;
  locale: Locale;
}

type Row = Selectable<DocBodyTemplateTable>;

const t = (c: { locale?: Locale }, key: string, params?: Record<string, string | number>) => translate(c.locale ?? 'zh-CN', key, params);
const field = (c: { locale?: Locale }, key: string) => t(c, `field.${key}`);

/** 公文种类 code → label in `locale`, in dictionary order. */
async function kindLabels(db: Kysely<DB> | Transaction<DB>, locale: Locale): Promise<Map<string, string>> {
  return new Map((codeItems(await schemaStore(db as Kysely<DB>), locale, DOC_KIND_DICT) ?? []).map((i) => [i.value, i.label]));
}

function view(r: Row, labels: Map<string, string>): TemplateView {
  return {
    id: r.id,
    doc_type: r.doc_type,
    doc_type_label: labels.get(r.doc_type) ?? r.doc_type,
    name: r.name,
    body: r.body,
    unit_id: r.unit_id,
    sort: r.sort,
    status: r.status,
    updated_at: Number(r.updated_at),
  };
}

/**
 * The templates a caller may use: those of their unit and the common ones, enabled only unless `all`; ordered by
 * 公文种类 (dictionary order), sort, id.
 */
export async function listTemplates(db: Kysely<DB>, q: TemplateQuery): Promise<TemplateView[]> {
  let base = db.selectFrom('doc_body_templates').selectAll();
  if (!q.all) base = base.where('status', '=', 1);
  if (q.docType) base = base.where('doc_type', '=', q.docType);
  const unit = q.unitId;
  base = unit === null ? base.where('unit_id', 'is', null) : base.where((eb) => eb.or([eb('unit_id', 'is', null), eb('unit_id', '=', unit)]));
  const rows = await base.orderBy('sort').orderBy('id').execute();
  const labels = await kindLabels(db, q.locale);
  const order = new Map([...labels.keys()].map((k, i) => [k, i]));
  const rank = (k: string) => order.get(k) ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => rank(a.doc_type) - rank(b.doc_type)).map((r) => view(r, labels));
}

/** The checked column values of `input` (only the fields present), or -1 naming the first bad field. */
async function checked(db: Kysely<DB>, c: NumberCaller, input: TemplateInput, creating: boolean): Promise<Partial<Omit<Row, 'id'>>> {
  const out: Partial<Omit<Row, 'id'>> = {};
  const text = (v: unknown, key: string, max: number): string => {
    const s = typeof v === 'string' ? v.trim() : '';
    if (!s) throw badInput(t(c, 'validate.required', { field: field(c, key) }));
    if (s.length > max) throw badInput(t(c, 'validate.maxLength', { field: field(c, key), limit: max }));
    return s;
  };
  if (creating || input.doc_type !== undefined) {
    const kind = text(input.doc_type, 'docType', 20);
    if (!(await kindLabels(db, 'zh-CN')).has(kind)) throw badInput(t(c, 'validate.enum', { field: field(c, 'docType') }));
    out.doc_type = kind;
  }
  if (creating || input.name !== undefined) out.name = text(input.name, 'templateName', TEMPLATE_NAME_MAX);
  if (creating || input.body !== undefined) out.body = sanitizeRichText(text(input.body, 'templateBody', TEMPLATE_BODY_MAX));
  if (input.unit_id === null) out.unit_id = null;
  else if (input.unit_id !== undefined) {
    const unit = await db.selectFrom('departments').select('id').where('id', '=', input.unit_id).executeTakeFirst();
    if (!unit) throw badInput(t(c, 'docTemplate.notFound', { field: field(c, 'unitId') }));
    out.unit_id = unit.id;
  }
  if (input.sort !== undefined) {
    if (!Number.isInteger(input.sort) || input.sort < 0 || input.sort > SORT_MAX)
      throw badInput(t(c, 'validate.maximum', { field: field(c, 'sort'), limit: SORT_MAX }));
    out.sort = input.sort;
  }
  if (input.status !== undefined) {
    if (input.status !== 0 && input.status !== 1) throw badInput(t(c, 'validate.enum', { field: field(c, 'status') }));
    out.status = input.status;
  }
  return out;
}

async function record(trx: Transaction<DB>, c: NumberCaller, event: string, id: number, detail: unknown): Promise<void> {
  const who = { userId: c.userId, username: c.username ?? null, ip: c.ip ?? null };
  await audit(trx, isPg(trx) ? 'pg' : 'sqlite', { ...who, event, object: `doc_template:${id}`, result: 'success', detail });
}

async function existing(trx: Transaction<DB>, c: NumberCaller, id: number): Promise<Row> {
  const row = await trx.selectFrom('doc_body_templates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw badInput(t(c, 'docTemplate.notFound', { field: field(c, 'templateId') }));
  return row;
}

/** Creates a template (doc_type, name, body required; common, sort 0, enabled by default). */
export async function createTemplate(db: Kysely<DB>, c: NumberCaller, input: TemplateInput): Promise<TemplateView> {
  const v = await checked(db, c, input, true);
  const labels = await kindLabels(db, c.locale ?? 'zh-CN');
  return db.transaction().execute(async (trx) => {
    const at = now();
    const row = await trx
      .insertInto('doc_body_templates')
      .values({
        doc_type: v.doc_type!,
        name: v.name!,
        body: v.body!,
        unit_id: v.unit_id ?? null,
        sort: v.sort ?? 0,
        status: v.status ?? 1,
        created_by: c.userId,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await record(trx, c, 'docTemplate.add', row.id, { after: { ...row, body: undefined } });
    return view(row, labels);
  });
}

/** Changes the fields present in `input`; -1 naming the field for an unknown id or bad input. */
export async function editTemplate(db: Kysely<DB>, c: NumberCaller, id: number, input: TemplateInput): Promise<TemplateView> {
  const v = await checked(db, c, input, false);
  const labels = await kindLabels(db, c.locale ?? 'zh-CN');
  return db.transaction().execute(async (trx) => {
    const before = await existing(trx, c, id);
    const row = await trx
      .updateTable('doc_body_templates')
      .set({ ...v, updated_at: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await record(trx, c, 'docTemplate.edit', id, { before, after: row });
    return view(row, labels);
  });
}

/** Deletes template `id`; -1 naming the field when it does not exist. Documents drafted from it keep their text. */
export async function deleteTemplate(db: Kysely<DB>, c: NumberCaller, id: number): Promise<{ deleted: number }> {
  return db.transaction().execute(async (trx) => {
    const before = await existing(trx, c, id);
    await trx.deleteFrom('doc_body_templates').where('id', '=', id).execute();
    await record(trx, c, 'docTemplate.delete', id, { before });
    return { deleted: id };
  });
}
