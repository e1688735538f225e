/**
 * API group `Flowset` (SPEC §7 "Templates, forms and flows"): the flow definitions and their
 * published versions (src/server/engine/flow/versions.ts). Reading needs a session; writing the permission
 * code `flowset:edit` (-1 error.forbidden). Published versions are immutable: every save is a new version.
 *
 * - Flowset/list {current?, pageSize?, keyword?} → {list: [{id, title, version, source, createdAt, entity, hasDraft}],
 *   total}; `hasDraft`: the flow has an unpublished draft (Flowset/draft), so the list needs no call per row
 * - Flowset/getList {} → [{id, title}] (for selects)
 * - Flowset/info {id} → {id, version, definition, versions: [{version, source, author, comment, createdAt}]}
 * - Flowset/getInfo {id, version?} → the definition of that version (default the newest)
 * - Flowset/getActs {} → [{key, label}]: the actions a node may allow (labels in the caller's locale)
 * - Flowset/saveJson {id, json, comment?} / Flowset/save {definition, comment?} → {id, version}: publishes a
 *   new version after checking the format (schemas/_meta/flow.schema.json) and the tree (validateFlow);
 *   a problem answers -1 naming its path
 * - Flowset/set {id, version, comment?} → {id, version}: publishes an older version again (restore)
 * - Flowset/delete {id} → {deleted}: removes a flow that only the designer made and no instance uses
 * - revisions, diff, saveDraft, draft, deleteDraft, publish, restore, export, import (DESIGN §4): administrators
 *   only (./revisions.ts); saveJson and save also run the definition lint (CEL branch conditions, fields)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildRegistry } from '../../../../engine/schema/loader.js';
import { ACTION_ORDER, validateFlow, type FlowDef } from '../../../../engine/flow/index.js';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { userMenus } from '../../services/menu.js';
import { loadFlows } from '../../engine/definitions.js';
import { currentFlow, flowIds, flowVersion, publishFlow } from '../../engine/flow/versions.js';
import { paging } from '../../engine/flow/listBody.js';
import { anyValue, body, id, optId, optStr, PAGING, str } from '../../lib/bodies.js';

/** A flow definition id (area.name…), checked by flowIdOf. */
export const FLOW_ID = str('field.flowId', 128);
import { positiveInt } from '../flow/parse.js';
import { lintFlow, registerFlowRevisions } from './revisions.js';

/** Permission code of the flow calls that write (DESIGN §4 permissions). */
export const FLOWSET_EDIT = 'flowset:edit';

/** -1 error.forbidden without flowset:edit (an administrator always may); run before the body is validated. */
export async function mustEdit(req: FastifyRequest): Promise<void> {
  const m = await userMenus(req.server.ctx.db, req.user.userId);
  if (!req.user.isAdmin && !m.access.includes(FLOWSET_EDIT)) throw badInput(req.t('error.forbidden'));
}

function flowIdOf(req: FastifyRequest, v: unknown): string {
  if (typeof v !== 'string' || !/^[a-zA-Z][a-zA-Z0-9_-]*(\.[a-zA-Z][a-zA-Z0-9_-]*)+$/.test(v) || v.length > 128)
    throw badInput(req.t('error.badParam', { field: 'id' }));
  return v;
}

/** `raw` checked as a flow definition: format, then the tree; -1 naming the first problem's path. */
function checked(req: FastifyRequest, raw: unknown): FlowDef {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badInput(req.t('error.badParam', { field: 'definition' }));
  const registry = buildRegistry([{ path: 'designer/flow.flow.json', data: raw }]);
  const def = registry.entries.find((e) => e.def.kind === 'flow')?.def as FlowDef | undefined;
  const issue = registry.errors[0];
  if (issue || !def) throw badInput(req.t('flow.definitionInvalid', { path: issue?.path || '/', message: issue?.message ?? 'kind' }));
  const problem = validateFlow(def)[0];
  if (problem) throw badInput(req.t('flow.definitionInvalid', { path: problem.path, message: problem.message }));
  return def;
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;

  call<{ current?: number; pageSize?: number; keyword?: string }>(
    app,
    'Flowset/list',
    { body: body({ ...PAGING, keyword: str('field.keyword', 100) }) },
    async (req) => {
      const b = req.body;
      const { current, pageSize } = paging(b);
      const keyword = typeof b.keyword === 'string' ? b.keyword.trim() : '';
      const rows = [];
      const drafts = new Set(
        (await db.selectFrom('definition_drafts').select('target_id').where('target_kind', '=', 'flow').execute()).map((r) => r.target_id),
      );
      for (const id of await flowIds(db)) {
        const f = await currentFlow(db, id);
        if (!f) continue;
        const title = f.def.title?.d ?? id;
        if (keyword && !title.includes(keyword) && !id.includes(keyword)) continue;
        const v = await db
          .selectFrom('flow_versions')
          .select(['source', 'created_at'])
          .where('def_id', '=', id)
          .where('version', '=', f.version)
          .executeTakeFirstOrThrow();
        rows.push({
          id,
          title: f.def.title,
          version: f.version,
          source: v.source,
          createdAt: Number(v.created_at),
          entity: f.def.entity ?? null,
          hasDraft: drafts.has(id),
        });
      }
      return { list: rows.slice((current - 1) * pageSize, current * pageSize), total: rows.length };
    },
  );

  call(app, 'Flowset/getList', {}, async () => {
    const out = [];
    for (const id of await flowIds(db)) {
      const f = await currentFlow(db, id);
      if (f) out.push({ id, title: f.def.title });
    }
    return out;
  });

  call<{ id: string }>(app, 'Flowset/info', { body: body({ id: FLOW_ID }, ['id']) }, async (req) => {
    const id = flowIdOf(req, req.body.id);
    const f = await currentFlow(db, id);
    if (!f) throw badInput(req.t('flow.unknownFlow', { id }));
    const versions = await db
      .selectFrom('flow_versions as v')
      .leftJoin('users as u', 'u.id', 'v.author_id')
      .select(['v.version', 'v.source', 'u.realname as author', 'v.comment', 'v.created_at'])
      .where('v.def_id', '=', id)
      .orderBy('v.version', 'desc')
      .execute();
    return {
      id,
      version: f.version,
      definition: f.def,
      versions: versions.map((v) => ({ version: v.version, source: v.source, author: v.author ?? null, comment: v.comment, createdAt: Number(v.created_at) })),
    };
  });

  call<{ id: string; version?: number | null }>(
    app,
    'Flowset/getInfo',
    { body: body({ id: FLOW_ID, version: optId('field.version') }, ['id']) },
    async (req) => {
      const b = req.body;
      const id = flowIdOf(req, b.id);
      if (b.version === undefined || b.version === null) {
        const f = await currentFlow(db, id);
        if (!f) throw badInput(req.t('flow.unknownFlow', { id }));
        return { id, version: f.version, definition: f.def };
      }
      const version = positiveInt(req, b.version, 'version');
      const def = await flowVersion(db, id, version);
      if (!def) throw badInput(req.t('flow.unknownFlow', { id: `${id}@${version}` }));
      return { id, version, definition: def };
    },
  );

  call(app, 'Flowset/getActs', {}, async (req) => ACTION_ORDER.map((key) => ({ key, label: req.t(`flow.action.${key}`) })));

  const save = async (req: FastifyRequest, raw: unknown) => {
    const def = checked(req, raw);
    await lintFlow(req, def);
    const b = req.body as { comment?: string };
    const comment = typeof b.comment === 'string' ? b.comment.trim().slice(0, 255) || null : null;
    return { id: def.id, version: await publishFlow(db, def, req.user.userId, comment) };
  };
  const guard = mustEdit;
  const comment = optStr('field.comment', 1000);
  call<{ id?: string; json: unknown; comment?: string }>(
    app,
    'Flowset/saveJson',
    { guard, body: body({ id: FLOW_ID, json: anyValue('field.json'), comment }, ['json']) },
    async (req) => {
      const b = req.body;
      let raw: unknown = b.json;
      if (typeof raw === 'string') {
        try {
          raw = JSON.parse(raw);
        } catch {
          throw badInput(req.t('error.badParam', { field: 'json' }));
        }
      }
      // a named id must be the definition's own: checked before anything is written
      if (b.id !== undefined && (!raw || typeof raw !== 'object' || (raw as { id?: unknown }).id !== b.id))
        throw badInput(req.t('error.badParam', { field: 'id' }));
      return save(req, raw);
    },
  );
  call<{ definition: unknown; comment?: string }>(
    app,
    'Flowset/save',
    { guard, body: body({ definition: anyValue('field.definition'), comment }, ['definition']) },
    async (req) => save(req, req.body.definition),
  );

  call<{ id: string; version: number; comment?: string }>(
    app,
    'Flowset/set',
    { guard, body: body({ id: FLOW_ID, version: id('field.version'), comment }, ['id', 'version']) },
    async (req) => {
      const b = req.body;
      const id = flowIdOf(req, b.id);
      const version = positiveInt(req, b.version, 'version');
      const def = await flowVersion(db, id, version);
      if (!def) throw badInput(req.t('flow.unknownFlow', { id: `${id}@${version}` }));
      const comment = typeof b.comment === 'string' && b.comment.trim() ? b.comment.trim().slice(0, 255) : req.t('flow.restored', { version });
      return { id, version: await publishFlow(db, def, req.user.userId, comment) };
    },
  );

  call<{ id: string }>(app, 'Flowset/delete', { guard, body: body({ id: FLOW_ID }, ['id']) }, async (req) => {
    const id = flowIdOf(req, req.body.id);
    if (loadFlows().has(id)) throw badInput(req.t('flow.baseNotDeletable'));
    return db.transaction().execute(async (trx) => {
      const used = await trx.selectFrom('flow_instances').select('id').where('def_id', '=', id).executeTakeFirst();
      if (used) throw badInput(req.t('flow.inUse'));
      const r = await trx.deleteFrom('flow_versions').where('def_id', '=', id).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw badInput(req.t('flow.unknownFlow', { id }));
      return { deleted: 1 };
    });
  });

  registerFlowRevisions(app, checked);
}
