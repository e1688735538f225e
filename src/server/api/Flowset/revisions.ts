/**
 * Flow revision calls of the `Flowset` group ("Revisions", DESIGN §4/§5). A flow's revisions are its
 * published versions (`flow_versions`, src/server/engine/flow/versions.ts): immutable, each with author, time
 * and comment; running instances keep the version they started with. Administrators only (admin account or
 * role sysadmin; others -1 error.forbidden). Publishing checks the format, the tree (validateFlow) and the
 * lint (entity, fields, CEL branch conditions), -1 naming the path and the problem.
 *
 * - Flowset/revisions {id} → {id, current, draft: {updatedAt, authorId} | null, list: [{version, source,
 *   author, authorId, comment, createdAt}] newest first}
 * - Flowset/diff {id, from?, to?} → {from, to, changes: [{kind, target, id, label, property?, before?, after?,
 *   text}]}; `from` / `to` a version, 'draft' or 'current' (default to = current, from = the version before)
 * - Flowset/saveDraft {id, json | definition} → {id, updatedAt}; Flowset/draft {id} → {id, definition,
 *   updatedAt, authorId} or null; Flowset/deleteDraft {id} → {deleted}
 * - Flowset/publish {id, comment?} → {id, version}: publishes the draft as a new version
 * - Flowset/restore {id, version, comment?} → {id, version, restoredFrom}: an old version published anew
 * - Flowset/export {id, version?} → a JSON file {$schema: 'oa:export/flow', schemaVersion, kind, id, revision,
 *   exportedAt, definition}
 * - Flowset/import {file, id?, draft?, comment?} → {id, version} or {id, draft: true, updatedAt}; a newer
 *   schemaVersion than the engine's → -1 revisions.newerFormat
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FlowDef } from '../../../../engine/flow/index.js';
import { diffFlow } from '../../../../engine/schema/diffFlow.js';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { schemaStore } from '../../engine/schemaStore.js';
import { currentFlow, flowVersion, forgetRecentFlow } from '../../engine/flow/versions.js';
import { now, sha256 } from '../../lib/clock.js';
import { anyValue, body, optStr } from '../../lib/bodies.js';
import { FLOW_ID } from './index.js';

const COMMENT = optStr('field.comment', 1000);
import {
  deleteDraft,
  exportFile,
  jsonParam,
  lintChanged,
  mustAdmin,
  presentChanges,
  readDraft,
  readImportFile,
  refuseIssues,
  saveDraft,
} from '../Template/revisionStore.js';
import { revisionNo, sendJsonFile } from '../Template/revisionCalls.js';

const ID = /^[a-zA-Z][a-zA-Z0-9_-]*(\.[a-zA-Z][a-zA-Z0-9_-]*)+$/;

function flowId(req: FastifyRequest, v: unknown = (req.body as Record<string, any>).id): string {
  if (typeof v !== 'string' || v.length > 128 || !ID.test(v)) throw badInput(req.t('error.badParam', { field: 'id' }));
  return v;
}

/** -1 naming the first lint problem of `def` (entity, fields, CEL branch conditions) in the effective definitions. */
export async function lintFlow(req: FastifyRequest, def: FlowDef): Promise<void> {
  refuseIssues(req, lintChanged(await schemaStore(req.server.ctx.db), [def]));
}

const comment = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 255) : null);

/** Registers the calls of the module comment; `checked` is Flowset's format and tree check. */
export function registerFlowRevisions(app: FastifyInstance, checked: (req: FastifyRequest, raw: unknown) => FlowDef): void {
  const db = app.ctx.db;

  const current = async (req: FastifyRequest, id: string) => {
    const f = await currentFlow(db, id);
    if (!f) throw badInput(req.t('flow.unknownFlow', { id }));
    return f;
  };
  const version = async (req: FastifyRequest, id: string, v: unknown, field: string) => {
    if (v === 'draft') {
      const d = await readDraft(db, 'flow', id);
      if (!d) throw badInput(req.t('revisions.noDraft', { id }));
      return { label: 'draft' as const, def: d.definition as FlowDef };
    }
    if (v === 'current' || v === undefined) {
      const f = await current(req, id);
      return { label: f.version, def: f.def };
    }
    const n = revisionNo(req, v, field);
    const def = await flowVersion(db, id, n);
    if (!def) throw badInput(req.t('flow.unknownFlow', { id: `${id}@${n}` }));
    return { label: n, def };
  };
  /** Checks `raw` and publishes it as the next version, removing the draft, in one transaction (as versions.ts publishFlow). */
  const publish = async (req: FastifyRequest, raw: unknown, note: string | null) => {
    const def = checked(req, raw);
    await lintFlow(req, def);
    const json = JSON.stringify(def);
    const version = await db.transaction().execute(async (trx) => {
      const max = await trx
        .selectFrom('flow_versions')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('def_id', '=', def.id)
        .executeTakeFirst();
      const next = Number(max?.v ?? 0) + 1;
      await trx
        .insertInto('flow_versions')
        .values({
          def_id: def.id,
          version: next,
          definition: json,
          hash: sha256(json),
          source: 'designer',
          author_id: req.user.userId,
          comment: note,
          created_at: now(),
        })
        .execute();
      await deleteDraft(trx, 'flow', def.id);
      return next;
    });
    forgetRecentFlow(db, def.id);
    return { id: def.id, version };
  };

  call<Record<string, any>>(app, 'Flowset/revisions', { guard: mustAdmin, body: body({ id: FLOW_ID }, ['id']) }, async (req) => {
    const id = flowId(req);
    const f = await current(req, id);
    const rows = await db
      .selectFrom('flow_versions as v')
      .leftJoin('users as u', 'u.id', 'v.author_id')
      .select(['v.version', 'v.source', 'v.author_id', 'u.realname as author', 'v.comment', 'v.created_at'])
      .where('v.def_id', '=', id)
      .orderBy('v.version', 'desc')
      .execute();
    const draft = await readDraft(db, 'flow', id);
    return {
      id,
      current: f.version,
      draft: draft ? { updatedAt: draft.updatedAt, authorId: draft.authorId } : null,
      list: rows.map((r) => ({
        version: r.version,
        source: r.source,
        authorId: r.author_id,
        author: r.author ?? null,
        comment: r.comment,
        createdAt: Number(r.created_at),
      })),
    };
  });

  call<Record<string, any>>(
    app,
    'Flowset/diff',
    { guard: mustAdmin, body: body({ id: FLOW_ID, from: anyValue('field.from'), to: anyValue('field.to') }, ['id']) },
    async (req) => {
      const id = flowId(req);
      const b = req.body as Record<string, any>;
      const to = await version(req, id, b.to, 'to');
      const before = b.from ?? (typeof to.label === 'number' ? Math.max(to.label - 1, 1) : (await current(req, id)).version);
      const from = await version(req, id, before, 'from');
      return { from: from.label, to: to.label, changes: presentChanges(req, diffFlow(from.def, to.def)) };
    },
  );

  call<Record<string, any>>(
    app,
    'Flowset/saveDraft',
    { guard: mustAdmin, body: body({ id: FLOW_ID, json: anyValue('field.json'), definition: anyValue('field.definition') }) },
    async (req) => {
      const b = req.body as Record<string, any>;
      const def = jsonParam(req, b.json ?? b.definition, 'json') as { id?: unknown } | null;
      if (!def || typeof def !== 'object' || Array.isArray(def)) throw badInput(req.t('error.badParam', { field: 'json' }));
      const id = flowId(req, def.id);
      if (b.id !== undefined && b.id !== id) throw badInput(req.t('error.badParam', { field: 'id' }));
      return { id, updatedAt: await saveDraft(db, 'flow', id, def, req.user.userId) };
    },
  );

  call<Record<string, any>>(app, 'Flowset/draft', { guard: mustAdmin, body: body({ id: FLOW_ID }, ['id']) }, async (req) => {
    const id = flowId(req);
    const d = await readDraft(db, 'flow', id);
    return d ? { id, ...d } : null;
  });

  call<Record<string, any>>(app, 'Flowset/deleteDraft', { guard: mustAdmin, body: body({ id: FLOW_ID }, ['id']) }, async (req) => {
    return { deleted: await deleteDraft(db, 'flow', flowId(req)) };
  });

  call<Record<string, any>>(app, 'Flowset/publish', { guard: mustAdmin, body: body({ id: FLOW_ID, comment: COMMENT }, ['id']) }, async (req) => {
    const id = flowId(req);
    const d = await readDraft(db, 'flow', id);
    if (!d) throw badInput(req.t('revisions.noDraft', { id }));
    return publish(req, d.definition, comment((req.body as Record<string, any>).comment));
  });

  call<Record<string, any>>(
    app,
    'Flowset/restore',
    { guard: mustAdmin, body: body({ id: FLOW_ID, version: anyValue('field.version'), comment: COMMENT }, ['id', 'version']) },
    async (req) => {
      const id = flowId(req);
      const b = req.body as Record<string, any>;
      const old = await version(req, id, revisionNo(req, b.version, 'version'), 'version');
      const out = await publish(req, old.def, comment(b.comment) ?? req.t('flow.restored', { version: old.label }));
      return { ...out, restoredFrom: old.label };
    },
  );

  call<Record<string, any>>(
    app,
    'Flowset/export',
    { guard: mustAdmin, body: body({ id: FLOW_ID, version: anyValue('field.version') }, ['id']) },
    async (req, reply) => {
      const id = flowId(req);
      const b = req.body as Record<string, any>;
      const v = await version(req, id, b.version === '' ? undefined : b.version, 'version');
      return sendJsonFile(reply, `${id}.v${v.label}.flow.json`, exportFile('flow', id, v.label as number, v.def));
    },
  );

  call<Record<string, any>>(
    app,
    'Flowset/import',
    {
      guard: mustAdmin,
      body: body({ id: FLOW_ID, file: anyValue('field.file'), json: anyValue('field.json'), draft: anyValue('field.draft'), comment: COMMENT }),
    },
    async (req) => {
      const b = req.body as Record<string, any>;
      const file = readImportFile(req, 'flow', b.file ?? b.json);
      if (b.id !== undefined && b.id !== file.id) throw badInput(req.t('revisions.idMismatch', { found: file.id, id: String(b.id) }));
      if (file.definition.id !== file.id) throw badInput(req.t('revisions.idMismatch', { found: String(file.definition.id), id: file.id }));
      if (b.draft === true || b.draft === 1 || b.draft === '1' || b.draft === 'true') {
        const def = checked(req, file.definition);
        return { id: def.id, draft: true, updatedAt: await saveDraft(db, 'flow', def.id, file.definition, req.user.userId) };
      }
      return publish(req, file.definition, comment(b.comment));
    },
  );
}
