/**
 * Between the designer state and the definition format (DESIGN §4 `form`): `toFormPage` writes the
 * form page definition, the entity model, the dictionaries of typed options and the locale texts (zh-CN = each Text's `d`, en-US from the state);
 * `fromFormPage` reads a stored page and its model back (rules as structured conditions when they have that
 * shape); `toBundle` makes the PageBundle the engine's FormPage renders, for the live preview. Pure TS.
 */
import type { PageBundle } from '../../../engine/schema/bundle';
import { collectTexts, type LocaleMessages } from '../../../engine/schema/text';
import type { DictDef, EntityModel, FormPageDef } from '../../../engine/schema/types';
import { parseCondition } from './conditions';
import { compileRules } from './rules';
import { allIds } from './tree';
import type { DesignRule, FormDesignState } from './types';

/** What toFormPage answers. */
export interface CompiledDesign {
  page: FormPageDef;
  model: EntityModel;
  /** The dictionaries the form owns (its typed options), to store beside the page. */
  dicts: DictDef[];
  /** Locale texts of every Text the page, model and dictionaries use: `{'zh-CN': {key: text}, 'en-US': {…}}`. */
  texts: LocaleMessages;
}

/**
 * The form page definition (stable key order), the entity model and the texts of a design.
 * @throws DesignError badCondition when a structured rule no longer fits the model.
 */
export function toFormPage(state: FormDesignState): CompiledDesign {
  const m = state.meta;
  const rules = compileRules(state);
  const page: FormPageDef = structuredClone({
    $schema: m.$schema,
    schemaVersion: m.schemaVersion,
    id: m.id,
    kind: 'page',
    pageKind: 'form',
    title: m.title,
    ...(m.route ? { route: m.route } : {}),
    entity: m.entity,
    layout: state.layout,
    ...(rules.length ? { rules } : {}),
    ...(state.computed.length ? { computed: state.computed } : {}),
    ...(state.validators.length ? { validators: state.validators } : {}),
    ...(m.flow ? { flow: m.flow } : {}),
    ...(m.afterSubmit ? { afterSubmit: m.afterSubmit } : {}),
  });
  const model = structuredClone(state.model);
  if (!model.required?.length) delete model.required;
  const zh: Record<string, string> = {};
  const en: Record<string, string> = {};
  const dicts = structuredClone(state.dicts);
  for (const { text } of collectTexts([page, model, dicts])) {
    zh[text.t] = text.d;
    en[text.t] = state.en[text.t] ?? text.d;
  }
  return { page, model, dicts, texts: { 'zh-CN': zh, 'en-US': en } };
}

/**
 * The design state of a stored form page and its entity model. `texts` are the locale texts (en-US read from
 * them), `dicts` the dictionaries the form owns (its typed options; shared ones are not passed). Every field of the model is locked (renaming would orphan stored data); rules whose CEL has the
 * builder's shape become structured conditions, the others stay CEL.
 */
export function fromFormPage(page: FormPageDef, model: EntityModel, texts: LocaleMessages = {}, dicts: DictDef[] = []): FormDesignState {
  const p = structuredClone(page);
  const rules: DesignRule[] = (p.rules ?? []).map((r) => ({
    id: r.id,
    field: r.field,
    effect: r.effect,
    when: parseCondition(r.when.cel, model) ?? { cel: r.when.cel },
  }));
  const state: FormDesignState = {
    meta: {
      $schema: p.$schema,
      schemaVersion: p.schemaVersion,
      id: p.id,
      title: p.title,
      entity: p.entity,
      ...(p.route ? { route: p.route } : {}),
      ...(p.flow ? { flow: p.flow } : {}),
      ...(p.afterSubmit ? { afterSubmit: p.afterSubmit } : {}),
    },
    model: structuredClone(model),
    layout: p.layout,
    rules,
    computed: p.computed ?? [],
    validators: p.validators ?? [],
    dicts: structuredClone(dicts),
    en: {},
    locked: Object.keys(model.properties),
    seq: 1,
  };
  // Generated ids continue after the highest numbered id of the page (`f12` → 13), so a new node does not take
  // the id of one the stored page has.
  let max = 0;
  for (const id of allIds(state.layout)) max = Math.max(max, Number(/(\d+)$/.exec(id)?.[1] ?? 0));
  for (const x of [...state.rules, ...state.computed, ...state.validators]) max = Math.max(max, Number(/(\d+)$/.exec(x.id)?.[1] ?? 0));
  state.seq = max + 1;
  const enTexts = texts['en-US'] ?? {};
  for (const { text } of collectTexts([state.model, state.layout, state.validators, state.meta.title, state.dicts]))
    if (enTexts[text.t] !== undefined) state.en[text.t] = enTexts[text.t];
  return state;
}

/** Options of toBundle. */
export interface BundleOptions {
  /** Locale of the texts (default zh-CN). */
  locale?: 'zh-CN' | 'en-US';
  /** Dictionaries the fields name (`x-dict`), for select options. */
  dicts?: DictDef[];
  /** API group of the entity (default: the first part of the entity id). */
  group?: string;
}

/**
 * The PageBundle of a design, as Template/page would answer it, for the engine's FormPage (live preview).
 * @throws DesignError badCondition (see toFormPage).
 */
export function toBundle(state: FormDesignState, opts: BundleOptions = {}): PageBundle {
  const { page, model, texts, dicts } = toFormPage(state);
  const entity = { id: state.meta.entity, title: state.meta.title, group: opts.group ?? state.meta.entity.split('.')[0], model, scope: 'own' as const };
  return { page, entity, dicts: [...dicts, ...(opts.dicts ?? [])], texts: texts[opts.locale ?? 'zh-CN'] ?? {}, etag: `design-${state.seq}` };
}
