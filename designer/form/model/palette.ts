/**
 * The palette of the form designer: what each entry puts in the model (a JSON Schema property with
 * `x-kind`, drawn by the widget the engine registers under that kind — widgets/index.ts) and in the layout
 * (field / attachments / subtable node, or a section, tabs, grid, description text). Pure TS.
 */
import type { FieldKind, LayoutNode, ModelProperty, Text } from '../../../engine/schema/types';
import type { PaletteKind } from './types';

/** One palette entry: its kind, its group in the palette and whether it can be a sub-table column. */
export interface PaletteItem {
  kind: PaletteKind;
  group: 'field' | 'layout';
  /** Can be a column of a sub-table (the sub-table editor has an input for it). */
  column: boolean;
}

/** The palette in display order. */
export const PALETTE: readonly PaletteItem[] = [
  { kind: 'text', group: 'field', column: true },
  { kind: 'textarea', group: 'field', column: true },
  { kind: 'number', group: 'field', column: true },
  { kind: 'money', group: 'field', column: true },
  { kind: 'date', group: 'field', column: true },
  { kind: 'daterange', group: 'field', column: false },
  { kind: 'select', group: 'field', column: true },
  { kind: 'radio', group: 'field', column: true },
  { kind: 'checkbox', group: 'field', column: false },
  { kind: 'person', group: 'field', column: false },
  { kind: 'department', group: 'field', column: false },
  { kind: 'record', group: 'field', column: false },
  { kind: 'attachments', group: 'field', column: false },
  { kind: 'richtext', group: 'field', column: false },
  { kind: 'subtable', group: 'field', column: false },
  { kind: 'section', group: 'layout', column: false },
  { kind: 'tabs', group: 'layout', column: false },
  { kind: 'grid', group: 'layout', column: false },
  { kind: 'description', group: 'layout', column: false },
];

/** The palette entry of `kind`. */
export function paletteItem(kind: PaletteKind): PaletteItem {
  return PALETTE.find((p) => p.kind === kind)!;
}

/** Whether an entry adds a model property (a field) rather than only a layout node. */
export const isFieldKind = (kind: PaletteKind): boolean => paletteItem(kind).group === 'field';

/** JSON Schema keywords of each field entry (before `x-title` and `x-kind`). */
const SHAPES: Partial<Record<PaletteKind, { schema: Record<string, unknown>; kind: FieldKind }>> = {
  text: { schema: { type: 'string', maxLength: 200 }, kind: 'text' },
  textarea: { schema: { type: 'string', maxLength: 2000 }, kind: 'textarea' },
  number: { schema: { type: 'number' }, kind: 'number' },
  money: { schema: { type: 'number', minimum: 0, maximum: 99999999.99 }, kind: 'money' },
  date: { schema: { type: 'string', format: 'date' }, kind: 'date' },
  daterange: { schema: { type: 'array', items: { type: 'string', format: 'date' }, maxItems: 2 }, kind: 'daterange' },
  select: { schema: { type: 'string' }, kind: 'dict' },
  radio: { schema: { type: 'string' }, kind: 'dict' },
  checkbox: { schema: { type: 'array', items: { type: 'string' }, uniqueItems: true }, kind: 'dict' },
  person: { schema: { type: 'integer' }, kind: 'user' },
  department: { schema: { type: 'integer' }, kind: 'dept' },
  // its target (`x-record`: entity and label field) is chosen in the inspector (fields.ts updateField `record`)
  record: { schema: { type: 'integer' }, kind: 'record' },
  attachments: { schema: { type: 'array' }, kind: 'attachments' },
  richtext: { schema: { type: 'string', maxLength: 100000 }, kind: 'richtext' },
  subtable: { schema: { type: 'array', items: { type: 'object', properties: {} } }, kind: 'subtable' },
};

/** The model property a field entry adds, titled `title`. @throws Error for layout-only entries. */
export function paletteProperty(kind: PaletteKind, title: Text): ModelProperty {
  const shape = SHAPES[kind];
  if (!shape) throw new Error(`palette entry "${kind}" adds no field`);
  return { ...structuredClone(shape.schema), 'x-title': title, 'x-kind': shape.kind };
}

/** The layout node placing field `key` added from entry `kind`. */
export function paletteFieldNode(kind: PaletteKind, id: string, key: string): LayoutNode {
  if (kind === 'attachments') return { id, type: 'attachments', field: key };
  if (kind === 'subtable') return { id, type: 'subtable', field: key, columns: [], totals: [] };
  return { id, type: 'field', field: key };
}

/** The palette entry an existing field stands for (what the inspector offers), from its property. */
export function kindOfProperty(p: ModelProperty | undefined): PaletteKind {
  const type = Array.isArray(p?.type) ? p?.type.find((t) => t !== 'null') : p?.type;
  switch (p?.['x-kind']) {
    case 'textarea':
      return 'textarea';
    case 'richtext':
      return 'richtext';
    case 'integer':
    case 'number':
      return 'number';
    case 'money':
      return 'money';
    case 'date':
    case 'datetime':
      return 'date';
    case 'daterange':
      return 'daterange';
    case 'dict':
      return type === 'array' ? 'checkbox' : 'select';
    case 'user':
    case 'users':
      return 'person';
    case 'dept':
    case 'depts':
      return 'department';
    case 'record':
      return 'record';
    case 'attachments':
      return 'attachments';
    case 'subtable':
      return 'subtable';
    case 'text':
      return 'text';
    default:
      return type === 'integer' || type === 'number' ? 'number' : p?.format === 'date' ? 'date' : 'text';
  }
}
