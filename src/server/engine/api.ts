/**
 * The generic entity API (DESIGN §6): for every entity definition, `POST /api/<group>/list`,
 * `info`, `add`, `edit`, `del`, `export` (.xlsx answer), `import` (multipart), `aggregate` (./aggregate.ts) and one call per declared
 * action (`/api/<group>/<actionId>`); an operation the entity's `calls` names (engine/schema/entityCalls.ts) is also
 * served under that name (`"calls": {"list": "pageNotebooks"}` → `/api/<group>/pageNotebooks` as `list`).
 * Handlers are thin: authenticate (-99) → route schema → one EntityService call (which validates,
 * authorises, scopes, writes and audits) → present.
 */
import { entityPermission } from './permissions.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityDef } from '../../../engine/schema/types.js';
import type { EntityCallOp } from '../../../engine/schema/entityCalls.js';
import { call, type BodySchema, type Guard } from '../lib/route.js';
import { requirePermission } from '../plugins/auth.js';
import type { ListBody } from './query.js';
import { loadEntities } from './definitions.js';
import { EntityService, type Caller } from './service.js';
import { MAX_PAGE_SIZE } from './query.js';
import { MAX_LIST_FIELDS } from './listPage.js';
import { INT_MAX } from './validation.js';
import { ApiError } from '../lib/errors.js';
import { aggregate, MAX_MEASURES } from './aggregate.js';
import { CURSOR_MAX_LENGTH } from './cursor.js';
import { AGGREGATE_OPS, DATE_BUCKETS, MAX_AGGREGATE_GROUPS, type AggregateRequest } from '../../shared/aggregate.js';
import { IMPORT_MAX_BYTES, XLSX_TYPE, attachmentDisposition, exportXlsx, importXlsx } from './transfer.js';

/** Names of the generic calls; a declared action may not reuse one. */
export const GENERIC_CALLS = ['list', 'info', 'add', 'edit', 'del', 'export', 'import', 'aggregate'] as const;

const LIST_BODY: BodySchema = {
  type: 'object',
  properties: {
    current: { type: 'integer', minimum: 1, title: 'field.current' },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, title: 'field.pageSize' },
    keyword: { type: 'string', maxLength: 100, title: 'field.keyword' },
    filters: { type: ['object', 'string', 'null'], title: 'field.filters' },
    sort: { type: ['object', 'string', 'null'], title: 'field.sort' },
    page: { type: ['string', 'null'], maxLength: 200, title: 'field.page' },
    view: { type: ['string', 'null'], maxLength: 200, title: 'field.view' },
    range: { type: ['object', 'string', 'null'], title: 'field.range' },
    after: { type: ['string', 'null'], maxLength: CURSOR_MAX_LENGTH, title: 'field.after' },
    before: { type: ['string', 'null'], maxLength: CURSOR_MAX_LENGTH, title: 'field.before' },
    fields: { type: ['array', 'null'], items: { type: 'string', maxLength: 64 }, maxItems: MAX_LIST_FIELDS, title: 'field.fields' },
  },
};
/** The export's columns are those of its page (./transfer.ts): no `fields`. */
const EXPORT_BODY: BodySchema = {
  type: 'object',
  properties: {
    ...Object.fromEntries(Object.entries(LIST_BODY.properties).filter(([k]) => k !== 'fields')),
    template: { type: ['boolean', 'string', 'integer', 'null'], title: 'field.template' },
  },
};
const ID_BODY: BodySchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: INT_MAX, title: 'field.id' } },
};

/**
 * A record (add/edit): `id`, `version` and the model's fields, which the service checks against the model
 * (validation.ts writableFields refuses an unknown one naming it, with the schema's own message).
 */
const RECORD_BODY: BodySchema = {
  type: 'object',
  properties: {
    id: { type: ['integer', 'null'], minimum: 1, maximum: INT_MAX, title: 'field.id' },
    version: { type: ['integer', 'null'], minimum: 1, maximum: INT_MAX, title: 'field.version' },
  },
  additionalProperties: true,
};
/** Records grouped and measured (./aggregate.ts): one or two group levels, up to MAX_MEASURES measures, the list's keyword and filters. */
const AGGREGATE_BODY: BodySchema = {
  type: 'object',
  required: ['groupBy'],
  properties: {
    groupBy: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: {
        type: 'object',
        required: ['field'],
        additionalProperties: false,
        properties: { field: { type: 'string', minLength: 1, maxLength: 64 }, bucket: { enum: [...DATE_BUCKETS] } },
      },
      title: 'field.groupBy',
    },
    measures: {
      type: 'array',
      maxItems: MAX_MEASURES,
      items: {
        type: 'object',
        required: ['op'],
        additionalProperties: false,
        properties: { op: { enum: [...AGGREGATE_OPS] }, field: { type: 'string', minLength: 1, maxLength: 64 } },
      },
      title: 'field.measures',
    },
    keyword: LIST_BODY.properties.keyword,
    filters: LIST_BODY.properties.filters,
    limit: { type: 'integer', minimum: 1, maximum: MAX_AGGREGATE_GROUPS, title: 'field.limit' },
  },
};
/** An import is multipart (`file`, `page`); a body of another kind reaches importRequest, which asks for the file. */
const IMPORT_BODY: BodySchema = {
  type: 'object',
  properties: { file: { title: 'field.file' }, page: { type: ['string', 'null'], maxLength: 200, title: 'field.page' } },
};
/** `{id}` or `{ids}` (a list, or a comma text) of a deletion. */
const DEL_BODY: BodySchema = {
  type: 'object',
  properties: {
    id: { type: ['integer', 'null'], minimum: 1, maximum: INT_MAX, title: 'field.id' },
    ids: {
      type: ['array', 'string'],
      items: { type: 'integer', minimum: 1, maximum: INT_MAX },
      maxItems: 1000,
      maxLength: 11000,
      pattern: '^[0-9, ]*$',
      title: 'field.ids',
    },
  },
};

/**
 * The permission check of a call, run before its body is validated (DESIGN §6: a refused caller learns nothing
 * about the body): -1 error.forbidden unless a role grants `code`; none = signed in is enough. The service
 * checks again with the scope (EntityService.access).
 */
export function permitted(code: string | undefined): Guard | undefined {
  return code ? requirePermission(code) : undefined;
}

/** The caller of a request. */
export function callerOf(req: FastifyRequest): Caller {
  const c: Caller = { userId: req.user.userId, username: req.user.username, deptId: req.user.deptId, ip: req.ip, locale: req.locale };
  // Not enumerable: a caller may be copied or logged, the request must not go with it.
  Object.defineProperty(c, 'request', { value: req, enumerable: false });
  return c;
}

/**
 * `<group>/import` of `svc`'s entity: the multipart upload (one `file` part, optional `page` field) read
 * and imported (./transfer.ts importXlsx); -1 entity.importNoFile without a file, -1 naming an unexpected part.
 */
export async function importRequest(req: FastifyRequest, svc: EntityService) {
  const t = (key: string, params?: Record<string, string | number>) => req.t(key, params);
  if (!req.isMultipart()) throw new ApiError(t('entity.importNoFile'));
  let file: Buffer | null = null;
  let page: string | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw new ApiError(t('validate.additional', { field: part.fieldname }));
        }
        file = await part.toBuffer();
      } else if (part.fieldname === 'page') page = String(part.value ?? '').trim() || undefined;
      else throw new ApiError(t('validate.additional', { field: part.fieldname }));
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(t('entity.importTooLarge', { limit: IMPORT_MAX_BYTES / 1024 / 1024 }));
    throw new ApiError(t('entity.importNoFile'));
  }
  if (!file) throw new ApiError(t('entity.importNoFile'));
  return importXlsx(svc, callerOf(req), file, page);
}

/** The body schema of each generic call (designer-made entities check theirs per request, Template/designedApi.ts). */
export const GENERIC_BODIES: Record<(typeof GENERIC_CALLS)[number], BodySchema> = {
  list: LIST_BODY,
  info: ID_BODY,
  add: RECORD_BODY,
  edit: RECORD_BODY,
  del: DEL_BODY,
  export: EXPORT_BODY,
  import: IMPORT_BODY,
  aggregate: AGGREGATE_BODY,
};

/** The permission code each generic call of `def` needs (none: signed in is enough). */
export function genericPermission(def: EntityDef, op: (typeof GENERIC_CALLS)[number]): string | undefined {
  return entityPermission(
    def,
    ({ list: 'view', info: 'view', add: 'add', edit: 'edit', del: 'delete', export: 'export', import: 'import', aggregate: 'view' } as const)[op],
  );
}

/** Registers the calls of `def` on `app`; returns its service. Throws when an action id reuses a generic call. */
export function registerEntity(app: FastifyInstance, def: EntityDef): EntityService {
  const svc = new EntityService(def, app.ctx.db, app.ctx.dialect);
  const g = def.group;
  const p = (op: (typeof GENERIC_CALLS)[number]) => permitted(genericPermission(def, op));
  // Each operation under its generic name and, when the entity's `calls` names another, under that one too.
  const names = (op: EntityCallOp) => [...new Set([op, def.calls?.[op] ?? op])];
  for (const name of names('list')) call<ListBody>(app, `${g}/${name}`, { guard: p('list'), body: LIST_BODY }, (req) => svc.list(callerOf(req), req.body));
  for (const name of names('info')) call<{ id: number }>(app, `${g}/${name}`, { guard: p('info'), body: ID_BODY }, (req) => svc.info(callerOf(req), req.body));
  for (const name of names('add'))
    call<Record<string, unknown>>(app, `${g}/${name}`, { guard: p('add'), body: RECORD_BODY }, (req) => svc.add(callerOf(req), req.body));
  for (const name of names('edit'))
    call<Record<string, unknown>>(app, `${g}/${name}`, { guard: p('edit'), body: RECORD_BODY }, (req) => svc.edit(callerOf(req), req.body));
  for (const name of names('del'))
    call<{ id?: number; ids?: number[] | string }>(app, `${g}/${name}`, { guard: p('del'), body: DEL_BODY }, (req) => svc.del(callerOf(req), req.body));
  // The answer is the .xlsx itself (errors still come in the envelope, plugins/errors.ts).
  call<ListBody & { template?: unknown }>(app, `${g}/export`, { guard: p('export'), body: EXPORT_BODY }, async (req, reply) => {
    const file = await exportXlsx(svc, callerOf(req), req.body);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('cache-control', 'private, no-store')
      .send(file.buffer);
  });
  call(app, `${g}/import`, { guard: p('import'), multipart: true, body: IMPORT_BODY }, (req) => importRequest(req, svc));
  call<AggregateRequest>(app, `${g}/aggregate`, { guard: p('aggregate'), body: AGGREGATE_BODY }, (req) => aggregate(svc, callerOf(req), req.body));
  for (const act of def.actions ?? []) {
    if ((GENERIC_CALLS as readonly string[]).includes(act.id)) throw new Error(`entity ${def.id}: action id "${act.id}" is a generic call`);
    if (Object.values(def.calls ?? {}).includes(act.id)) throw new Error(`entity ${def.id}: action id "${act.id}" is one of its calls`);
    const body: BodySchema = {
      type: 'object',
      required: ['id'],
      properties: { ...ID_BODY.properties, version: { type: ['integer', 'null'], minimum: 1, maximum: INT_MAX, title: 'field.version' } },
    };
    call<{ id: number; version?: number | null }>(app, `${g}/${act.id}`, { guard: permitted(act.permission ?? entityPermission(def, 'edit')), body }, (req) =>
      svc.action(callerOf(req), act, req.body),
    );
  }
  return svc;
}

/** API group module (src/server/api/index.ts): the calls of every entity of `loadEntities()`. */
export function register(app: FastifyInstance): void {
  for (const def of loadEntities()) registerEntity(app, def);
}
