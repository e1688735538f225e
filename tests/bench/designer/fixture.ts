/**
 * A 200-field design for the form designer drag benchmark ("dragging a field on a 200-field form keeps
 * a median frame ≤ 16 ms"), built through the model's commands (insertFromPalette at the top level) with the
 * everyday field kinds in turn and distinct labels 字段1…字段N / Field 1…Field N (keys ziduan1…); selects and
 * radios get three typed options, checkboxes a shared dictionary (updateField), so the design has nothing
 * checkDesign would list.
 */
import { emptyForm, insertFromPalette, updateField, type DesignEnv, type FormDesignState, type PaletteKind } from '../../../designer/form/model';

const KINDS: PaletteKind[] = ['text', 'number', 'date', 'select', 'textarea', 'money', 'radio', 'checkbox'];

/** The design of `n` top-level fields (kinds in turn, labelled by their position, 1-based). */
export function bigDesign(n: number): FormDesignState {
  let i = 0;
  const env: DesignEnv = {
    pinyin: (text) => text.replace(/^字段/, 'ziduan'),
    label: () => ({ zh: `字段${i}`, en: `Field ${i}` }),
  };
  let s = emptyForm({ id: 'bench.big.form', entity: 'bench.big', title: { t: 'bench.big.page.form', d: '大表单' } });
  const options = ['甲', '乙', '丙'].map((zh, k) => ({ value: `o${k + 1}`, label: { zh, en: `Option ${k + 1}` } }));
  for (i = 1; i <= n; i++) {
    const kind = KINDS[(i - 1) % KINDS.length];
    s = insertFromPalette(s, kind, { parent: null }, env);
    const id = s.focus!;
    if (kind === 'select' || kind === 'radio') s = updateField(s, id, { options });
    if (kind === 'checkbox') s = updateField(s, id, { dict: 'bench_colors' });
  }
  return { ...s, focus: undefined };
}
