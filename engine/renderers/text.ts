/**
 * Definition texts of a page bundle (DESIGN §4: `{"t": key, "d": zh-CN default}`): the text of a Text in
 * the bundle's locale (Template/page sends `texts` in the caller's locale), a field's title (`x-title`),
 * a dictionary item's label and colour.
 */
import type { PageBundle } from '../schema/bundle';
import type { DictDef, Text } from '../schema/types';
import { textOf } from '../schema/text';

/** Text function of a bundle: a Text's text in the bundle's locale, else `d`; `fallback` when no Text. */
export type BundleText = (text: Text | undefined, fallback?: string) => string;

/** The text function of `bundle`. */
export function bundleText(bundle: PageBundle): BundleText {
  return (text, fallback = '') => (text ? textOf(text, bundle.texts) : fallback);
}

/** Title of `field` (its `x-title`), else the key. */
export function fieldTitle(bundle: PageBundle, field: string): string {
  const p = bundle.entity?.model.properties[field];
  return p ? textOf(p['x-title'], bundle.texts) : field;
}

/** The dictionary of `field` (`x-dict`) in the bundle, if any. */
export function fieldDict(bundle: PageBundle, field: string): DictDef | undefined {
  const code = bundle.entity?.model.properties[field]?.['x-dict'];
  return code ? bundle.dicts.find((d) => d.id === code) : undefined;
}

/** Label and colour of a dictionary value (the value itself when the dictionary lacks it). */
export function dictLabel(bundle: PageBundle, dict: DictDef | undefined, value: unknown): { label: string; color?: string } {
  const item = dict?.items.find((i) => i.value === String(value));
  return item ? { label: textOf(item.label, bundle.texts), color: item.color } : { label: String(value) };
}
