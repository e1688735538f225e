/**
 * `Users/setClearance` {id, clearance: '0'..'3' | 0..3} → {id, clearance}: the security administrator sets a person's
 * 涉密等级 (0 非密, 1 秘密, 2 机密, 3 绝密; dict user_clearance). 三员分立 (DESIGN §7, 等保 2.0): the system administrator
 * maintains people but not their clearance (services/orgUsers.ts refuses a change), the security administrator
 * sets it and nothing else. Role secadmin only (-1 error.forbidden, before the body is read); an unknown person -1
 * entity.notFound; one audit row `user.clearance` with the old and new level, in the same transaction. The person's
 * cached clearance and user info are forgotten at once.
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../../../../server/lib/route.js';
import { badInput } from '../../../../../server/lib/errors.js';
import { audit } from '../../../../../server/services/audit.js';
import { afterUserChange } from '../../services/orgUsers.js';

/** Registers the call of the module comment. */
export function registerClearance(app: FastifyInstance): void {
  const { db, dialect } = app.ctx;
  call<{ id: number; clearance: string | number }>(
    app,
    'Users/setClearance',
    {
      roles: ['secadmin'],
      body: {
        type: 'object',
        required: ['id', 'clearance'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.id' },
          clearance: { type: ['string', 'integer'], enum: ['0', '1', '2', '3', 0, 1, 2, 3], title: 'field.clearance' },
        },
      },
    },
    async (req) => {
      const level = Number(req.body.clearance);
      const id = req.body.id;
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').select(['id', 'clearance']).where('id', '=', id).executeTakeFirst();
        if (!before) throw badInput(req.t('entity.notFound'));
        await trx.updateTable('users').set({ clearance: level }).where('id', '=', id).execute();
        await audit(trx, dialect, {
          userId: req.user.userId,
          username: req.user.username,
          ip: req.ip,
          event: 'user.clearance',
          object: `user:${id}`,
          result: 'success',
          detail: { before: before.clearance, after: level },
        });
      });
      await afterUserChange(db, [id]);
      return { id, clearance: String(level) };
    },
  );
}
