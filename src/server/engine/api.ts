/**
 * The generic entity API (DESIGN §6, issue 3): for every entity definition, `POST /api/<group>/list`,
 * `info`, `add`, `edit`, `del` and one call per declared action (`/api/<group>/<actionId>`).
 * Handlers are thin: authenticate (-99) → route schema → one EntityService call (which validates,
 * authorises, scopes, writes and audits) → present.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityDef } from '../../../engine/schema/types.js';
import { call, type BodySchema } from '../lib/route.js';
import { loadEntities } from './definitions.js';
import { EntityService, type Caller } from './service.js';
import { MAX_PAGE_SIZE } from './query.js';
import { INT_MAX } from './validation.js';

/** Names of the generic calls; a declared action may not reuse one. */
export const GENERIC_CALLS = ['list', 'info', 'add', 'edit', 'del'] as const;

const LIST_BODY: BodySchema = {
  type: 'object',
  properties: {
    current: { type: 'integer', minimum: 1, title: 'field.current' },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, title: 'field.pageSize' },
    keyword: { type: 'string', maxLength: 100, title: 'field.keyword' },
    filters: { type: ['object', 'string', 'null'], title: 'field.filters' },
    sort: { type: ['object', 'string', 'null'], title: 'field.sort' },
  },
};
const ID_BODY: BodySchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: INT_MAX, title: 'field.id' } },
};

/** The caller of a request. */
export function callerOf(req: FastifyRequest): Caller {
  return { userId: req.user.userId, username: req.user.username, deptId: req.user.deptId, ip: req.ip, locale: req.locale };
}

/** Registers the calls of `def` on `app`; returns its service. Throws when an action id reuses a generic call. */
export function registerEntity(app: FastifyInstance, def: EntityDef): EntityService {
  const svc = new EntityService(def, app.ctx.db, app.ctx.dialect);
  const g = def.group;
  call<any>(app, `${g}/list`, { body: LIST_BODY }, (req) => svc.list(callerOf(req), req.body as any));
  call<any>(app, `${g}/info`, { body: ID_BODY }, (req) => svc.info(callerOf(req), req.body as any));
  call<any>(app, `${g}/add`, {}, (req) => svc.add(callerOf(req), req.body as any));
  call<any>(app, `${g}/edit`, {}, (req) => svc.edit(callerOf(req), req.body as any));
  call<any>(app, `${g}/del`, {}, (req) => svc.del(callerOf(req), req.body as any));
  for (const act of def.actions ?? []) {
    if ((GENERIC_CALLS as readonly string[]).includes(act.id)) throw new Error(`entity ${def.id}: action id "${act.id}" is a generic call`);
    call<any>(app, `${g}/${act.id}`, { body: ID_BODY }, (req) => svc.action(callerOf(req), act, req.body as any));
  }
  return svc;
}

/** API group module (src/server/api/index.ts): the calls of every entity of `loadEntities()`. */
export function register(app: FastifyInstance): void {
  for (const def of loadEntities()) registerEntity(app, def);
}
