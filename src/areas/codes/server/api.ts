/**
 * API group `codes` (SPEC §7 "System, codes and words"; route /codes/index, administrators only): the
 * dictionaries of every area. Reads need a session; changes need the system administrator (sysadmin)
 * and are published as overlay revisions (./service.ts).
 *
 * - list {keyword?, current?, pageSize?} → {list: [{code, title, count, changed}], total}
 * - info {code} → {code, title, items: [{value, label, labelZh, labelEn, color?, disabled?}]}
 * - getcodes {codes: ["document_mj", …] | "a,b"} → {[code]: [{value, label, color?, disabled?}]} (unknown codes left out)
 * - getList {code} → [{value, label, color?, disabled?}]
 * - edit {code, items: [{value, labelZh | label, labelEn?, color?, disabled?}]} → {revision}, msg 保存成功
 * - del {code} → {revision}: restores the shipped items, msg 已恢复默认值
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call, Ok } from '../../../server/lib/route.js';
import { schemaStore } from '../../../server/engine/schemaStore.js';
import { notFound } from '../../../server/api/Template/index.js';
import { localText } from '../../../server/api/Template/service.js';
import { codeItems } from '../../../server/services/dicts.js';
import { listCodes, restoreCodes, saveCodes, type CodesCaller } from './service.js';

const codeProp = { type: 'string', title: 'field.code', minLength: 1, maxLength: 100 };
const caller = (req: FastifyRequest): CodesCaller => ({ userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale });

/** Registers the codes calls on `app`. */
export function register(app: FastifyInstance): void {
  call<{ keyword?: string; current?: number; pageSize?: number }>(
    app,
    'codes/list',
    {
      body: {
        type: 'object',
        properties: {
          keyword: { type: 'string', maxLength: 100, title: 'field.keyword' },
          current: { type: 'integer', minimum: 1, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: 200, title: 'field.pageSize' },
        },
      },
    },
    async (req) => {
      const all = await listCodes(req.server.ctx.db, req.locale, req.body.keyword ?? '');
      const size = req.body.pageSize ?? 20;
      const from = ((req.body.current ?? 1) - 1) * size;
      return { list: all.slice(from, from + size), total: all.length };
    },
  );

  call<{ code: string }>(app, 'codes/info', { body: { type: 'object', required: ['code'], properties: { code: codeProp } } }, async (req) => {
    const s = await schemaStore(req.server.ctx.db);
    const items = codeItems(s, req.locale, req.body.code, true);
    if (!items) throw notFound(req, req.body.code);
    const d = s.registry.get('dict', req.body.code)!;
    return { code: d.id, title: localText(s, req.locale, d.title), items };
  });

  call<{ codes: string[] | string }>(
    app,
    'codes/getcodes',
    {
      body: { type: 'object', required: ['codes'], properties: { codes: { type: ['array', 'string'], title: 'field.code', maxItems: 100, items: codeProp } } },
    },
    async (req) => {
      const s = await schemaStore(req.server.ctx.db);
      const codes = Array.isArray(req.body.codes) ? req.body.codes : String(req.body.codes).split(',');
      const out: Record<string, unknown> = {};
      for (const code of codes.map((c) => c.trim()).filter(Boolean)) {
        const items = codeItems(s, req.locale, code);
        if (items) out[code] = items;
      }
      return out;
    },
  );

  call<{ code: string }>(app, 'codes/getList', { body: { type: 'object', required: ['code'], properties: { code: codeProp } } }, async (req) => {
    const items = codeItems(await schemaStore(req.server.ctx.db), req.locale, req.body.code);
    if (!items) throw notFound(req, req.body.code);
    return items;
  });

  call<{ code: string; items: unknown }>(
    app,
    'codes/edit',
    { roles: ['sysadmin'], body: { type: 'object', required: ['code', 'items'], properties: { code: codeProp, items: { title: 'field.items' } } } },
    async (req) => {
      let items = req.body.items;
      if (typeof items === 'string') {
        try {
          items = JSON.parse(items);
        } catch {
          items = null;
        }
      }
      const revision = await saveCodes(req.server.ctx.db, req.server.ctx.dialect, caller(req), req.body.code, items);
      return new Ok({ revision }, req.t('codes.saved'));
    },
  );

  call<{ code: string }>(
    app,
    'codes/del',
    { roles: ['sysadmin'], body: { type: 'object', required: ['code'], properties: { code: codeProp } } },
    async (req) => {
      const revision = await restoreCodes(req.server.ctx.db, req.server.ctx.dialect, caller(req), req.body.code);
      return new Ok({ revision }, req.t('codes.restored'));
    },
  );
}
