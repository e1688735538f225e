/**
 * Options of select / radio / checkbox fields ("from a dictionary"): a field names a dictionary by
 * code (`x-dict`, a shared one such as a /codes enumeration), or the options typed in the inspector become a
 * dictionary the form owns (`<entity>_<key>`, items with zh-CN / en-US labels), written out with the page.
 * Pure TS.
 */
import type { DictDef } from '../../../engine/schema/types';
import { keyFromPinyin, uniqueKey } from './keys';
import { makeText } from './state';
import type { DesignEnv, FormDesignState, LocalLabel } from './types';

/** One option typed in the inspector; `value` (the stored code) is generated from the label when absent. */
export interface OptionInput {
  value?: string;
  label: LocalLabel;
  color?: string;
}

/** Id of the dictionary form `entity` owns for field `key` (dictionary ids are `^[a-z][a-z0-9_]*$`). */
export function ownedDictId(entity: string, key: string): string {
  const id = `${entity}_${key}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return /^[a-z]/.test(id) ? id : `d${id}`;
}

/**
 * Sets the options of a field on the draft: the form's own dictionary `dictId` is (re)written with `options`
 * and its title `title`; answers the dictionary id. Values: as given, else from the label's pinyin (`env`),
 * else `o1`, `o2`…, unique.
 */
export function writeOptions(d: FormDesignState, dictId: string, title: LocalLabel, options: OptionInput[], env?: DesignEnv): string {
  const used: string[] = [];
  const items: DictDef['items'] = options.map((o, i) => {
    const raw = (o.value ?? '').trim() || (env ? keyFromPinyin(env.pinyin(o.label.zh)) : `o${i + 1}`);
    const value = uniqueKey(raw, used);
    used.push(value);
    return { value, label: makeText(d, `dict.${dictId}.${value}`, o.label), ...(o.color ? { color: o.color } : {}) };
  });
  const dict: DictDef = {
    $schema: '../../_meta/dict.schema.json',
    schemaVersion: 1,
    id: dictId,
    kind: 'dict',
    title: makeText(d, `dict.${dictId}.title`, title),
    items,
  };
  const old = d.dicts.find((x) => x.id === dictId);
  if (old) for (const it of old.items) if (!used.includes(it.value)) delete d.en[it.label.t];
  d.dicts = [...d.dicts.filter((x) => x.id !== dictId), dict];
  return dictId;
}

/** Drops the owned dictionaries no field names any more (and their en-US texts). */
export function dropUnusedDicts(d: FormDesignState): void {
  const named = new Set<string>();
  const visit = (props: Record<string, { 'x-dict'?: string; items?: unknown }>) => {
    for (const p of Object.values(props)) {
      if (p['x-dict']) named.add(p['x-dict']);
      const rows = (p.items as { properties?: Record<string, { 'x-dict'?: string }> } | undefined)?.properties;
      if (rows) visit(rows);
    }
  };
  visit(d.model.properties);
  for (const dict of d.dicts) {
    if (named.has(dict.id)) continue;
    delete d.en[dict.title.t];
    for (const it of dict.items) delete d.en[it.label.t];
  }
  d.dicts = d.dicts.filter((x) => named.has(x.id));
}

/** The options of a field as the inspector shows them: its dictionary's items (owned or `shared`), or none. */
export function optionsOf(state: FormDesignState, dictId: string | undefined, shared: DictDef[] = []): OptionInput[] {
  const dict = dictId ? (state.dicts.find((x) => x.id === dictId) ?? shared.find((x) => x.id === dictId)) : undefined;
  return (dict?.items ?? []).map((it) => ({
    value: it.value,
    label: { zh: it.label.d, en: state.en[it.label.t] ?? it.label.d },
    ...(it.color ? { color: it.color } : {}),
  }));
}
