/**
 * The editing model of the form designer (DESIGN §4 `form`): a form is the pair (JSON Schema model
 * properties, layout tree) exactly as in the form page format, plus the page's rules kept as structured
 * conditions, its computed fields and validators, and the en-US texts of every Text (zh-CN lives in `d`).
 * Pure TS: no React, no Node.
 */
import type { ComputedField, CrossValidator, DictDef, EntityModel, LayoutNode, Text } from '../../../engine/schema/types';
import type { ConditionGroup } from './conditions';

/** A label in both UI languages. */
export interface LocalLabel {
  zh: string;
  en: string;
}

/** What a page definition carries besides layout, rules, computed fields and validators (kept as loaded). */
export interface FormMeta {
  $schema: string;
  schemaVersion: number;
  /** Page id, e.g. `receptions.reception.form`. */
  id: string;
  title: Text;
  /** Entity id the form edits; also the prefix of generated i18n keys. */
  entity: string;
  route?: string;
  flow?: string;
  afterSubmit?: string;
}

/** A visibility / read-only / required rule of one field: structured condition, or CEL the builder cannot show. */
export interface DesignRule {
  id: string;
  field: string;
  effect: 'visible' | 'readOnly' | 'required';
  /** Structured (built with the condition builder) or raw CEL (loaded and not representable). */
  when: ConditionGroup | { cel: string };
}

/** The state of one form in the designer. Treat as immutable: every command answers a new state. */
export interface FormDesignState {
  meta: FormMeta;
  /** The entity model: properties (key → JSON Schema + `x-` keys) and `required`. */
  model: EntityModel;
  layout: LayoutNode[];
  rules: DesignRule[];
  computed: ComputedField[];
  validators: CrossValidator[];
  /**
   * Dictionaries the form owns: the options typed in the inspector for a select / radio / checkbox (definitions
   * keep Chinese only in Texts, so options are a dictionary with labelled items, not an `enum`).
   */
  dicts: DictDef[];
  /** en-US text of each i18n key used by the form (zh-CN is the Text's `d`). */
  en: Record<string, string>;
  /** Field keys that are not renamed when their label changes (loaded from a stored form, or set by hand). */
  locked: string[];
  /** Counter of generated node ids (only grows: ids are never reused). */
  seq: number;
  /** Id of the node the last command created or moved (the UI selects it); not part of the definition. */
  focus?: string;
}

/** Palette entries of the form designer. */
export type PaletteKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'date'
  | 'daterange'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'person'
  | 'department'
  | 'record'
  | 'attachments'
  | 'richtext'
  | 'subtable'
  | 'section'
  | 'tabs'
  | 'grid'
  | 'description';

/**
 * What commands need from outside: `pinyin(text)` the key material of a label (Form/getpinyin's `pinyin`, e.g.
 * 请假事由 → qingjiashiyou; synchronous, so the UI fetches first — see createPinyinCache), and `label(kind)` the
 * default label of a palette entry in both languages (from the `designer` locale namespace).
 */
export interface DesignEnv {
  pinyin(text: string): string;
  label(kind: PaletteKind | 'tab' | 'column'): LocalLabel;
}

/** Where to put a node: a container (null = the form's top level; a section, tab, grid or sub-table id) and an index. */
export interface Target {
  parent: string | null;
  /** Final position among the container's children; default: the end. */
  index?: number;
}

/** Why a command refused (the UI shows `designer:error.<code>`). */
export type DesignErrorCode = 'notFound' | 'notContainer' | 'intoItself' | 'notColumn' | 'badKey' | 'keyTaken' | 'badCondition' | 'badExpression' | 'badValue';

/** A refused command; `code` names the reason, `message` is English for logs. */
export class DesignError extends Error {
  constructor(
    readonly code: DesignErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DesignError';
  }
}
