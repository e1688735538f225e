/**
 * Dictionaries administration (SPEC §2.3 /codes/index, §7 "codes"): the enumerations every area uses
 * (密级, 紧急程度, 公文种类…) are `dict` definitions in `schemas/`; an administrator's change is stored as a
 * published overlay revision of the dictionary (DESIGN §4 "Overlays": one `set` of `items` plus `i18n`
 * ops for the labels), so a deploy keeps the shipped values and the change is visible as a revision.
 *
 * Rules: values are unique, 1–50 characters of letters, digits, `_`, `-`, `.`; labels 1–50 characters;
 * a value the shipped dictionary has cannot be removed (records may hold it) — it is disabled instead.
 */
import type { Kysely } from 'kysely';
import type { DictDef, OverlayOp } from '../../../../engine/schema/types.js';
import { hashDefinition } from '../../../../engine/schema/hash.js';
import type { Locale } from '../../../shared/constants.js';
import type { Dialect } from '../../../server/db/index.js';
import type { DB } from '../../../server/db/types.js';
import { translate } from '../../../server/i18n/index.js';
import { now } from '../../../server/lib/clock.js';
import { badInput } from '../../../server/lib/errors.js';
import { audit } from '../../../server/services/audit.js';
import { baseDefinition, invalidateSchemas, schemaStore } from '../../../server/engine/schemaStore.js';
import { localText } from '../../../server/api/Template/service.js';

/** A dictionary in the list. */
export interface CodeSummary {
  code: string;
  title: string;
  count: number;
  /** Whether an administrator changed it (a published overlay applies). */
  changed: boolean;
}

const VALUE = /^[A-Za-z0-9_.-]{1,50}$/;
const COLOR = /^(#[0-9a-fA-F]{6}|[a-z]{3,20})$/;

/** The dictionaries, optionally filtered by code or title, ordered by code. */
export async function listCodes(db: Kysely<DB>, locale: Locale, keyword: string): Promise<CodeSummary[]> {
  const s = await schemaStore(db);
  const changed = await changedCodes(db);
  const k = keyword.trim().toLowerCase();
  return s.registry
    .dicts()
    .map((d) => ({ code: d.id, title: localText(s, locale, d.title) ?? d.id, count: d.items.length, changed: changed.has(d.id) }))
    .filter((d) => !k || d.code.toLowerCase().includes(k) || d.title.toLowerCase().includes(k))
    .sort((a, b) => a.code.localeCompare(b.code));
}

async function changedCodes(db: Kysely<DB>): Promise<Set<string>> {
  const rows = await db
    .selectFrom('definition_overlays')
    .select(['target_id', 'ops', 'revision'])
    .where('target_kind', '=', 'dict')
    .where('status', '=', 'published')
    .orderBy('revision', 'desc')
    .execute();
  const out = new Set<string>();
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.target_id)) continue;
    seen.add(r.target_id);
    if (r.ops !== '[]') out.add(r.target_id);
  }
  return out;
}

/** Who changes a dictionary (for the audit row). */
export interface CodesCaller {
  userId: number;
  username: string;
  ip: string;
  locale: Locale;
}

/**
 * Replaces the items of dictionary `code` by `items` (in that order) as a new published overlay revision;
 * -1 naming the item field when a value or label is bad, a value repeats, or a shipped value is missing.
 * Returns the new revision number.
 */
export async function saveCodes(db: Kysely<DB>, dialect: Dialect, c: CodesCaller, code: string, items: unknown): Promise<number> {
  const t = (key: string, p?: Record<string, string | number>) => translate(c.locale, key, p);
  const s = await schemaStore(db);
  const base = baseDefinition('dict', code) as DictDef | undefined;
  const current = s.registry.get('dict', code) as DictDef | undefined;
  if (!current || !base) throw badInput(t('template.notFound', { id: code }));
  if (!Array.isArray(items) || !items.length || items.length > 500) throw badInput(t('error.badParam', { field: t('field.items') }));
  const seen = new Set<string>();
  const ops: OverlayOp[] = [];
  const out: DictDef['items'] = [];
  items.forEach((raw, i) => {
    const it = (raw ?? {}) as Record<string, unknown>;
    const at = (f: string) => t('codes.itemField', { n: i + 1, field: t(`field.${f}`) });
    const value = typeof it.value === 'string' ? it.value.trim() : typeof it.value === 'number' ? String(it.value) : '';
    if (!VALUE.test(value)) throw badInput(t('error.badParam', { field: at('value') }));
    if (seen.has(value)) throw badInput(t('codes.duplicate', { value }));
    seen.add(value);
    const zh = typeof it.labelZh === 'string' ? it.labelZh.trim() : typeof it.label === 'string' ? it.label.trim() : '';
    const en = typeof it.labelEn === 'string' ? it.labelEn.trim() : '';
    if (!zh || zh.length > 50) throw badInput(t('validate.required', { field: at('label') }));
    if (en.length > 50) throw badInput(t('error.badParam', { field: at('labelEn') }));
    const color = typeof it.color === 'string' && it.color.trim() ? it.color.trim() : undefined;
    if (color && !COLOR.test(color)) throw badInput(t('error.badParam', { field: at('color') }));
    const shipped = base.items.find((b) => b.value === value);
    const key = shipped?.label.t ?? `dict.${code}.${value}`;
    out.push({
      value,
      label: { t: key, d: zh },
      ...(color ? { color } : {}),
      ...(it.disabled === true || it.disabled === 1 || it.disabled === '1' ? { disabled: true } : {}),
    });
    ops.push({ op: 'i18n', key, locale: 'zh-CN', value: zh });
    if (en) ops.push({ op: 'i18n', key, locale: 'en-US', value: en });
  });
  const missing = base.items.filter((b) => !seen.has(b.value));
  if (missing.length) throw badInput(t('codes.shippedValue', { value: missing.map((m) => m.value).join('、') }));
  ops.unshift({ op: 'set', node: code, path: 'items', value: out });
  return publish(db, dialect, c, code, base, ops, 'codes.edit');
}

/** Restores the shipped items of `code` (a new revision with no ops). Returns the revision number. */
export async function restoreCodes(db: Kysely<DB>, dialect: Dialect, c: CodesCaller, code: string): Promise<number> {
  const base = baseDefinition('dict', code) as DictDef | undefined;
  if (!base) throw badInput(translate(c.locale, 'template.notFound', { id: code }));
  return publish(db, dialect, c, code, base, [], 'codes.restore');
}

async function publish(db: Kysely<DB>, dialect: Dialect, c: CodesCaller, code: string, base: DictDef, ops: OverlayOp[], event: string): Promise<number> {
  const revision = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('definition_overlays')
      .select((eb) => eb.fn.max('revision').as('r'))
      .where('target_kind', '=', 'dict')
      .where('target_id', '=', code)
      .executeTakeFirst();
    const rev = Number(last?.r ?? 0) + 1;
    const t = now();
    await trx
      .insertInto('definition_overlays')
      .values({
        target_kind: 'dict',
        target_id: code,
        revision: rev,
        status: 'published',
        ops: JSON.stringify(ops),
        base_hash: hashDefinition(base),
        author_id: c.userId,
        comment: event,
        created_at: t,
        published_at: t,
      })
      .execute();
    await audit(trx, dialect, {
      userId: c.userId,
      username: c.username,
      ip: c.ip,
      event,
      object: `dict:${code}`,
      result: 'success',
      detail: { revision: rev, ops },
    });
    return rev;
  });
  invalidateSchemas(db);
  return revision;
}
