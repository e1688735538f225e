/**
 * 正文 versions ("every save a version with diff"; migration 0018): every rich-text field (x-kind richtext)
 * of a flow's record gets a new version when the flow is submitted with it and whenever an action changes it, in the
 * action's own transaction. Reading them is for whoever may see the instance (the caller checks).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import { flowEntity } from './records.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import { registerCache } from '../../services/cacheBus.js';

/** The rich-text fields of entity `entity` (remembered per entity id). */
const richFields = new Map<string, string[]>();
// Derived from the definitions: a published form may change which fields are rich text.
registerCache('schema', () => richFields.clear());
function richTextFields(entity: string | null): string[] {
  if (!entity) return [];
  let f = richFields.get(entity);
  if (!f) {
    const def = flowEntity(entity);
    f = def
      ? Object.entries(def.model.properties)
          .filter(([, p]) => (p as { 'x-kind'?: string })['x-kind'] === 'richtext')
          .map(([k]) => k)
      : [];
    richFields.set(entity, f);
  }
  return f;
}

/**
 * `data` (a flow's form data as sent by a client) with its rich-text fields cleaned for storage (lib/sanitize.ts);
 * the same object when the entity has none or none is a string.
 */
export function cleanRichText<T extends Record<string, unknown> | undefined>(entity: string | null, data: T): T {
  if (!data) return data;
  const fields = richTextFields(entity).filter((f) => typeof data[f] === 'string');
  if (!fields.length) return data;
  const out: Record<string, unknown> = { ...data };
  for (const f of fields) out[f] = sanitizeRichText(out[f] as string);
  return out as T;
}

/**
 * Records a version of each rich-text field whose value differs between `before` (null: the flow starts) and
 * `after`, numbered after the instance's last version of that field. Empty texts are not versions.
 */
export async function recordBodyVersions(
  trx: Transaction<DB>,
  at: { flowId: number; entity: string | null; recordId: number | null; author: number | null; time: number },
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<void> {
  for (const field of richTextFields(at.entity)) {
    const text = typeof after[field] === 'string' ? (after[field] as string) : '';
    if (!text || (before && before[field] === after[field])) continue;
    const last = await trx
      .selectFrom('body_versions')
      .select(['version_no', 'body'])
      .where('flow_id', '=', at.flowId)
      .where('field', '=', field)
      .orderBy('version_no', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last?.body === text) continue;
    await trx
      .insertInto('body_versions')
      .values({
        flow_id: at.flowId,
        entity: at.entity,
        record_id: at.recordId,
        field,
        version_no: (last?.version_no ?? 0) + 1,
        body: text,
        author_id: at.author,
        created_at: at.time,
      })
      .execute();
  }
}

/** A version without its text, for the history list. */
export interface BodyVersionItem {
  id: number;
  field: string;
  versionNo: number;
  authorId: number | null;
  authorName: string | null;
  createdAt: number;
  /** Characters of the HTML. */
  size: number;
}

/** The versions of instance `flowId` (optionally one `field`), newest first. */
export async function bodyVersions(db: Kysely<DB>, flowId: number, field?: string): Promise<BodyVersionItem[]> {
  let q = db
    .selectFrom('body_versions as v')
    .leftJoin('users as u', 'u.id', 'v.author_id')
    .select(['v.id', 'v.field', 'v.version_no', 'v.author_id', 'u.realname', 'v.created_at', 'v.body'])
    .where('v.flow_id', '=', flowId);
  if (field) q = q.where('v.field', '=', field);
  const rows = await q.orderBy('v.version_no', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    versionNo: r.version_no,
    authorId: r.author_id,
    authorName: r.realname ?? null,
    createdAt: Number(r.created_at),
    size: r.body.length,
  }));
}

/** The text of version `versionId` of instance `flowId`, or null. */
export async function bodyVersion(
  db: Kysely<DB>,
  flowId: number,
  versionId: number,
): Promise<{ id: number; field: string; versionNo: number; body: string } | null> {
  const r = await db
    .selectFrom('body_versions')
    .select(['id', 'field', 'version_no', 'body'])
    .where('id', '=', versionId)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
  return r ? { id: r.id, field: r.field, versionNo: r.version_no, body: r.body } : null;
}
