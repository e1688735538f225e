/**
 * Computed fields on the server (DESIGN §4 form `computed`: field ← CEL, e.g. 接待天数 ←
 * `DATEDIF(visitDate, leaveDate, "D") + 1`). The form computes them as the user types (engine/form/logic.ts);
 * the server computes every one of them again on add, edit and import, whoever calls, so a record created
 * through the API carries them and what a flow routes on is never the caller's word.
 *
 * The formulas are those of the entity's form pages in the effective schema store (a designer-made form's page,
 * the shipped form pages with their published overlays), compiled once per page object against the model.
 */
import { compileExpression, envFromModel, type CompiledExpression } from '../../../engine/expr/index.js';
import type { ComputedField, EntityDef, FormPageDef } from '../../../engine/schema/types.js';
import type { EffectiveSchema } from './schemaStore.js';

/** One compiled computed field. */
interface Compiled {
  field: string;
  run: CompiledExpression;
}

const compiledByPage = new WeakMap<FormPageDef, WeakMap<EntityDef['model'], Compiled[]>>();

/** The computed fields of `page` compiled against `entity`'s model (a formula that does not compile is left out). */
function compiledOf(page: FormPageDef, entity: EntityDef): Compiled[] {
  let byModel = compiledByPage.get(page);
  if (!byModel) compiledByPage.set(page, (byModel = new WeakMap()));
  let list = byModel.get(entity.model);
  if (list) return list;
  const env = envFromModel(entity.model);
  list = [];
  for (const c of (page.computed ?? []) as ComputedField[]) {
    if (!c?.field || !c.expr?.cel || !Object.hasOwn(entity.model.properties, c.field)) continue;
    try {
      list.push({ field: c.field, run: compileExpression(c.expr.cel, env) });
    } catch {
      // a formula that does not type-check computes nothing (the designer refuses to publish it)
    }
  }
  byModel.set(entity.model, list);
  return list;
}

/** The form pages whose computed fields apply to records of `def` (designer-made form first, then shipped pages). */
export function formPagesOf(store: EffectiveSchema, def: EntityDef): FormPageDef[] {
  const designed = store.designed.find((f) => f.entity.id === def.id)?.page;
  const shipped = store.registry.pages().filter((p): p is FormPageDef => p.pageKind === 'form' && (p as FormPageDef).entity === def.id);
  return designed ? [designed, ...shipped.filter((p) => p.id !== designed.id)] : shipped;
}

/**
 * `record` with the computed fields of `pages` evaluated in definition order (a field computed by several pages
 * takes the first page's formula). A formula that fails on this record (missing inputs) leaves its field as it
 * was: validation then names what is wrong. Answers a new object; bigint results become numbers.
 */
export function withComputedFields(pages: FormPageDef[], entity: EntityDef, record: Record<string, unknown>): Record<string, unknown> {
  const seen = new Set<string>();
  let out = record;
  for (const page of pages) {
    for (const c of compiledOf(page, entity)) {
      if (seen.has(c.field)) continue;
      seen.add(c.field);
      try {
        const v = c.run(out);
        if (v === undefined) continue;
        if (out === record) out = { ...record };
        out[c.field] = typeof v === 'bigint' ? Number(v) : v;
      } catch {
        // missing inputs
      }
    }
  }
  return out;
}

/** The fields `pages` compute for `entity` (to know which stored values an edit must refresh). */
export function computedFieldNames(pages: FormPageDef[], entity: EntityDef): string[] {
  return [...new Set(pages.flatMap((p) => compiledOf(p, entity).map((c) => c.field)))];
}
