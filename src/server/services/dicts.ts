/**
 * Reading the dictionaries (`dict` definitions of schemas/, with the administrators' published overlays, DESIGN §4):
 * the items of one dictionary in the caller's locale. Platform core: the organisation calls (account status), the
 * 公文 PDF and templates and the dictionaries administration (src/areas/codes) read them.
 */
import type { DictDef } from '../../../engine/schema/types.js';
import type { Locale } from '../../shared/constants.js';
import type { EffectiveSchema } from '../engine/schemaStore.js';
import { localText } from '../api/Template/service.js';

/** One dictionary item as the client shows and edits it. */
export interface CodeItem {
  value: string;
  /** Label in the caller's locale. */
  label: string;
  /** zh-CN and en-US labels (info answers, for editing). */
  labelZh?: string;
  labelEn?: string;
  color?: string;
  disabled?: boolean;
}

/** Items of dictionary `code` in `locale` (with both labels when `forEdit`), or undefined when unknown. */
export function codeItems(s: EffectiveSchema, locale: Locale, code: string, forEdit = false): CodeItem[] | undefined {
  const d = s.registry.get('dict', code) as DictDef | undefined;
  if (!d) return undefined;
  return d.items.map((i) => ({
    value: i.value,
    label: localText(s, locale, i.label) ?? i.value,
    ...(forEdit ? { labelZh: localText(s, 'zh-CN', i.label), labelEn: localText(s, 'en-US', i.label) } : {}),
    ...(i.color ? { color: i.color } : {}),
    ...(i.disabled ? { disabled: true } : {}),
  }));
}
