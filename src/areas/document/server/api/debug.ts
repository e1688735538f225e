/**
 * API group `debug` (SPEC /debug/index "generate test official documents"): test data for trying the
 * product out and for the benchmarks. Only for holders of `debug:generate` (the system administrator); anyone
 * else -1 error.forbidden.
 *
 * - `debug/generate` {count (1…1,000,000), seed?, background?} → up to INLINE_MAX documents (unless `background`)
 *   the GenerateReport {created, send, receive, byStatus, tasks, events, seconds} once written; more (or with
 *   `background`) {started: true, job} at once, the run going on in this process (debug/jobs.ts);
 *   -1 debug.busy while a run is going.
 * - `debug/status` {} → {send, receive, byStatus, openTasks, job}: the document flows in the database and the
 *   latest background run (null: none since the server started).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { userMenus } from '../../../../server/services/menu.js';
import { GENERATE_MAX, generateDocuments, generatedStatus } from '../debug/generate.js';
import { INLINE_MAX, currentJob, startJob } from '../debug/jobs.js';

/** The permission of the debug calls (src/server/db/seed/roles.ts: sysadmin). */
export const DEBUG_GENERATE = 'debug:generate';

async function mustGenerate(req: FastifyRequest): Promise<void> {
  const m = await userMenus(req.server.ctx.db, req.user.userId);
  if (!m.access.includes(DEBUG_GENERATE)) throw badInput(req.t('error.forbidden'));
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const { db, dialect } = app.ctx;

  call<{ count: number; seed?: number; background?: boolean }>(
    app,
    'debug/generate',
    {
      guard: mustGenerate,
      body: {
        type: 'object',
        required: ['count'],
        properties: {
          count: { type: 'integer', minimum: 1, maximum: GENERATE_MAX, title: 'field.generateCount' },
          seed: { type: 'integer', minimum: 0, maximum: 2_147_483_647, title: 'field.generateSeed' },
          background: { type: 'boolean', title: 'field.generateBackground' },
        },
      },
    },
    async (req) => {
      const { count, seed } = req.body;
      if (currentJob(db)?.running) throw badInput(req.t('debug.busy'));
      if (count <= INLINE_MAX && !req.body.background) return generateDocuments(db, dialect, { count, seed });
      const job = startJob(db, dialect, count, seed, (e) => app.log.error({ err: e }, 'debug/generate failed'));
      if (!job) throw badInput(req.t('debug.busy'));
      return { started: true, job };
    },
  );

  call(app, 'debug/status', { guard: mustGenerate }, async () => {
    return { ...(await generatedStatus(db)), job: currentJob(db) };
  });
}
