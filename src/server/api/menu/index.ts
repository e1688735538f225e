/**
 * API group `menu` (SPEC §2.3 /acl/menu "menus/resources", /organization/permission): the menu tree and the
 * permission codes administrators assign to roles, and menu edits (header, icon, visibility, order).
 * System administrator only (DESIGN §7). Headers are stored in zh-CN; the client localises by `i18nKey`.
 *
 * - tree {} → [{id, parentId, path, header, i18nKey, icon, status, auth, adminOnly, sort, children}]
 * - permissions {} → [{area, title, codes: [{code, label}]}]: every area's permission codes (schemas/<area>/area.json), localised
 * - routes {} → {sections: RouteNode[]}: the areas' route tree (src/shared/routeTree.ts) of the running definitions — each
 *   area's section and routes with titles in the caller's locale and the page each renders; for every signed-in user
 *   (also while the password must change): the browser builds its area routes from it after sign-in
 * - edit {id, header?, icon?, status? (0|1), sort?, path?} → the menu row, msg 保存成功; audited; menus reload at once;
 *   any other key is refused naming it; `path` must be an app route or an http(s) address (MENU_PATH)
 */
import type { FastifyInstance } from 'fastify';
import { call, NO_BODY, Ok } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { audit } from '../../services/audit.js';
import { invalidateMenuCache } from '../../services/menu.js';
import { invalidateAllUserInfo } from '../../services/userInfo.js';
import { schemaStore } from '../../engine/schemaStore.js';
import { schemaRouteTree } from '../../engine/routeTree.js';
import { localText } from '../Template/service.js';

/** One node of the menu tree. */
export interface MenuTreeNode {
  id: number;
  parentId: number | null;
  path: string;
  header: string;
  i18nKey: string;
  icon: string | null;
  status: number;
  auth: string;
  adminOnly: boolean;
  sort: number;
  children: MenuTreeNode[];
}

/**
 * What a menu may point to: an app route (`/…`, SPEC §2.3) or an http(s) address (外链), never a script
 * (`javascript:`, `data:`) or a protocol-relative `//host` address.
 */
export const MENU_PATH = /^(\/(?!\/)[A-Za-z0-9_\-./:?=&%#]*|https?:\/\/[^\s"'<>`\\]+)$/;

interface MenuEdit {
  id: number;
  header?: string;
  icon?: string;
  status?: number;
  sort?: number;
  path?: string;
}

/** Registers the menu calls on `app`. */
export function register(app: FastifyInstance): void {
  const admin = { roles: ['sysadmin'] };

  call(app, 'menu/tree', admin, async (req) => {
    const rows = await req.server.ctx.db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute();
    const nodes = new Map<number, MenuTreeNode>();
    for (const r of rows) {
      nodes.set(r.id, {
        id: r.id,
        parentId: r.parent_id,
        path: r.path,
        header: r.header,
        i18nKey: r.i18n_key,
        icon: r.icon,
        status: r.status,
        auth: r.auth,
        adminOnly: !!r.admin_only,
        sort: r.sort,
        children: [],
      });
    }
    const roots: MenuTreeNode[] = [];
    for (const n of nodes.values()) (n.parentId != null && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : roots).push(n);
    return roots;
  });

  call(app, 'menu/routes', { duringPasswordChange: true, body: NO_BODY }, async (req) => schemaRouteTree(await schemaStore(req.server.ctx.db), req.locale));

  call(app, 'menu/permissions', admin, async (req) => {
    const s = await schemaStore(req.server.ctx.db);
    return s.registry
      .areas()
      .filter((a) => a.permissions.length)
      .map((a) => ({
        area: a.id,
        title: localText(s, req.locale, a.title),
        codes: a.permissions.map((p) => ({ code: p.code, label: localText(s, req.locale, p.label) })),
      }));
  });

  call<MenuEdit>(
    app,
    'menu/edit',
    {
      ...admin,
      body: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer', minimum: 1, title: 'field.id' },
          header: { type: 'string', minLength: 1, maxLength: 50, title: 'field.menuHeader' },
          icon: { type: 'string', maxLength: 50, pattern: '^[A-Za-z]*$', title: 'field.menuIcon' },
          status: { type: 'integer', enum: [0, 1], title: 'field.status' },
          sort: { type: 'integer', minimum: 0, maximum: 100000, title: 'field.sort' },
          path: { type: 'string', minLength: 1, maxLength: 255, pattern: MENU_PATH.source, title: 'field.menuPath' },
        },
      },
    },
    async (req) => {
      const { db, dialect } = req.server.ctx;
      const { id } = req.body;
      // only the columns an administrator may change, picked one by one (never the body itself)
      const b = req.body;
      const patch: { header?: string; icon?: string; status?: number; sort?: number; path?: string } = {};
      if (b.header !== undefined) patch.header = b.header;
      if (b.icon !== undefined) patch.icon = b.icon;
      if (b.status !== undefined) patch.status = b.status;
      if (b.sort !== undefined) patch.sort = b.sort;
      if (b.path !== undefined) patch.path = b.path;
      const after = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('menus').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw badInput(req.t('entity.notFound'));
        if (Object.keys(patch).length) await trx.updateTable('menus').set(patch).where('id', '=', id).execute();
        const row = await trx.selectFrom('menus').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await audit(trx, dialect, {
          userId: req.user.userId,
          username: req.user.username,
          ip: req.ip,
          event: 'menu.edit',
          object: `menu:${id}`,
          result: 'success',
          detail: { before, after: row },
        });
        return row;
      });
      invalidateMenuCache(db);
      invalidateAllUserInfo(db);
      return new Ok(after, req.t('codes.saved'));
    },
  );
}
