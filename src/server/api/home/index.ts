/**
 * API group `home` (SPEC §7): header search (searchType, search) and cache clearing (cleancache).
 * Other home calls (homedatalist, savehomeset, …) belong to later issues.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LIST_PAGE, DEFAULT_PAGE_SIZE } from '../../../shared/constants.js';
import { ApiError, Ok, call } from '../../lib/route.js';
import { diskUsagePercent } from '../../services/disk.js';
import { clearCaches, searchContacts, searchMenus, searchType, type SearchType } from './service.js';

const keyword = { type: 'string', maxLength: 50, title: 'field.keyword' };

/** The trimmed keyword of a search call; -1 "请输入关键字" (SPEC §5) when it is missing or blank. */
function keywordOf(req: FastifyRequest, value: unknown): string {
  const kw = typeof value === 'string' ? value.trim() : '';
  if (!kw) throw new ApiError(req.t('home.keywordRequired'));
  return kw;
}

/**
 * Registers:
 * - `home/searchType` {keyword} → {type: 'menu' | 'contact'};
 * - `home/search` {type, keyword, current?, pageSize?} → {list, total} (menu pages or people);
 * - `home/cleancache` (no payload, role sysadmin, else -1 no permission) → {concurrent: disk-usage
 *   percent of DATA_DIR's file system} with msg "清除成功".
 */
export function register(app: FastifyInstance): void {
  call<{ keyword?: string }>(app, 'home/searchType', { body: { type: 'object', properties: { keyword } } }, async (req) => ({
    type: await searchType(req.server.ctx.db, req.user.userId, keywordOf(req, req.body?.keyword), req.locale),
  }));

  call<{ type: SearchType; keyword?: string; current?: number; pageSize?: number }>(
    app,
    'home/search',
    {
      body: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string', enum: ['menu', 'contact'], title: 'field.searchType' },
          keyword,
          current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: 100, title: 'field.pageSize' },
        },
      },
    },
    async (req) => {
      const kw = keywordOf(req, req.body.keyword);
      const current = req.body.current ?? DEFAULT_LIST_PAGE;
      const pageSize = req.body.pageSize ?? DEFAULT_PAGE_SIZE;
      const db = req.server.ctx.db;
      return req.body.type === 'contact' ? searchContacts(db, kw, current, pageSize) : searchMenus(db, req.user.userId, kw, req.locale, current, pageSize);
    },
  );

  call(app, 'home/cleancache', { roles: ['sysadmin'] }, async (req) => {
    await clearCaches(req.server.ctx.db);
    return new Ok({ concurrent: diskUsagePercent(req.server.ctx.config.dataDir) }, req.t('home.cacheCleared'));
  });
}
