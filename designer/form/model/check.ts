/**
 * Checks of a design before it is published: what the definition lint would refuse or what could
 * not work — a select / radio / checkbox without options or dictionary, a reference without its target entity, a sub-table without columns, tabs
 * without a tab, rules, computed fields and validators that do not type-check against the fields (CEL through
 * engine/expr), Chinese text outside a Text (a Chinese default value or pattern: definitions keep Chinese
 * only in Texts). Pure TS.
 */
import { checkExpression, envFromModel, type ExprLocale } from '../../../engine/expr';
import { celTypeOfProperty } from '../../../engine/schema/expr';
import { isText } from '../../../engine/schema/text';
import { compileCondition } from './conditions';
import { fieldRef } from './state';
import { walk } from './tree';
import { DesignError, type FormDesignState } from './types';

/** One problem: the node, rule, computed field or validator id (or field key) it concerns, a code and details. */
export interface DesignProblem {
  id: string;
  code: 'noOptions' | 'noTarget' | 'noColumns' | 'noTabs' | 'badCondition' | 'badExpression' | 'chineseOutsideText';
  message?: string;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;

function chinese(v: unknown): boolean {
  if (typeof v === 'string') return CJK.test(v);
  if (Array.isArray(v)) return v.some(chinese);
  if (v && typeof v === 'object') return !isText(v) && Object.entries(v).some(([k, x]) => !k.startsWith('x-') && chinese(x));
  return false;
}

/** The problems of a design (empty when it can be published). Messages of expressions are in `locale`. */
export function checkDesign(state: FormDesignState, locale: ExprLocale = 'zh-CN'): DesignProblem[] {
  const out: DesignProblem[] = [];
  walk(state.layout, (n) => {
    if (n.type === 'tabs' && !n.children.length) out.push({ id: n.id, code: 'noTabs' });
    if (n.type === 'subtable') {
      if (!n.columns.length) out.push({ id: n.id, code: 'noColumns' });
      for (const c of n.columns) {
        const ref = fieldRef(state, c.id);
        if (ref?.prop['x-kind'] === 'dict' && !ref.prop['x-dict']) out.push({ id: c.id, code: 'noOptions' });
        if (ref && chinese(ref.prop)) out.push({ id: c.id, code: 'chineseOutsideText' });
      }
    }
    if ('field' in n) {
      const p = state.model.properties[n.field];
      if (p?.['x-kind'] === 'dict' && !p['x-dict']) out.push({ id: n.id, code: 'noOptions' });
      if (p?.['x-kind'] === 'record' && !p['x-record']) out.push({ id: n.id, code: 'noTarget' });
      if (p && n.type !== 'subtable' && chinese(p)) out.push({ id: n.id, code: 'chineseOutsideText' });
    }
  });
  const env = envFromModel(state.model);
  const check = (id: string, cel: string, expect: string) => {
    const r = checkExpression(cel, env, { expect, locale });
    if (!r.ok) out.push({ id, code: 'badExpression', message: r.message });
  };
  for (const r of state.rules) {
    let cel: string;
    try {
      cel = 'mode' in r.when ? compileCondition(r.when, state.model) : r.when.cel;
    } catch (e) {
      if (!(e instanceof DesignError)) throw e;
      out.push({ id: r.id, code: 'badCondition', message: e.message });
      continue;
    }
    check(r.id, cel, 'bool');
  }
  for (const c of state.computed) check(c.id, c.expr.cel, celTypeOfProperty(state.model.properties[c.field]));
  for (const v of state.validators) check(v.id, v.expr.cel, 'bool');
  return out;
}
