/**
 * The formula and rule helpers of the form designer's inspector (SPEC §7 "Templates, forms and flows"),
 * session only, like checkjsgs and getFunc (./index.ts):
 *
 * - Template/getPrevar {entity, scope?} → [{name, type, label, group}]: the variables an expression of that entity
 *   may use, with their CEL types. scope `fields` (default: form rules, computed fields, validators) — each model
 *   field, group `field`; scope `record` (list views, actions' visibleWhen) — `record.<field>` (group `record`) and
 *   the signed-in user's `user.<field>` (group `user`, engine/expr CURRENT_USER_FIELDS). Unknown entity → -1 naming it.
 * - Template/checkRule {entity, expr, scope?} → {ok: true, type: 'bool'} or {ok: false, message}: a rule's
 *   condition (visible / required / readOnly `when`, a branch condition) type-checked as a condition — it must be
 *   a bool (DESIGN §4 Expressions). Messages in the caller's language.
 * - Template/funcInfo {name} → {name, signature, description, example}: one function of the formula library
 *   (engine/expr FUNCTIONS), the name matched without regard to case; unknown → -1 naming it.
 * - Template/funcSubmit {entity, expr, data?, field?} → {ok: true, type, value} or {ok: false, message}: 试算 — the
 *   formula type-checked (against the type `field` stores, when given) and evaluated with `data` as the fields'
 *   values (a field left out is blank: "", 0, false, []); the designer shows the value before publishing.
 *   Evaluation errors (a division by zero, a bad date) are `ok: false` with their message, never a crash.
 * - Form/getFiles {id} → [{kind, id, file, etag}]: the definitions a form page is made of — the page, its entity,
 *   the dictionaries its fields use and the flow it starts — with the repository file each comes from (null for
 *   what lives only in the database: designer-made forms, a form's own dictionaries, flows published in the
 *   designer) and its ETag. Unknown or non-form id → -1 naming it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CURRENT_USER_FIELDS, FUNCTIONS, checkExpression, evaluateExpression } from '../../../../engine/expr/index.js';
import { celTypeText } from '../../../../engine/expr/celtypes.js';
import { celTypeOfProperty, exprEnv, type ExprScope } from '../../../../engine/schema/expr.js';
import type { EntityDef, FormPageDef } from '../../../../engine/schema/types.js';
import { ApiError, call } from '../../lib/route.js';
import type { EffectiveSchema } from '../../engine/schemaStore.js';
import { notFound, schemasOf } from './index.js';
import { dictCodes, localText } from './service.js';

const entityProp = { type: 'string', title: 'field.entity', minLength: 1, maxLength: 200 };
const exprProp = { type: 'string', title: 'field.expr', minLength: 1, maxLength: 4000 };
const scopeProp = { type: 'string', title: 'field.scope', enum: ['fields', 'record'] };

/** One variable of Template/getPrevar. */
export interface Prevar {
  name: string;
  /** CEL type, e.g. `string`, `int`, `list<int>`. */
  type: string;
  label: string;
  group: 'field' | 'record' | 'user';
}

function entityOf(req: FastifyRequest, s: EffectiveSchema, id: string): EntityDef {
  const e = s.registry.get('entity', id);
  if (!e) throw notFound(req, id);
  return e;
}

/** The variables of `entity` in `scope` (see the module comment). */
export function prevars(req: FastifyRequest, s: EffectiveSchema, entity: EntityDef, scope: ExprScope): Prevar[] {
  const fieldsEnv = exprEnv(entity.model, 'fields');
  const fields = Object.entries(entity.model.properties ?? {})
    .filter(([key]) => fieldsEnv.vars.has(key))
    .map(([key, p]) => ({ key, type: celTypeText(fieldsEnv.vars.get(key)!), label: localText(s, req.locale, p['x-title']) ?? key }));
  if (scope === 'fields') return fields.map((f) => ({ name: f.key, type: f.type, label: f.label, group: 'field' }));
  return [
    ...(entity.model.properties?.id ? [] : [{ name: 'record.id', type: 'int', label: req.t('prevar.record.id'), group: 'record' as const }]),
    ...fields.map((f) => ({ name: `record.${f.key}`, type: f.type, label: f.label, group: 'record' as const })),
    ...Object.entries(CURRENT_USER_FIELDS).map(([k, type]) => ({ name: `user.${k}`, type, label: req.t(`prevar.user.${k}`), group: 'user' as const })),
  ];
}

/** Registers getPrevar, checkRule, funcInfo, funcSubmit and Form/getFiles on `app`. */
export function registerDesignerCalls(app: FastifyInstance): void {
  call<{ entity: string; scope?: ExprScope }>(
    app,
    'Template/getPrevar',
    { body: { type: 'object', required: ['entity'], properties: { entity: entityProp, scope: scopeProp } } },
    async (req) => {
      const s = await schemasOf(req);
      return prevars(req, s, entityOf(req, s, req.body.entity), req.body.scope ?? 'fields');
    },
  );

  call<{ entity: string; expr: string; scope?: ExprScope }>(
    app,
    'Template/checkRule',
    { body: { type: 'object', required: ['entity', 'expr'], properties: { entity: entityProp, expr: exprProp, scope: scopeProp } } },
    async (req) => {
      const e = entityOf(req, await schemasOf(req), req.body.entity);
      const r = checkExpression(req.body.expr, exprEnv(e.model, req.body.scope ?? 'fields'), { locale: req.locale, expect: 'bool' });
      return r.ok ? { ok: true, type: r.type } : { ok: false, message: r.message };
    },
  );

  call<{ name: string }>(
    app,
    'Template/funcInfo',
    { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'field.funcName', minLength: 1, maxLength: 64 } } } },
    async (req) => {
      const f = FUNCTIONS.find((x) => x.name.toUpperCase() === req.body.name.trim().toUpperCase());
      if (!f) throw new ApiError(req.t('template.funcNotFound', { name: req.body.name }));
      return { name: f.name, signature: f.signature, description: localText(await schemasOf(req), req.locale, f.description), example: f.example };
    },
  );

  call<{ entity: string; expr: string; data?: Record<string, unknown>; field?: string }>(
    app,
    'Template/funcSubmit',
    {
      body: {
        type: 'object',
        required: ['entity', 'expr'],
        properties: {
          entity: entityProp,
          expr: exprProp,
          data: { type: 'object', title: 'field.data' },
          field: { type: 'string', title: 'field.field', minLength: 1, maxLength: 100 },
        },
      },
    },
    async (req) => {
      const e = entityOf(req, await schemasOf(req), req.body.entity);
      const { field, expr } = req.body;
      if (field !== undefined && !e.model.properties?.[field]) throw new ApiError(req.t('error.badParam', { field: 'field' }));
      const expect = field === undefined ? undefined : celTypeOfProperty(e.model.properties[field]);
      const opts = { locale: req.locale, ...(expect && expect !== 'dyn' ? { expect } : {}) };
      const env = exprEnv(e.model, 'fields');
      const checked = checkExpression(expr, env, opts);
      if (!checked.ok) return { ok: false, message: checked.message };
      try {
        return { ok: true, type: checked.type, value: evaluateExpression(expr, env, req.body.data ?? {}, opts) ?? null };
      } catch (err) {
        return { ok: false, message: err instanceof Error ? err.message : String(err) };
      }
    },
  );

  call<{ id: string }>(
    app,
    'Form/getFiles',
    { body: { type: 'object', required: ['id'], properties: { id: { type: 'string', title: 'field.definitionId', minLength: 1, maxLength: 200 } } } },
    async (req) => {
      const s = await schemasOf(req);
      const page = s.registry.get('page', req.body.id);
      if (!page || page.pageKind !== 'form') throw notFound(req, req.body.id);
      const form = page as FormPageDef;
      const entity = s.registry.get('entity', form.entity);
      const of = (kind: 'page' | 'entity' | 'dict' | 'flow', id: string) => ({
        kind,
        id,
        file: s.registry.fileOf(kind, id) ?? null,
        etag: s.registry.etag(kind, id) ?? null,
      });
      return [
        of('page', form.id),
        ...(entity ? [of('entity', entity.id)] : []),
        ...dictCodes(entity, form).map((d) => of('dict', d)),
        ...(form.flow ? [of('flow', form.flow)] : []),
      ];
    },
  );
}
