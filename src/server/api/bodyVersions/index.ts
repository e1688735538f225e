/**
 * 正文 versions of a flow's record ("正文: … every save a version with diff"; src/server/engine/flow/
 * bodyVersions.ts). For whoever may see the instance (the flow view decides: -1 otherwise).
 *
 * - `flow/bodyVersions` {id (instance), field?} → [{id, field, versionNo, authorName, createdAt, size}], newest first
 * - `flow/bodyVersion` {id (instance), versionId} → {id, field, versionNo, body}; -1 naming versionId when absent
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { flowRuntime } from '../../engine/flow/runtime.js';
import { bodyVersion, bodyVersions } from '../../engine/flow/bodyVersions.js';
import { flowCallerOf } from '../../engine/flow/caller.js';

const id = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2_147_483_647, title });

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const runtime = flowRuntime(db, app.ctx.dialect, app.ctx);

  call<{ id: number; field?: string }>(
    app,
    'flow/bodyVersions',
    {
      body: {
        type: 'object',
        required: ['id'],
        properties: { id: id('field.id'), field: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,62}$', title: 'field.field' } },
      },
    },
    async (req) => {
      await runtime.view(await flowCallerOf(req), req.body.id);
      return bodyVersions(db, req.body.id, req.body.field);
    },
  );

  call<{ id: number; versionId: number }>(
    app,
    'flow/bodyVersion',
    { body: { type: 'object', required: ['id', 'versionId'], properties: { id: id('field.id'), versionId: id('field.versionId') } } },
    async (req) => {
      await runtime.view(await flowCallerOf(req), req.body.id);
      const v = await bodyVersion(db, req.body.id, req.body.versionId);
      if (!v) throw badInput(req.t('error.badParam', { field: req.t('field.versionId') }));
      return v;
    },
  );
}
