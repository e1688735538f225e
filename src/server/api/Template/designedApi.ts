/**
 * The generic entity API (src/server/engine/api.ts: list, info, add, edit, del, export, import, aggregate) for designer-made forms
 * (./designedForms.ts). Their entities appear when an administrator publishes, after the routes of the shipped
 * entities were registered at start, so one parametric route `POST /api/:group/:op` serves them: the group is
 * looked up among the published designer-made entities of the schema store (static routes of every other call
 * win in the router). An unknown group or call answers exactly as the app's not-found handler (HTTP 404,
 * -1 error.notFound) before its body is read (a malformed body of an unknown path is still a 404) and before any
 * session check; then the session (-99) and the same EntityService calls as
 * shipped entities (permission codes, scope, validation, audit).
 *
 * Computed fields of the form page (`computed`: CEL, e.g. `WORKDAYS(startDate, endDate)`) are evaluated on the
 * server for add and edit, so what a flow routes on (days > 3) is never the client's word; a value of a
 * dictionary field that is no item of its dictionary → -1 validate.enum naming the field.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envFromModel, evaluateExpression } from '../../../../engine/expr/index.js';
import type { EntityDef, FormPageDef } from '../../../../engine/schema/types.js';
import { Code } from '../../../shared/codes.js';
import { requireAuth, requireBusinessCaller } from '../../plugins/auth.js';
import { callerOf, GENERIC_BODIES, genericPermission, importRequest, permitted } from '../../engine/api.js';
import { aggregate } from '../../engine/aggregate.js';
import type { AggregateRequest } from '../../../shared/aggregate.js';
import { checkBody } from '../../lib/route.js';
import { EntityService } from '../../engine/service.js';
import { schemaStore, type EffectiveSchema } from '../../engine/schemaStore.js';
import { ApiError } from '../../lib/errors.js';
import { localText } from './service.js';
import { XLSX_TYPE, attachmentDisposition, exportXlsx } from '../../engine/transfer.js';
import type { DesignedForm } from '../../engine/designed.js';

const OPS = ['list', 'info', 'add', 'edit', 'del', 'export', 'import', 'aggregate'] as const;
type Op = (typeof OPS)[number];

const services = new WeakMap<EntityDef, EntityService>();
const envs = new WeakMap<EntityDef, ReturnType<typeof envFromModel>>();

/** `record` with the form page's computed fields evaluated (a formula that fails leaves the field as sent). */
export function withComputed(page: FormPageDef, entity: EntityDef, record: Record<string, unknown>): Record<string, unknown> {
  const computed = (page as { computed?: { field: string; expr: { cel: string } }[] }).computed ?? [];
  if (!computed.length) return record;
  let env = envs.get(entity);
  if (!env) envs.set(entity, (env = envFromModel(entity.model)));
  const out = { ...record };
  for (const c of computed) {
    if (!c?.field || !c.expr?.cel || !(c.field in entity.model.properties)) continue;
    try {
      const v = evaluateExpression(c.expr.cel, env, out);
      out[c.field] = typeof v === 'bigint' ? Number(v) : v;
    } catch {
      // missing inputs: the validation of the record names what is wrong
    }
  }
  return out;
}

/** -1 validate.enum when a dictionary field of `body` holds a value its dictionary does not list. */
function checkDicts(req: FastifyRequest, form: DesignedForm, body: Record<string, unknown>, s: EffectiveSchema): void {
  for (const [field, p] of Object.entries(form.entity.model.properties)) {
    const code = p['x-dict'];
    const v = body[field];
    if (!code || v === undefined || v === null || v === '') continue;
    const dict = s.registry.get('dict', code);
    if (!dict) continue;
    const values = Array.isArray(v) ? v : [v];
    if (values.some((x) => !dict.items.some((it) => it.value === String(x)))) {
      throw new ApiError(req.t('validate.enum', { field: localText(s, req.locale, p['x-title']) ?? field }));
    }
  }
}

interface Target {
  form: DesignedForm;
  op: Op;
}

/** Registers `POST /api/:group/:op` (see the module comment). */
export function registerDesignedApi(app: FastifyInstance): void {
  const auth = requireAuth(false);
  const targetOf = async (req: FastifyRequest): Promise<Target | null> => {
    const { group, op } = req.params as { group: string; op: string };
    if (!(OPS as readonly string[]).includes(op)) return null;
    const s = await schemaStore(req.server.ctx.db);
    const form = s.designed.find((f) => f.entity.group.toLowerCase() === group.toLowerCase());
    return form ? { form, op: op as Op } : null;
  };
  app.post('/api/:group/:op', {
    // onRequest: before the body is parsed, so that an unknown path answers 404 whatever its body
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      const target = await targetOf(req);
      if (!target) {
        const url = req.url.split('?')[0];
        return reply.status(404).send({ code: Code.ERROR, msg: req.t('error.notFound', { path: url }), data: null });
      }
      (req as FastifyRequest & { designed?: Target }).designed = target;
    },
    // authenticate → authorise (designer-made forms are business, ../../lib/business.ts: the 三员 are refused; then the
    // entity's permission code) → validate the body of the call, as call() does
    preValidation: [
      auth,
      requireBusinessCaller,
      async (req: FastifyRequest) => {
        const { form, op } = (req as FastifyRequest & { designed: Target }).designed;
        await permitted(genericPermission(form.entity, op))?.(req);
        checkBody(req, GENERIC_BODIES[op]);
      },
    ],
    handler: async (req, reply) => {
      const { form, op } = (req as FastifyRequest & { designed: Target }).designed;
      let svc = services.get(form.entity);
      if (!svc) services.set(form.entity, (svc = new EntityService(form.entity, app.ctx.db, app.ctx.dialect)));
      const c = callerOf(req);
      const body = (op === 'import' ? {} : (req.body ?? {})) as Record<string, any>;
      if (op === 'add' || op === 'edit') checkDicts(req, form, body, await schemaStore(app.ctx.db));
      if (op === 'import') return { code: Code.OK, msg: req.t('ok'), data: await importRequest(req, svc) };
      let data: unknown;
      if (op === 'export') {
        // the .xlsx itself, as the shipped entities' export (errors still in the envelope)
        const file = await exportXlsx(svc, c, body);
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachmentDisposition(file.filename))
          .header('cache-control', 'private, no-store')
          .send(file.buffer);
      }
      if (op === 'list') data = await svc.list(c, body);
      else if (op === 'info') data = await svc.info(c, body);
      else if (op === 'add') data = await svc.add(c, withComputed(form.page, form.entity, body));
      else if (op === 'edit') data = await svc.edit(c, withComputed(form.page, form.entity, body));
      else if (op === 'aggregate') data = await aggregate(svc, c, body as AggregateRequest);
      else data = await svc.del(c, body);
      return { code: Code.OK, msg: req.t('ok'), data: data ?? null };
    },
  });
}
