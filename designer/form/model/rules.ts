/**
 * Rules of a designed form: visibility, read-only and required rules of a field built with the
 * condition builder, kept structured in the state and compiled to CEL by toFormPage; computed formulas
 * (CEL, type-checked with engine/expr). Pure TS.
 */
import { checkExpression, envFromModel, type ExprLocale } from '../../../engine/expr';
import { celTypeOfProperty } from '../../../engine/schema/expr';
import type { FormRule } from '../../../engine/schema/types';
import { compileCondition, type ConditionGroup } from './conditions';
import { freshId, produce } from './state';
import { DesignError, type DesignRule, type FormDesignState } from './types';

/** A rule as the builder edits it (`id` absent for a new rule). */
export interface RuleInput {
  id?: string;
  field: string;
  effect: DesignRule['effect'];
  when: ConditionGroup;
}

/**
 * Adds rule `rule` (or replaces the rule with its id; a new rule is last in `rules`). The condition must compile
 * against the form's model.
 * @throws DesignError notFound (unknown field or rule id), badCondition (see compileCondition).
 */
export function setRule(state: FormDesignState, rule: RuleInput): FormDesignState {
  if (!(rule.field in state.model.properties)) throw new DesignError('notFound', `no field "${rule.field}"`);
  compileCondition(rule.when, state.model);
  return produce(state, (d) => {
    if (rule.id) {
      const i = d.rules.findIndex((r) => r.id === rule.id);
      if (i < 0) throw new DesignError('notFound', `no rule "${rule.id}"`);
      d.rules[i] = { id: rule.id, field: rule.field, effect: rule.effect, when: structuredClone(rule.when) };
    } else d.rules.push({ id: freshId(d, 'rule'), field: rule.field, effect: rule.effect, when: structuredClone(rule.when) });
  });
}

/** Removes rule `id` (nothing changes when absent). */
export function removeRule(state: FormDesignState, id: string): FormDesignState {
  return state.rules.some((r) => r.id === id) ? produce(state, (d) => void (d.rules = d.rules.filter((r) => r.id !== id))) : state;
}

/** The rules of field `field`. */
export function rulesOf(state: FormDesignState, field: string): DesignRule[] {
  return state.rules.filter((r) => r.field === field);
}

/**
 * The page rules of the state: structured conditions compiled to CEL, raw CEL kept as is.
 * @throws DesignError badCondition when a structured condition no longer fits the model.
 */
export function compileRules(state: FormDesignState): FormRule[] {
  return state.rules.map((r) => ({
    id: r.id,
    when: { cel: 'mode' in r.when ? compileCondition(r.when, state.model) : r.when.cel },
    field: r.field,
    effect: r.effect,
  }));
}

/**
 * Sets the computed formula of field `field` (CEL over the form's fields, type-checked against the field's
 * type); an empty formula removes it. The field becomes read-only while computed.
 * @throws DesignError notFound (unknown field), badExpression (the message of the type-check, in `locale`).
 */
export function setComputed(state: FormDesignState, field: string, cel: string, locale: ExprLocale = 'zh-CN'): FormDesignState {
  const prop = state.model.properties[field];
  if (!prop) throw new DesignError('notFound', `no field "${field}"`);
  const source = cel.trim();
  if (source) {
    const r = checkExpression(source, envFromModel(state.model), { expect: celTypeOfProperty(prop), locale });
    if (!r.ok) throw new DesignError('badExpression', r.message);
  }
  return produce(state, (d) => {
    const i = d.computed.findIndex((c) => c.field === field);
    if (!source) {
      if (i >= 0) d.computed.splice(i, 1);
      delete d.model.properties[field].readOnly;
      return;
    }
    if (i >= 0) d.computed[i] = { ...d.computed[i], expr: { cel: source } };
    else d.computed.push({ id: freshId(d, 'calc'), field, expr: { cel: source } });
    d.model.properties[field].readOnly = true;
  });
}

/** The computed formula of `field`, or ''. */
export function computedOf(state: FormDesignState, field: string): string {
  return state.computed.find((c) => c.field === field)?.expr.cel ?? '';
}
