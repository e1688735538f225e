/**
 * A form of N fields for the form benchmark (150 fields render in ≤ 300 ms, a keystroke reaches
 * the screen in ≤ 50 ms): one entity and one form page as a PageBundle, fields of the everyday kinds
 * (text, textarea, integer, money, date, dict, boolean) in sections of two-column grids, one computed
 * field and one rule — what an administrator's large form looks like.
 */
import type { PageBundle } from '../../../engine/schema/bundle';
import type { DictDef, FormPageDef, LayoutNode, ModelProperty } from '../../../engine/schema/types';

const KINDS = ['text', 'text', 'textarea', 'integer', 'money', 'date', 'dict', 'boolean', 'text', 'number'] as const;

/** The bundle of a form with `n` fields (f1…fn) in sections of 10. */
export function bigFormBundle(n = 150): PageBundle {
  const properties: Record<string, ModelProperty> = {};
  const texts: Record<string, string> = {};
  const sections: LayoutNode[] = [];
  let grid: LayoutNode[] = [];
  for (let i = 1; i <= n; i++) {
    const kind = KINDS[i % KINDS.length];
    const key = `f${i}`;
    const title = { t: `bench.field.${key}`, d: `字段${i}` };
    texts[title.t] = title.d;
    const type = kind === 'integer' ? 'integer' : kind === 'money' || kind === 'number' ? 'number' : kind === 'boolean' ? 'boolean' : 'string';
    properties[key] = {
      type,
      'x-title': title,
      'x-kind': kind,
      ...(kind === 'text' || kind === 'textarea' ? { maxLength: 200 } : {}),
      ...(kind === 'date' ? { format: 'date' } : {}),
      ...(kind === 'dict' ? { 'x-dict': 'bench_level' } : {}),
    };
    grid.push({ id: `n_${key}`, type: 'field', field: key, ...(kind === 'textarea' ? { span: 2 } : {}) });
    if (i % 10 === 0 || i === n) {
      const s = sections.length + 1;
      texts[`bench.section.${s}`] = `第${s}部分`;
      sections.push({
        id: `s${s}`,
        type: 'section',
        title: { t: `bench.section.${s}`, d: `第${s}部分` },
        children: [{ id: `g${s}`, type: 'grid', columns: 2, children: grid }],
      });
      grid = [];
    }
  }
  properties.total = { type: 'number', readOnly: true, 'x-title': { t: 'bench.field.total', d: '合计' }, 'x-kind': 'money' };
  texts['bench.field.total'] = '合计';
  sections.push({ id: 'sTotal', type: 'section', children: [{ id: 'n_total', type: 'field', field: 'total' }] });
  const dict: DictDef = {
    $schema: '',
    schemaVersion: 1,
    id: 'bench_level',
    kind: 'dict',
    title: { t: 'dict.bench_level.title', d: '等级' },
    items: ['一级', '二级', '三级', '四级'].map((d, i) => ({ value: String(i + 1), label: { t: `dict.bench_level.${i + 1}`, d } })),
  };
  const page: FormPageDef = {
    $schema: '',
    schemaVersion: 1,
    id: 'bench.big.form',
    kind: 'page',
    pageKind: 'form',
    title: { t: 'bench.form', d: '大表单' },
    entity: 'bench.big',
    layout: sections,
    computed: [{ id: 'c_total', field: 'total', expr: { cel: 'SUM(f4, f14, f24)' } }],
    rules: [{ id: 'r1', when: { cel: 'f7 == true' }, field: 'f8', effect: 'required' }],
  };
  return {
    page,
    entity: { id: 'bench.big', title: { t: 'bench.entity', d: '大表单' }, group: 'bench', model: { type: 'object', properties }, scope: 'own' },
    dicts: [dict],
    texts,
    etag: 'bench',
  };
}
