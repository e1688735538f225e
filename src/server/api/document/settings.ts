/**
 * 公文设置 and 授权查询 calls of API group `document` (SPEC §2.3 /document/gwsz, /document/authquery; §7 getSetting,
 * submitSetting, gwszCzsz*, gwszJdqx*). Services in services/document/settings.ts.
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
 * - `authQuery` {} → AuthorizationRow[]: the 委托 in force for document flows that the caller gave or received
 *   (every one for holders of `document:setting`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call, type BodySchema } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { definitionText } from '../../engine/definitions.js';
import { userMenus } from '../../services/menu.js';
import { DOC_FLOWS } from '../../services/document/supervise.js';
import {
  actionSettings,
  docSettings,
  documentAuthorizations,
  fieldPermissionSettings,
  saveDocSettings,
  type TextOf,
} from '../../services/document/settings.js';
import { DOCUMENT_SETTING } from './marks.js';

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
      await mustAdmin(req);
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
    call<{ defId?: string; keyword?: string; current?: number; pageSize?: number }>(app, `document/${prefix}List`, { body: listBody }, async (req) => {
      await mustAdmin(req);
      const rows = await rowsOf(req, req.body);
      const size = req.body.pageSize ?? 50;
      const from = ((req.body.current ?? 1) - 1) * size;
      return { list: rows.slice(from, from + size), total: rows.length };
    });
    call<{ id: string }>(app, `document/${prefix}Info`, { body: infoBody }, async (req) => {
      await mustAdmin(req);
      const defId = req.body.id.slice(0, req.body.id.lastIndexOf(':'));
      const row = defId in DOC_FLOWS ? (await rowsOf(req, { defId })).find((r) => r.id === req.body.id) : undefined;
      if (!row) throw badInput(req.t('error.badParam', { field: req.t('field.id') }));
      return row;
    });
    call<{ defId?: string }>(app, `document/${prefix}LastOrderBy`, { body: lastBody }, async (req) => {
      await mustAdmin(req);
      const rows = await rowsOf(req, { defId: req.body.defId });
      return { orderBy: rows.reduce((m, r) => Math.max(m, r.orderBy), 0) };
    });
    for (const action of ['Add', 'Edit', 'Del']) {
      call(app, `document/${prefix}${action}`, {}, async (req) => {
        await mustAdmin(req);
        throw badInput(req.t('document.setting.inDesigner'));
      });
    }
  }

  call(app, 'document/authQuery', {}, async (req) => documentAuthorizations(db, req.user.userId, await isDocAdmin(req)));
}
