/**
 * 公文统计 call of API group `document` (SPEC §7 document/dbstat "Statistics (/stat/document, dbstat)"):
 * `document/dbstat` {year?, unit_id?} → DocumentStats (services/stats.ts): by unit, by month, by 公文种类,
 * overdue steps and average handling hours of the year (Beijing time; default this year). Needs `stat:read`
 * (-1 error.forbidden); bad input -1 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { now } from '../../../../server/lib/clock.js';
import { userMenus } from '../../../../server/services/menu.js';
import { documentStats } from '../services/stats.js';
import { numberingYear } from '../services/docNumbers.js';

/** Permission of the statistics pages (schemas/stat/area.json). */
export const STAT_CODE = 'stat:read';

/** Registers the call of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  call<{ year?: number; unit_id?: number }>(
    app,
    'document/dbstat',
    {
      // the 统计 permission, checked before the body (DESIGN §6)
      guard: async (req: FastifyRequest) => {
        if (!(await userMenus(db, req.user.userId)).access.includes(STAT_CODE)) throw badInput(req.t('error.forbidden'));
      },
      body: {
        type: 'object',
        properties: {
          year: { type: 'integer', minimum: 2000, maximum: 2100, title: 'field.year' },
          unit_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.unitId' },
        },
      },
    },
    async (req) => {
      return documentStats(db, app.ctx.dialect, { year: req.body.year ?? numberingYear(now()), ...(req.body.unit_id ? { unitId: req.body.unit_id } : {}) });
    },
  );
}
