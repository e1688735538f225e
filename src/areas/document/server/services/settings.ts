/**
 * 公文设置 (SPEC §2.3 /document/gwsz: 通用设置, 操作设置, 节点权限; §7 getSetting, submitSetting, gwszCzsz*, gwszJdqx*)
 * and 授权查询 (/document/authquery).
 *
 * 通用设置 are keys of the `settings` key/value table (the table of services/settings.ts), typed by that module's
 * SettingDef and checked by its `normalise`; changed together in one transaction with one audit row
 * (`document.setting.edit`). The set:
 * - `document.defaultSecretLevel` 默认密级 (document_mj code 0–3): what a new 发文 / 收文 form proposes;
 * - `document.handleDays` 办理期限默认工作日 (0–365, 0 = none): the default 办理期限 a 收文 is given;
 * - `document.allowReceiptReturn` 是否允许退回收文 ('0' | '1'): whether a receiving unit may 退回 a distributed
 *   document instead of 签收;
 * - `document.autoRegister` 签收后自动登记: read-only '1' — 签收 always starts the 收文 flow at 登记
 *   (services/receipts.ts); listed so the page says so, never stored.
 *
 * 操作设置 and 节点权限 are a read-only view of the current published definitions of the document flows (each task
 * node's `actions`, each node's `fieldPermissions` R/W/H): the flow definitions are their one source, edited in the
 * flow designer (/flowset, API group Flowset) which publishes a new version.
 */
import type { Kysely, Transaction } from 'kysely';
import { indexFlow, isTaskNode, nodeActions, type FieldPermission, type FlowDef, type FlowNode } from '../../../../../engine/flow/index.js';
import type { Locale } from '../../../../shared/constants.js';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { translate } from '../../../../server/i18n/index.js';
import { badInput } from '../../../../server/lib/errors.js';
import { now } from '../../../../server/lib/clock.js';
import { audit } from '../../../../server/services/audit.js';
import { normalise, type SettingDef } from '../../../../server/services/settings.js';
import { currentFlow } from '../../../../server/engine/flow/versions.js';
import { flowEntity } from '../../../../server/engine/flow/records.js';
import { DOC_FLOWS } from './supervise.js';
import type { ActionSettingRow, AuthorizationRow, FieldPermissionRow } from '../../shared/types.js';

/** A 通用设置 item; `readOnly` ones are facts of the product, never stored. */
export interface DocSettingDef extends SettingDef {
  readOnly?: boolean;
}

/** The 通用设置 of the module comment, in page order. */
export const DOC_SETTINGS: DocSettingDef[] = [
  {
    key: 'document.defaultSecretLevel',
    field: 'defaultSecretLevel',
    title: 'document.setting.defaultSecretLevel',
    type: 'integer',
    default: '0',
    min: 0,
    max: 3,
  },
  { key: 'document.handleDays', field: 'handleDays', title: 'document.setting.handleDays', type: 'integer', default: '5', min: 0, max: 365 },
  { key: 'document.allowReceiptReturn', field: 'allowReceiptReturn', title: 'document.setting.allowReceiptReturn', type: 'flag', default: '1' },
  { key: 'document.autoRegister', field: 'autoRegister', title: 'document.setting.autoRegister', type: 'flag', default: '1', readOnly: true },
];

/** Key of the stored version of the 通用设置 (bumped by every change). */
export const DOC_SETTINGS_VERSION_KEY = 'document.settings.version';

type Db = Kysely<DB> | Transaction<DB>;

/** 通用设置 as one record: {version, defaultSecretLevel: number, handleDays: number, allowReceiptReturn: '0'|'1', autoRegister: '1', items}. */
export async function docSettings(db: Db, locale: Locale): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...DOC_SETTINGS.map((s) => s.key), DOC_SETTINGS_VERSION_KEY])
    .execute();
  const m = new Map(rows.map((r) => [r.key, r.value]));
  const rec: Record<string, unknown> = { version: Number(m.get(DOC_SETTINGS_VERSION_KEY) ?? 1) };
  const items = DOC_SETTINGS.map((d) => {
    const v = d.readOnly ? d.default : (m.get(d.key) ?? d.default);
    rec[d.field] = d.type === 'integer' ? Number(v) : v;
    return { field: d.field, title: translate(locale, d.title), type: d.type, value: rec[d.field], min: d.min, max: d.max, readOnly: !!d.readOnly };
  });
  return { ...rec, items };
}

/** Who changes settings (audit row, messages). */
export interface DocSettingsCaller {
  userId: number;
  username: string;
  ip: string;
  locale: Locale;
}

/**
 * Stores the fields of `changes` (record field → raw value) in one transaction with one audit row and bumps the
 * version. -1 naming the field when a value is bad or read-only; -1 entity.stale when `version` is given and differs.
 * Fields of `changes` that are not settings are ignored. Answers the new record (docSettings).
 */
export async function saveDocSettings(
  db: Kysely<DB>,
  dialect: Dialect,
  c: DocSettingsCaller,
  changes: Record<string, unknown>,
  version?: number,
): Promise<Record<string, unknown>> {
  const values = new Map<DocSettingDef, string>();
  for (const d of DOC_SETTINGS) {
    if (!(d.field in changes)) continue;
    if (d.readOnly) {
      // A read-only fact may be sent back unchanged (the form sends what it shows), never changed.
      if (normalise(c, d, changes[d.field]) !== d.default)
        throw badInput(translate(c.locale, 'document.setting.readOnly', { field: translate(c.locale, d.title) }));
      continue;
    }
    values.set(d, normalise(c, d, changes[d.field]));
  }
  await db.transaction().execute(async (trx) => {
    const current = (await docSettings(trx, c.locale)) as Record<string, unknown> & { version: number };
    if (version !== undefined && version !== current.version) throw badInput(translate(c.locale, 'entity.stale'));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [d, v] of values) {
      before[d.key] = String(current[d.field]);
      after[d.key] = v;
      await trx.deleteFrom('settings').where('key', '=', d.key).execute();
      await trx.insertInto('settings').values({ key: d.key, value: v }).execute();
    }
    await trx.deleteFrom('settings').where('key', '=', DOC_SETTINGS_VERSION_KEY).execute();
    await trx
      .insertInto('settings')
      .values({ key: DOC_SETTINGS_VERSION_KEY, value: String(current.version + 1) })
      .execute();
    await audit(trx, dialect, {
      userId: c.userId,
      username: c.username,
      ip: c.ip,
      event: 'document.setting.edit',
      object: 'document.setting',
      result: 'success',
      detail: { before, after },
    });
  });
  return docSettings(db, c.locale);
}

/** Title of a definition text in the caller's locale. */
export type TextOf = (t: { t: string; d: string } | undefined) => string;

export type { ActionSettingRow, AuthorizationRow, FieldPermissionRow };

/** The task and start nodes of `def` in flow order. */
function steps(def: FlowDef): FlowNode[] {
  return [...indexFlow(def).nodes.values()].map((l) => l.node).filter((n) => n.type === 'start' || isTaskNode(n));
}

/** The current definitions of the document flows (`defId` only that one). */
async function docFlows(db: Kysely<DB>, defId?: string): Promise<Array<{ defId: string; version: number; def: FlowDef }>> {
  const ids = Object.keys(DOC_FLOWS).filter((id) => !defId || id === defId);
  const out: Array<{ defId: string; version: number; def: FlowDef }> = [];
  for (const id of ids) {
    const v = await currentFlow(db, id);
    if (v) out.push({ defId: id, version: v.version, def: v.def });
  }
  return out;
}

/** Every 操作设置 row of the document flows (`defId` narrows, `keyword` matches the step or flow title). */
export async function actionSettings(db: Kysely<DB>, text: TextOf, filter: { defId?: string; keyword?: string } = {}): Promise<ActionSettingRow[]> {
  const out: ActionSettingRow[] = [];
  for (const f of await docFlows(db, filter.defId)) {
    const flowTitle = text(f.def.title);
    steps(f.def).forEach((n, i) => {
      if (!isTaskNode(n)) return;
      out.push({
        id: `${f.defId}:${n.id}`,
        defId: f.defId,
        flowTitle,
        version: f.version,
        nodeId: n.id,
        step: text(n.title),
        nodeType: n.type,
        actions: [...nodeActions(n)],
        orderBy: i + 1,
      });
    });
  }
  return byKeyword(out, filter.keyword);
}

/** Every 节点权限 row of the document flows (filters as actionSettings). */
export async function fieldPermissionSettings(db: Kysely<DB>, text: TextOf, filter: { defId?: string; keyword?: string } = {}): Promise<FieldPermissionRow[]> {
  const out: FieldPermissionRow[] = [];
  for (const f of await docFlows(db, filter.defId)) {
    const flowTitle = text(f.def.title);
    const entity = f.def.entity ? flowEntity(f.def.entity) : undefined;
    const props = (entity?.model.properties ?? {}) as Record<string, { title?: { t: string; d: string } }>;
    steps(f.def).forEach((n, i) => {
      const perms = (n as { fieldPermissions?: Record<string, FieldPermission> }).fieldPermissions ?? {};
      const fallback: FieldPermission = n.type === 'start' ? 'W' : 'R';
      const fields = Object.keys(props)
        .filter((k) => k !== 'flowStatus' && k !== 'flowId')
        .map((k) => ({ field: k, title: text(props[k].title) || k, permission: perms[k] ?? fallback, explicit: k in perms }));
      out.push({
        id: `${f.defId}:${n.id}`,
        defId: f.defId,
        flowTitle,
        version: f.version,
        nodeId: n.id,
        step: text(n.title),
        nodeType: n.type,
        fallback,
        fields,
        orderBy: i + 1,
      });
    });
  }
  return byKeyword(out, filter.keyword);
}

function byKeyword<T extends { step: string; flowTitle: string }>(rows: T[], keyword?: string): T[] {
  const k = keyword?.trim();
  return k ? rows.filter((r) => r.step.includes(k) || r.flowTitle.includes(k)) : rows;
}

/**
 * The 委托 not yet ended (end ≥ now) that cover document flows (def_id null or a document flow): those the caller
 * gave or received, or every one when `all` (holders of document:setting). Latest start first, at most 200.
 */
export async function documentAuthorizations(db: Kysely<DB>, userId: number, all: boolean): Promise<AuthorizationRow[]> {
  let q = db
    .selectFrom('flow_delegations as d')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('users as g', 'g.id', 'd.delegate_id')
    .select(['d.id', 'd.user_id', 'u.realname as userName', 'd.delegate_id', 'g.realname as delegateName', 'd.def_id', 'd.start_at', 'd.end_at', 'd.remark'])
    .where('d.end_at', '>=', now())
    .where((eb) => eb.or([eb('d.def_id', 'is', null), eb('d.def_id', 'in', Object.keys(DOC_FLOWS))]));
  if (!all) q = q.where((eb) => eb.or([eb('d.user_id', '=', userId), eb('d.delegate_id', '=', userId)]));
  const rows = await q.orderBy('d.start_at', 'desc').limit(200).execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    userName: r.userName ?? null,
    delegateId: r.delegate_id,
    delegateName: r.delegateName ?? null,
    defId: r.def_id,
    start: Number(r.start_at),
    end: Number(r.end_at),
    remark: r.remark,
  }));
}
