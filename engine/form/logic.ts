/**
 * The behaviour of a form page (DESIGN §4 `form`): rules (`when` → visible / required / readOnly on a field),
 * computed fields (field ← CEL) and cross-field validators (CEL + message on a field), all compiled once
 * against the entity model (engine/expr envFromModel) and evaluated over the form data. Pure TS.
 */
import { compileExpression, envFromModel, type CompiledExpression, type ExprEnv } from '../expr';
import type { EntityModel, FormPageDef } from '../schema/types';
import type { JsonSchema, TextFn, UiSchema } from './compile';

/** Form data: field → value. */
export type FormData = Record<string, unknown>;

/** What the rules decide for the current data. */
export interface RuleState {
  hidden: string[];
  required: string[];
  readOnly: string[];
  /** A stable key of the state (equal keys → equal states), to memoise derived schemas. */
  key: string;
}

/** Compiled rules, computed fields and validators of one form page. */
export interface FormLogic {
  /** Rule effects for `data`; a rule whose `when` fails to evaluate counts as false. */
  rules(data: FormData): RuleState;
  /**
   * Recomputes the computed fields one of whose inputs differs between `prev` and `next` (all of them when
   * `prev` is null), in definition order (a computed field may feed a later one). Returns the new data (the
   * same object when nothing changed) and the fields recomputed.
   */
  compute(prev: FormData | null, next: FormData): { data: FormData; recomputed: string[] };
  /** Failing cross-field validators: `{field, message}` (field '' when the validator names none). */
  validate(data: FormData): { field: string; message: string }[];
  /** Inputs of each computed field (referencedFields), by computed field. */
  inputs: Record<string, readonly string[]>;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Compiles the rules, computed fields and validators of `page` against `model`.
 * @throws Error naming the node id when an expression does not type-check (ExprError message).
 */
export function compileLogic(
  page: Pick<FormPageDef, 'id' | 'rules' | 'computed' | 'validators'>,
  model: EntityModel,
  tx: TextFn,
  env: ExprEnv = envFromModel(model),
): FormLogic {
  const compile = (id: string, source: string, expect?: string): CompiledExpression => {
    try {
      return compileExpression(source, env, expect ? { expect } : {});
    } catch (e) {
      throw new Error(`${page.id} #${id}: ${(e as Error).message}`);
    }
  };
  const rules = (page.rules ?? []).map((r) => ({ ...r, run: compile(r.id, r.when.cel, 'bool') }));
  const computed = (page.computed ?? []).map((c) => ({ ...c, run: compile(c.id, c.expr.cel) }));
  const validators = (page.validators ?? []).map((v) => ({ ...v, run: compile(v.id, v.expr.cel, 'bool'), text: tx(v.message) }));
  const truthy = (run: CompiledExpression, data: FormData) => {
    try {
      return run(data) === true;
    } catch {
      return false;
    }
  };
  const visibleRuled = new Set(rules.filter((r) => r.effect === 'visible').map((r) => r.field));
  return {
    inputs: Object.fromEntries(computed.map((c) => [c.field, c.run.fields])),
    rules(data) {
      const visible = new Set<string>();
      const required = new Set<string>();
      const readOnly = new Set<string>();
      for (const r of rules) {
        if (!truthy(r.run, data)) continue;
        (r.effect === 'visible' ? visible : r.effect === 'required' ? required : readOnly).add(r.field);
      }
      const hidden = [...visibleRuled].filter((f) => !visible.has(f)).sort();
      const req = [...required].filter((f) => !hidden.includes(f)).sort();
      const ro = [...readOnly].sort();
      return { hidden, required: req, readOnly: ro, key: `${hidden.join(',')}|${req.join(',')}|${ro.join(',')}` };
    },
    compute(prev, next) {
      let data = next;
      const recomputed: string[] = [];
      const changed = new Set<string>();
      if (prev) for (const k of new Set([...Object.keys(prev), ...Object.keys(next)])) if (!same(prev[k], next[k])) changed.add(k);
      for (const c of computed) {
        if (prev && !c.run.fields.some((f) => changed.has(f))) continue;
        let value: unknown;
        try {
          value = c.run(data);
        } catch {
          value = undefined;
        }
        recomputed.push(c.field);
        if (!same(value, data[c.field])) {
          data = { ...data, [c.field]: value };
          changed.add(c.field);
        }
      }
      return { data, recomputed };
    },
    validate(data) {
      return validators.filter((v) => !truthy(v.run, data)).map((v) => ({ field: v.field ?? '', message: v.text }));
    },
  };
}

/**
 * The schema and uiSchema under a rule state: hidden fields dropped from `required` and marked
 * `ui:widget: hidden`-free (the template skips them via `ui:options.hidden`), required fields added,
 * read-only fields `ui:readonly`. Returns new objects; the inputs are untouched.
 */
export function applyRules(schema: JsonSchema, uiSchema: UiSchema, state: RuleState): { schema: JsonSchema; uiSchema: UiSchema } {
  if (!state.hidden.length && !state.required.length && !state.readOnly.length) return { schema, uiSchema };
  const hidden = new Set(state.hidden);
  const required = [...new Set([...(schema.required ?? []), ...state.required])].filter((f) => !hidden.has(f));
  const ui: UiSchema = { ...uiSchema };
  const mark = (f: string, patch: Record<string, unknown>) => {
    const cur = (ui[f] ?? {}) as Record<string, unknown>;
    ui[f] = { ...cur, ...patch, 'ui:options': { ...((cur['ui:options'] as object) ?? {}), ...((patch['ui:options'] as object) ?? {}) } };
  };
  for (const f of state.hidden) mark(f, { 'ui:options': { hidden: true } });
  for (const f of state.readOnly) mark(f, { 'ui:readonly': true });
  return { schema: { ...schema, required }, uiSchema: ui };
}
