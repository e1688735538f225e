/**
 * API group `documentarchive` (SPEC §7 /api/documentarchive/list, add, delete, getlist "… 办结 → 归档"):
 * the 归档 records of finished official documents. SQL in services/archives.ts.
 *
 * Who may do what (chosen here; SPEC names only the calls):
 * - `add` {flow_id, archive_no?, retention: Y|D30|D10, category?} → {id, archive_no}: holders of
 *   `document:receive` (收发员 / 文书, who file documents per 《党政机关公文处理工作条例》 第二十七条) or
 *   `document:setting` (公文管理员), for a document flow they may see (runtime `view`) that is finished (办结);
 *   once per flow. 档号 generated as `<year>-<retention>-<seq 4 digits>` when absent; 归档年度 is the year (Beijing
 *   time) the flow finished; the 密级 and title are copied from the flow.
 * - `delete` {id} → {id}: holders of `document:setting` only (撤销归档).
 * - `list` {keyword?, year?, retention?, current?, pageSize? ≤ 100} → {list, total}: holders of `document:setting`
 *   and supervisors see every archive within their clearance, anyone else those of documents whose flow they took
 *   part in or archived themselves (services/archives.ts archiveList).
 * - `getlist` {flow_id} → the archive record of that flow, or null: for whoever may see the flow (e.g. the
 *   approval page showing 档号).
 *
 * - `document/setArchivesGwjh` (API group `document`, SPEC §7) {id (archive id) | flow_id, gwjh: 1…99999 | null}
 *   → the archive record with its `gwjh`: sets (null clears) the 件号 of an archive (DA/T 22-2015), unique within
 *   its 归档年度 and 保管期限 (-1 document.archivePieceTaken otherwise). Holders of `document:setting` for any archive
 *   within their clearance; holders of `document:receive` for documents they may see (as `add`). An archive above
 *   the caller's clearance is as if it did not exist (-1 document.archiveNotFound). Audited on the document.
 *
 * Without a session -99; bad input -1 naming the field; a missing permission -1 error.forbidden; every write one
 * transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { flowRuntime } from '../../../../server/engine/flow/runtime.js';
import { SUPERVISE_CODE } from '../../../../server/engine/flow/supervise.js';
import { secretLevelOfInstance } from '../../../../server/engine/flow/secret.js';
import { userMenus } from '../../../../server/services/menu.js';
import { clearanceOf } from '../../../../server/services/clearance.js';
import { orgDate } from '../../../../server/services/orgZone.js';
import {
  addArchive,
  archiveById,
  archiveList,
  archiveOfFlow,
  ARCHIVE_MAX_PAGE_SIZE,
  deleteArchive,
  RETENTIONS,
  setPieceNo,
  type Retention,
} from '../services/archives.js';
import { documentView } from './extras.js';
import { flowCallerOf } from '../../../../server/engine/flow/caller.js';

/** Permission of 公文设置 (公文管理员): archives everything, deletes archives. */
export const ARCHIVE_MANAGE = 'document:setting';
/** Permission of 签收与登记收文 (收发员): archives documents. */
export const ARCHIVE_FILE = 'document:receive';

const id = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2_147_483_647, title });

/** Largest 件号. */
export const PIECE_NO_MAX = 99_999;

/** The caller's permission codes. */
async function codesOf(req: FastifyRequest): Promise<string[]> {
  return (await userMenus(req.server.ctx.db, req.user.userId)).access;
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const dialect = app.ctx.dialect;
  const runtime = flowRuntime(db, dialect, app.ctx);

  call<{ keyword?: string; year?: number; retention?: string; current?: number; pageSize?: number }>(
    app,
    'documentarchive/list',
    {
      body: {
        type: 'object',
        properties: {
          keyword: { type: 'string', maxLength: 100, title: 'field.keyword' },
          year: { type: 'integer', minimum: 1949, maximum: 9999, title: 'field.year' },
          retention: { type: 'string', enum: [...RETENTIONS, ''], title: 'field.retention' },
          current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: ARCHIVE_MAX_PAGE_SIZE, title: 'field.pageSize' },
        },
      },
    },
    async (req) => {
      const codes = await codesOf(req);
      const viewer = {
        userId: req.user.userId,
        clearance: await clearanceOf(db, req.user.userId),
        all: codes.includes(ARCHIVE_MANAGE) || codes.includes(SUPERVISE_CODE),
      };
      return archiveList(db, viewer, { ...req.body, keyword: req.body.keyword?.trim() || undefined, retention: req.body.retention || undefined });
    },
  );

  call<{ flow_id: number; archive_no?: string; retention: Retention; category?: string }>(
    app,
    'documentarchive/add',
    {
      body: {
        type: 'object',
        required: ['flow_id', 'retention'],
        properties: {
          flow_id: id('field.flowId'),
          archive_no: { type: 'string', maxLength: 40, pattern: '^[^\\u0000-\\u001f]*$', title: 'field.archiveNo' },
          retention: { type: 'string', enum: [...RETENTIONS], title: 'field.retention' },
          category: { type: 'string', maxLength: 50, title: 'field.category' },
        },
      },
    },
    async (req) => {
      const codes = await codesOf(req);
      if (!codes.includes(ARCHIVE_MANAGE) && !codes.includes(ARCHIVE_FILE)) throw badInput(req.t('error.forbidden'));
      const v = await documentView(runtime, req, await flowCallerOf(req), req.body.flow_id);
      if (v.status !== 'finished' || v.endedAt == null) throw badInput(req.t('document.archiveNotFinished'));
      const archiveNo = req.body.archive_no?.trim() || undefined;
      const endedOn = await orgDate(db, v.endedAt);
      const result = await db.transaction().execute((trx) =>
        addArchive(trx, dialect, {
          flowId: v.id,
          archiveNo,
          retention: req.body.retention,
          category: req.body.category?.trim() || null,
          year: Number(endedOn.slice(0, 4)),
          title: v.title,
          secretLevel: String(secretLevelOfInstance(v.entity, v.state)),
          userId: req.user.userId,
        }),
      );
      if (result === 'archived') throw badInput(req.t('document.alreadyArchived'));
      if (result === 'archiveNoTaken') throw badInput(req.t('document.archiveNoTaken', { no: archiveNo ?? '' }));
      return { id: result.id, archive_no: result.archiveNo };
    },
  );

  const manager = async (req: FastifyRequest) => {
    if (!(await codesOf(req)).includes(ARCHIVE_MANAGE)) throw badInput(req.t('error.forbidden'));
  };
  call<{ id: number }>(
    app,
    'documentarchive/delete',
    { guard: manager, body: { type: 'object', required: ['id'], properties: { id: id('field.id') } } },
    async (req) => {
      const row = await archiveById(db, req.body.id);
      if (!row || Number(row.secret_level) > (await clearanceOf(db, req.user.userId))) throw badInput(req.t('document.archiveNotFound'));
      await db.transaction().execute((trx) => deleteArchive(trx, req.body.id));
      return { id: req.body.id };
    },
  );

  call<{ flow_id: number }>(
    app,
    'documentarchive/getlist',
    { body: { type: 'object', required: ['flow_id'], properties: { flow_id: id('field.flowId') } } },
    async (req) => {
      await documentView(runtime, req, await flowCallerOf(req), req.body.flow_id);
      return archiveOfFlow(db, req.body.flow_id);
    },
  );

  call<{ id?: number; flow_id?: number; gwjh: number | null }>(
    app,
    'document/setArchivesGwjh',
    {
      body: {
        type: 'object',
        required: ['gwjh'],
        properties: {
          id: id('field.id'),
          flow_id: id('field.flowId'),
          gwjh: { type: ['integer', 'null'], minimum: 1, maximum: PIECE_NO_MAX, title: 'field.gwjh' },
        },
      },
    },
    async (req) => {
      if (req.body.id == null && req.body.flow_id == null) throw badInput(req.t('validate.required', { field: req.t('field.id') }));
      const codes = await codesOf(req);
      const manager = codes.includes(ARCHIVE_MANAGE);
      if (!manager && !codes.includes(ARCHIVE_FILE)) throw badInput(req.t('error.forbidden'));
      const row = req.body.id != null ? await archiveById(db, req.body.id) : await archiveOfFlow(db, req.body.flow_id!);
      if (!row || (req.body.flow_id != null && row.flow_id !== req.body.flow_id)) throw badInput(req.t('document.archiveNotFound'));
      if (Number(row.secret_level) > (await clearanceOf(db, req.user.userId))) throw badInput(req.t('document.archiveNotFound'));
      if (!manager) await documentView(runtime, req, await flowCallerOf(req), row.flow_id);
      const r = await setPieceNo(db, dialect, { userId: req.user.userId, username: req.user.username, ip: req.ip }, row, req.body.gwjh);
      if (r === 'taken') throw badInput(req.t('document.archivePieceTaken', { no: req.body.gwjh ?? '', year: row.year }));
      return archiveById(db, row.id);
    },
  );
}
