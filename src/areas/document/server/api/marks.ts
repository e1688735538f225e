/**
 * 发文字号 calls of API group `document` (SPEC §7 /api/mark, editMark, deleteMark, markList
 * "发文字号 … mark management"), plus the numbering calls the 编号 step needs. SQL in services/docMarks.ts and
 * services/docNumbers.ts (GB/T 9704-2012 7.2.4). Other files of this folder register the group's other calls.
 *
 * These four serve the generic list and form of entity `document.mark` (schemas/document/entities/mark.json, its
 * `calls`), so they also answer and take what the generic pages do (FORMATS.md "storage custom"):
 * - `markList` {keyword?, unit_id?, status?, current?, pageSize? ≤ 200, page?, view?, sort?} → {list: MarkView[], total,
 *   refs}: any signed-in user sees the enabled marks (the 编号 step picks one); holders of `document:number` or
 *   `document:setting` also the disabled ones (and may filter by status). Each row has `next_seq` and `preview` (the
 *   next number's text), `enabled` (status as a flag), `version` and `_actions` (edit, delete for `document:setting`);
 *   `refs.depts` names the units. `page` and `view` (the list page's) are accepted and change nothing.
 * - `mark` {name, org_code, unit_id?, doc_kinds?, start_seq?, sort?, status? | enabled?, organ_mark?, issuer_org?,
 *   print_org?, red_color?} → MarkView (the last four: the 套红 of the issuing organ, migration 0022);
 *   `editMark` {id, version?, …the same fields, all optional} → MarkView (a version other than the stored one: -1
 *   entity.stale); `deleteMark` {id} → {deleted: id} or {ids} → {deleted: count}, all or none, refused (-1) while
 *   numbers under a mark are reserved or used (disable it instead). These need `document:setting`.
 * - `takeNumber` {mark_id, entity, id, year?} → NumberView: 编号 of document `entity`/`id` (idempotent);
 *   `reserveNumber` (same body) → NumberView: 预留; `cancelNumber` {number_id, reason} → NumberView: 作废;
 *   `numberList` {mark_id, year?, status?, current?, pageSize? ≤ 100} → {list, total, next_seq, preview}.
 *   These need `document:number`. `entity` must be document.send; the caller is responsible for the record
 *   existing and being its own to number (the 发文 flow checks that before it calls the service).
 *
 * Without a session -99; bad input -1 naming the field; without the permission -1 error.forbidden. Every write is
 * one transaction with its audit row.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { userMenus } from '../../../../server/services/menu.js';
import {
  createMark,
  deleteMark,
  deleteMarks,
  editMark,
  listMarks,
  MARK_SORT_FIELDS,
  ORG_CODE_MAX,
  MARK_NAME_MAX,
  ORGAN_TEXT_MAX,
  SORT_MAX,
  START_SEQ_MAX,
  type MarkInput,
} from '../services/docMarks.js';
import {
  cancelNumber,
  listNumbers,
  NUMBERED_ENTITIES,
  REASON_MAX,
  reserveNumber,
  takeNumber,
  YEAR_MAX,
  YEAR_MIN,
  type NumberCaller,
  type NumberStatus,
} from '../services/docNumbers.js';

/** Permission code of mark management (公文设置). */
export const DOCUMENT_SETTING = 'document:setting';
/** Permission code of numbering documents (编号). */
export const DOCUMENT_NUMBER = 'document:number';
/** Largest page of markList (an organisation has dozens of marks: the 编号 picker loads them all in one page). */
export const MARK_MAX_PAGE_SIZE = 200;
/** Largest page of numberList. */
export const NUMBER_MAX_PAGE_SIZE = 100;

const id = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2_147_483_647, title });
const year = { type: 'integer', minimum: YEAR_MIN, maximum: YEAR_MAX, title: 'field.year' };
const current = { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' };
const pageSize = (max: number) => ({ type: 'integer', minimum: 1, maximum: max, title: 'field.pageSize' });
const markFields = {
  name: { type: 'string', maxLength: MARK_NAME_MAX, title: 'field.markName' },
  org_code: { type: 'string', maxLength: ORG_CODE_MAX, title: 'field.orgCode' },
  unit_id: { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647, title: 'field.unitId' },
  doc_kinds: { type: ['array', 'null'], maxItems: 20, items: { type: 'string', maxLength: 20 }, title: 'field.docKinds' },
  start_seq: { type: 'integer', minimum: 1, maximum: START_SEQ_MAX, title: 'field.startSeq' },
  sort: { type: 'integer', minimum: 0, maximum: SORT_MAX, title: 'field.sort' },
  status: { type: 'integer', enum: [0, 1], title: 'field.status' },
  organ_mark: { type: ['string', 'null'], maxLength: ORGAN_TEXT_MAX, title: 'field.organMark' },
  issuer_org: { type: ['string', 'null'], maxLength: ORGAN_TEXT_MAX, title: 'field.issuerOrg' },
  print_org: { type: ['string', 'null'], maxLength: ORGAN_TEXT_MAX, title: 'field.printOrg' },
  red_color: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$', title: 'field.redColor' },
  enabled: { type: 'boolean', title: 'field.status' },
};
const version = { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.version' };
const numberBody = {
  type: 'object' as const,
  required: ['mark_id', 'entity', 'id'],
  properties: { mark_id: id('field.markId'), entity: { type: 'string', enum: [...NUMBERED_ENTITIES], title: 'field.docEntity' }, id: id('field.docId'), year },
};

/** The caller of a request as the services want it. */
function callerOf(req: FastifyRequest): NumberCaller {
  return { userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale };
}

/** The caller's permission codes. */
async function codesOf(req: FastifyRequest): Promise<string[]> {
  return (await userMenus(req.server.ctx.db, req.user.userId)).access;
}

/** -1 error.forbidden unless the caller holds `code`. */
async function must(req: FastifyRequest, code: string): Promise<void> {
  if (!(await codesOf(req)).includes(code)) throw badInput(req.t('error.forbidden'));
}

/** The mark fields of a body (without `id`). */
function markInput(b: MarkInput): MarkInput {
  const { name, org_code, unit_id, doc_kinds, start_seq, sort, status, organ_mark, issuer_org, print_org, red_color, enabled } = b;
  return { name, org_code, unit_id, doc_kinds, start_seq, sort, status, organ_mark, issuer_org, print_org, red_color, enabled };
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;

  call<{ keyword?: string; unit_id?: number; status?: number; current?: number; pageSize?: number; sort?: { field: string; order: 'asc' | 'desc' } | null }>(
    app,
    'document/markList',
    {
      body: {
        type: 'object',
        properties: {
          keyword: { type: 'string', maxLength: 50, title: 'field.keyword' },
          unit_id: id('field.unitId'),
          status: markFields.status,
          current,
          pageSize: pageSize(MARK_MAX_PAGE_SIZE),
          page: { type: ['string', 'null'], maxLength: 200, title: 'field.page' },
          view: { type: ['string', 'null'], maxLength: 200, title: 'field.view' },
          sort: {
            type: ['object', 'null'],
            required: ['field', 'order'],
            additionalProperties: false,
            properties: { field: { type: 'string', enum: [...MARK_SORT_FIELDS] }, order: { type: 'string', enum: ['asc', 'desc'] } },
            title: 'field.sort',
          },
        },
      },
    },
    async (req) => {
      const codes = await codesOf(req);
      const includeDisabled = codes.includes(DOCUMENT_NUMBER) || codes.includes(DOCUMENT_SETTING);
      const { keyword, unit_id, status, current, pageSize: size, sort } = req.body;
      const r = await listMarks(db, { keyword, unit_id, status, current, pageSize: size, sort: sort ?? undefined, includeDisabled, locale: req.locale });
      const actions = codes.includes(DOCUMENT_SETTING) ? ['edit', 'delete'] : [];
      const depts = Object.fromEntries(r.list.filter((m) => m.unit_id !== null).map((m) => [String(m.unit_id), m.unit_name ?? '']));
      return { list: r.list.map((m) => ({ ...m, _actions: actions })), total: r.total, refs: { users: {}, depts } };
    },
  );

  call<MarkInput>(
    app,
    'document/mark',
    { guard: (r) => must(r, DOCUMENT_SETTING), body: { type: 'object', required: ['name', 'org_code'], properties: markFields } },
    async (req) => {
      return createMark(db, callerOf(req), markInput(req.body));
    },
  );

  call<MarkInput & { id: number; version?: number }>(
    app,
    'document/editMark',
    { guard: (r) => must(r, DOCUMENT_SETTING), body: { type: 'object', required: ['id'], properties: { id: id('field.markId'), version, ...markFields } } },
    async (req) => {
      return editMark(db, callerOf(req), req.body.id, markInput(req.body), req.body.version);
    },
  );

  call<{ id?: number; ids?: number[] }>(
    app,
    'document/deleteMark',
    {
      guard: (r) => must(r, DOCUMENT_SETTING),
      body: {
        type: 'object',
        properties: {
          id: id('field.markId'),
          ids: { type: 'array', minItems: 1, maxItems: MARK_MAX_PAGE_SIZE, items: id('field.markId'), title: 'field.ids' },
        },
      },
    },
    async (req) => {
      const { id: one, ids } = req.body;
      if (one !== undefined) return deleteMark(db, callerOf(req), one);
      if (!ids?.length) throw badInput(req.t('validate.required', { field: req.t('field.markId') }));
      return { deleted: await deleteMarks(db, callerOf(req), [...new Set(ids)]) };
    },
  );

  call<{ mark_id: number; entity: string; id: number; year?: number }>(
    app,
    'document/takeNumber',
    { guard: (r) => must(r, DOCUMENT_NUMBER), body: numberBody },
    async (req) => {
      return takeNumber(db, { ...callerOf(req), markId: req.body.mark_id, docEntity: req.body.entity, docId: req.body.id, year: req.body.year });
    },
  );

  call<{ mark_id: number; entity: string; id: number; year?: number }>(
    app,
    'document/reserveNumber',
    { guard: (r) => must(r, DOCUMENT_NUMBER), body: numberBody },
    async (req) => {
      return reserveNumber(db, { ...callerOf(req), markId: req.body.mark_id, docEntity: req.body.entity, docId: req.body.id, year: req.body.year });
    },
  );

  call<{ number_id: number; reason: string }>(
    app,
    'document/cancelNumber',
    {
      guard: (r) => must(r, DOCUMENT_NUMBER),
      body: {
        type: 'object',
        required: ['number_id', 'reason'],
        properties: { number_id: id('field.numberId'), reason: { type: 'string', maxLength: REASON_MAX, title: 'field.reason' } },
      },
    },
    async (req) => {
      return cancelNumber(db, { ...callerOf(req), numberId: req.body.number_id, reason: req.body.reason });
    },
  );

  call<{ mark_id: number; year?: number; status?: NumberStatus; current?: number; pageSize?: number }>(
    app,
    'document/numberList',
    {
      guard: (r) => must(r, DOCUMENT_NUMBER),
      body: {
        type: 'object',
        required: ['mark_id'],
        properties: {
          mark_id: id('field.markId'),
          year,
          status: { type: 'string', enum: ['reserved', 'used', 'cancelled'], title: 'field.numberStatus' },
          current,
          pageSize: pageSize(NUMBER_MAX_PAGE_SIZE),
        },
      },
    },
    async (req) => {
      const b = req.body;
      return listNumbers(db, { markId: b.mark_id, year: b.year, status: b.status, current: b.current, pageSize: b.pageSize, locale: req.locale });
    },
  );
}
