/**
 * 公文设置 and 授权查询 calls of API group `document` (SPEC §2.3 /document/gwsz, /document/authquery; §7 getSetting,
 * submitSetting, gwszCzsz*, gwszJdqx*). Services in services/settings.ts.
 *
 * - `getSetting` {} → the 通用设置 record {version, defaultSecretLevel, handleDays, allowReceiptReturn, autoRegister,
 *   items: [{field, title, type, value, min?, max?, readOnly}]}; any signed-in user (the forms read the defaults).
 * - `submitSetting` {version?, defaultSecretLevel?, handleDays?, allowReceiptReturn?} → the new record; needs
 *   `document:setting` (-1 error.forbidden); a bad value -1 naming the setting; a changed version -1 entity.stale.
 * - `gwszCzszList` / `gwszJdqxList` {defId?, keyword?, current?, pageSize?} → {list, total}: 操作设置 (the actions of
 *   each step) / 节点权限 (R/W/H of each field at each step) of the current document flow definitions;
 *   `gwszCzszInfo` / `gwszJdqxInfo` {id: "<defId>:<nodeId>"} → one row (-1 naming id when there is none);
 *   `gwszCzszLastOrderBy` / `gwszJdqxLastOrderBy` {defId?} → {orderBy}: the largest step position.
 *   `gwszCzszAdd|Edit|Del`, `gwszJdqxAdd|Edit|Del` → always -1 document.setting.inDesigner: the flow definitions are
 *   the one source of a step's actions and field permissions; the flow designer (/flowset) edits and publishes
 *   them as a new version, which these lists then show. All of these need `document:setting`.
 * - 关联类型 (why documents are linked, services/relationKinds.ts), also the calls of entity `document.relationKind`
 *   (schemas/document/entities/relationKind.json, its `calls`: the generic list and form, FORMATS.md "storage
 *   custom"): `gwszThglList` {keyword?, current?, pageSize?, page?, view?} → {list: [{id, code, name, customName,
 *   orderBy, builtin, used, updatedAt, version, _actions}], total, refs} and `gwszThglInfo` {id} → one kind (with
 *   `_refs`), for any signed-in user (the 关联文件 picker offers them; editthgl takes `kind`); `_actions` holds edit,
 *   and delete while no link uses the kind, for `document:setting`;
 *   `gwszThglLastOrderBy` {} → {orderBy, next}: the largest sort number and the next one; `gwszThglAdd` {name,
 *   orderBy?} → the kind; `gwszThglEdit` {id, version?, name? (null: a built-in kind's own name again), orderBy?} →
 *   the kind (another version: -1 entity.stale); `gwszThglDel` {id} → {id} or {ids} → {deleted: count}, all or none
 *   (-1 while a link uses one) — these four need `document:setting`. A name used by another kind is -1 naming the
 *   name; an unknown id -1 naming id.
 * - `authQuery` {} → AuthorizationRow[]: the 委托 in force for document flows that the caller gave or received
 *   (every one for holders of `document:setting`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call, type BodySchema } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { definitionText } from '../../../../server/engine/definitions.js';
import { userMenus } from '../../../../server/services/menu.js';
import { DOC_FLOWS } from '../services/supervise.js';
import { actionSettings, docSettings, documentAuthorizations, fieldPermissionSettings, saveDocSettings, type TextOf } from '../services/settings.js';
import { DOCUMENT_SETTING } from './marks.js';
import {
  addKind,
  deleteKind,
  deleteKinds,
  editKind,
  lastKindOrder,
  relationKinds,
  RELATION_KIND_NAME_MAX,
  RELATION_KIND_ORDER_MAX,
  type KindRefusal,
  type RelationKindRow,
} from '../services/relationKinds.js';

const kindId = { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.id' };
const kindName = { type: 'string', minLength: 1, maxLength: RELATION_KIND_NAME_MAX, pattern: '\\S', title: 'field.relationKindName' };
const kindOrder = { type: 'integer', minimum: 0, maximum: RELATION_KIND_ORDER_MAX, title: 'field.sort' };

const listBody: BodySchema = {
  type: 'object',
  properties: {
    defId: { type: 'string', enum: Object.keys(DOC_FLOWS), title: 'field.flow' },
    keyword: { type: 'string', maxLength: 100, title: 'field.keyword' },
    current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
    pageSize: { type: 'integer', minimum: 1, maximum: 200, title: 'field.pageSize' },
  },
};
const infoBody: BodySchema = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 3, maxLength: 200, title: 'field.id' } } };
const lastBody: BodySchema = { type: 'object', properties: { defId: listBody.properties.defId } };

/** Whether the caller holds `document:setting`. */
async function isDocAdmin(req: FastifyRequest): Promise<boolean> {
  return (await userMenus(req.server.ctx.db, req.user.userId)).access.includes(DOCUMENT_SETTING);
}

/** -1 error.forbidden unless the caller holds `document:setting`. */
async function mustAdmin(req: FastifyRequest): Promise<void> {
  if (!(await isDocAdmin(req))) throw badInput(req.t('error.forbidden'));
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const textOf =
    (req: FastifyRequest): TextOf =>
    (t) =>
      t ? (definitionText(req.locale, t.t) ?? t.d) : '';

  call(app, 'document/getSetting', {}, async (req) => docSettings(db, req.locale));

  call<Record<string, unknown> & { version?: number }>(
    app,
    'document/submitSetting',
    {
      guard: mustAdmin,
      body: {
        type: 'object',
        properties: {
          version: { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.version' },
          defaultSecretLevel: { title: 'field.defaultSecretLevel' },
          handleDays: { title: 'field.handleDays' },
          allowReceiptReturn: { title: 'field.allowReceiptReturn' },
          autoRegister: { title: 'field.autoRegister' },
        },
      },
    },
    async (req) => {
      const { version, ...changes } = req.body;
      const c = { userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale };
      return saveDocSettings(db, app.ctx.dialect, c, changes, version);
    },
  );

  /** The list/info/LastOrderBy/add/edit/del calls of one settings view (`prefix` gwszCzsz | gwszJdqx). */
  const views = {
    gwszCzsz: (req: FastifyRequest, f: { defId?: string; keyword?: string }) => actionSettings(db, textOf(req), f),
    gwszJdqx: (req: FastifyRequest, f: { defId?: string; keyword?: string }) => fieldPermissionSettings(db, textOf(req), f),
  };
  for (const [prefix, rowsOf] of Object.entries(views)) {
    call<{ defId?: string; keyword?: string; current?: number; pageSize?: number }>(
      app,
      `document/${prefix}List`,
      { guard: mustAdmin, body: listBody },
      async (req) => {
        const rows = await rowsOf(req, req.body);
        const size = req.body.pageSize ?? 50;
        const from = ((req.body.current ?? 1) - 1) * size;
        return { list: rows.slice(from, from + size), total: rows.length };
      },
    );
    call<{ id: string }>(app, `document/${prefix}Info`, { guard: mustAdmin, body: infoBody }, async (req) => {
      const defId = req.body.id.slice(0, req.body.id.lastIndexOf(':'));
      const row = defId in DOC_FLOWS ? (await rowsOf(req, { defId })).find((r) => r.id === req.body.id) : undefined;
      if (!row) throw badInput(req.t('error.badParam', { field: req.t('field.id') }));
      return row;
    });
    call<{ defId?: string }>(app, `document/${prefix}LastOrderBy`, { guard: mustAdmin, body: lastBody }, async (req) => {
      const rows = await rowsOf(req, { defId: req.body.defId });
      return { orderBy: rows.reduce((m, r) => Math.max(m, r.orderBy), 0) };
    });
    for (const action of ['Add', 'Edit', 'Del']) {
      // writes nothing and answers the same whatever the (legacy) body holds: any keys are let through
      call(app, `document/${prefix}${action}`, { guard: mustAdmin, body: { type: 'object', properties: {}, additionalProperties: true } }, async (req) => {
        throw badInput(req.t('document.setting.inDesigner'));
      });
    }
  }

  registerRelationKinds(app);

  call(app, 'document/authQuery', {}, async (req) => documentAuthorizations(db, req.user.userId, await isDocAdmin(req)));
}

/** The gwszThgl* calls (关联类型) of the module comment. */
function registerRelationKinds(app: FastifyInstance): void {
  const db = app.ctx.db;
  const callerOf = (req: FastifyRequest) => ({ userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale });
  const noRefs = { users: {}, depts: {} };
  /** What the caller may do with a kind (the generic list's row actions): edit, and delete while no link uses it. */
  const withActions = (row: RelationKindRow, admin: boolean) => ({ ...row, _actions: admin ? (row.used ? ['edit'] : ['edit', 'delete']) : [] });
  /** The kind `id` in the caller's language; -1 naming id when there is none. */
  const kindOf = async (req: FastifyRequest, id: number) => {
    const row = (await relationKinds(db, req.locale)).find((k) => k.id === id);
    if (!row) throw badInput(req.t('error.badParam', { field: req.t('field.id') }));
    return { ...withActions(row, await isDocAdmin(req)), _refs: noRefs };
  };
  const refuse = (req: FastifyRequest, r: KindRefusal): never => {
    if (r === 'nameTaken') throw badInput(req.t('document.relationKindNameTaken', { field: req.t('field.relationKindName') }));
    if (r === 'nameRequired') throw badInput(req.t('validate.required', { field: req.t('field.relationKindName') }));
    if (r === 'inUse') throw badInput(req.t('document.relationKindInUse'));
    if (r === 'full') throw badInput(req.t('document.relationKindsFull'));
    if (r === 'stale') throw badInput(req.t('entity.stale'));
    throw badInput(req.t('error.badParam', { field: req.t('field.id') }));
  };

  call<{ keyword?: string; current?: number; pageSize?: number }>(
    app,
    'document/gwszThglList',
    {
      body: {
        type: 'object',
        properties: {
          keyword: listBody.properties.keyword,
          current: listBody.properties.current,
          pageSize: listBody.properties.pageSize,
          page: { type: ['string', 'null'], maxLength: 200, title: 'field.page' },
          view: { type: ['string', 'null'], maxLength: 200, title: 'field.view' },
        },
      },
    },
    async (req) => {
      const rows = await relationKinds(db, req.locale, req.body.keyword);
      const size = req.body.pageSize ?? 50;
      const from = ((req.body.current ?? 1) - 1) * size;
      const admin = await isDocAdmin(req);
      return { list: rows.slice(from, from + size).map((r) => withActions(r, admin)), total: rows.length, refs: noRefs };
    },
  );
  call<{ id: number }>(app, 'document/gwszThglInfo', { body: { type: 'object', required: ['id'], properties: { id: kindId } } }, async (req) =>
    kindOf(req, req.body.id),
  );
  call(app, 'document/gwszThglLastOrderBy', { guard: mustAdmin }, async () => {
    const orderBy = await lastKindOrder(db);
    return { orderBy, next: Math.min(RELATION_KIND_ORDER_MAX, orderBy + 1) };
  });
  call<{ name: string; orderBy?: number }>(
    app,
    'document/gwszThglAdd',
    { guard: mustAdmin, body: { type: 'object', required: ['name'], properties: { name: kindName, orderBy: kindOrder } } },
    async (req) => {
      const r = await addKind(db, app.ctx.dialect, callerOf(req), { name: req.body.name.trim(), orderBy: req.body.orderBy });
      if (typeof r !== 'number') return refuse(req, r);
      return kindOf(req, r);
    },
  );
  call<{ id: number; version?: number; name?: string | null; orderBy?: number }>(
    app,
    'document/gwszThglEdit',
    {
      guard: mustAdmin,
      body: {
        type: 'object',
        required: ['id'],
        properties: { id: kindId, version: { ...kindId, title: 'field.version' }, name: { ...kindName, type: ['string', 'null'] }, orderBy: kindOrder },
      },
    },
    async (req) => {
      const name = req.body.name == null ? req.body.name : req.body.name.trim();
      const r = await editKind(db, app.ctx.dialect, callerOf(req), req.body.id, { name, orderBy: req.body.orderBy, version: req.body.version });
      if (r !== true) return refuse(req, r);
      return kindOf(req, req.body.id);
    },
  );
  call<{ id?: number; ids?: number[] }>(
    app,
    'document/gwszThglDel',
    {
      guard: mustAdmin,
      body: { type: 'object', properties: { id: kindId, ids: { type: 'array', minItems: 1, maxItems: 200, items: kindId, title: 'field.ids' } } },
    },
    async (req) => {
      const { id, ids } = req.body;
      if (id === undefined && !ids?.length) throw badInput(req.t('validate.required', { field: req.t('field.id') }));
      const r =
        id !== undefined ? await deleteKind(db, app.ctx.dialect, callerOf(req), id) : await deleteKinds(db, app.ctx.dialect, callerOf(req), [...new Set(ids)]);
      if (r !== true) return refuse(req, r);
      return id !== undefined ? { id } : { deleted: new Set(ids).size };
    },
  );
}
