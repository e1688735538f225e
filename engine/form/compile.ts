/**
 * Form definition → rjsf inputs (DESIGN §4 `form`, FORMATS.md): the JSON Schema of the fields placed in the
 * layout (titles from `x-title` in the reader's locale, `required` from the model), the uiSchema (widget per
 * `x-kind` or the layout node's `widget`, placeholders, order, read-only fields, `ui:field` for sub-tables)
 * and the layout tree the form template draws. Pure TS: no React, no Node.
 */
import type { PageBundle, PublicEntity } from '../schema/bundle';
import type { FieldKind, LayoutNode, ModelProperty, Text } from '../schema/types';
import { textOf } from '../schema/text';

/** A JSON Schema object as rjsf takes it. */
export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** A uiSchema as rjsf takes it (`ui:*` keys per field). */
export type UiSchema = Record<string, unknown>;

/** Where a field sits in the layout: its node id and the JSON pointer of the node in the page definition. */
export interface FieldPlace {
  nodeId: string;
  /** JSON pointer in the page definition, e.g. `/layout/0/children/0/children/2`. */
  path: string;
  /** Widget key the field is drawn with. */
  widget: string;
  kind: FieldKind | undefined;
}

/** Result of {@link compileForm}. */
export interface CompiledForm {
  /** JSON Schema (draft-07) of the fields in the layout. */
  schema: JsonSchema;
  /** uiSchema: `ui:order`, and per field `ui:widget` or `ui:field`, `ui:placeholder`, `ui:readonly`, `ui:options`. */
  uiSchema: UiSchema;
  /** The layout tree (the page's, unchanged) for the form template. */
  layout: LayoutNode[];
  /** Fields of the layout in layout order. */
  fields: string[];
  /** Where each field sits (for error boxes naming the layout path). */
  places: Record<string, FieldPlace>;
  /** Default values of the model (`default` keywords) for a new record. */
  defaults: Record<string, unknown>;
  /** Fields a new record takes from the session (`x-default-from`: the signed-in user or their department). */
  sessionDefaults: Record<string, 'user' | 'dept'>;
  /** Title of each field in the locale (for messages naming fields). */
  titles: Record<string, string>;
  /**
   * Message of each field's `x-pattern-message` in the locale, shown when its `pattern` fails: by key, and by
   * `<sub-table>.<column>` for sub-table columns.
   */
  patternMessages: Record<string, string>;
}

/** The `x-pattern-message` texts of field `key` (property `p`) and of its sub-table columns, into `out`. */
function collectPatternMessages(key: string, p: ModelProperty, tx: TextFn, out: Record<string, string>): void {
  if (p['x-pattern-message']) out[key] = tx(p['x-pattern-message']);
  const rows = (p.items as { properties?: Record<string, ModelProperty> } | undefined)?.properties;
  for (const [col, sub] of Object.entries(rows ?? {})) if (sub['x-pattern-message']) out[`${key}.${col}`] = tx(sub['x-pattern-message']);
}

/** The text function over locale texts: a Text's text, else its zh-CN default. */
export type TextFn = (text: Text | undefined, fallback?: string) => string;

/** Text lookup over `texts` (i18n key → text), falling back to the Text's `d`. */
export function textFn(texts: Record<string, string>): TextFn {
  return (text, fallback = '') => (text ? textOf(text, texts) : fallback);
}

/** Widget key of a model property: its `x-kind`, else one fitting its JSON type. */
export function widgetOfKind(p: ModelProperty | undefined): string {
  const kind = p?.['x-kind'];
  if (kind) return kind;
  const type = Array.isArray(p?.type) ? p?.type[0] : p?.type;
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (p?.format === 'date') return 'date';
  return 'text';
}

/** A model property as plain JSON Schema: `x-` keys dropped, `title` set, nested items/properties titled too. */
export function toJsonSchema(p: ModelProperty, tx: TextFn, key: string): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(p)) if (!k.startsWith('x-')) out[k] = v;
  out.title = tx(p['x-title'], key);
  const items = p.items as { properties?: Record<string, ModelProperty> } | undefined;
  if (items && typeof items === 'object' && items.properties) {
    const props: Record<string, JsonSchema> = {};
    for (const [k, sub] of Object.entries(items.properties)) props[k] = toJsonSchema(sub, tx, k);
    out.items = { ...(items as object), properties: props };
  }
  // rjsf refuses an array without `items` ("缺少列表项定义") before it looks at the widget: attachments
  // ({id, name, size, type} each) get an object item.
  if (p.type === 'array' && !out.items) out.items = p['x-kind'] === 'attachments' ? { type: 'object' } : {};
  return out;
}

interface Walked {
  node: LayoutNode & { field: string };
  path: string;
}

/** Field-bearing layout nodes (field, subtable, attachments) with their JSON pointers, depth first. */
export function layoutFields(layout: LayoutNode[], base = '/layout'): Walked[] {
  const out: Walked[] = [];
  const walk = (nodes: LayoutNode[], ptr: string) =>
    nodes.forEach((n, i) => {
      const p = `${ptr}/${i}`;
      if ('field' in n) out.push({ node: n, path: p });
      if ('children' in n) walk(n.children as LayoutNode[], `${p}/children`);
    });
  walk(layout, base);
  return out;
}

/**
 * Compiles a form (or detail) page bundle into rjsf inputs. `texts` are the locale texts (default: the
 * bundle's). Fields named by the layout but absent from the model are skipped (the lint reports them);
 * a field placed twice keeps its first place.
 * @throws Error when the bundle has no entity or its page has no layout.
 */
export function compileForm(bundle: PageBundle, texts: Record<string, string> = bundle.texts): CompiledForm {
  const page = bundle.page;
  const entity: PublicEntity | null = bundle.entity;
  if (!entity || !('layout' in page)) throw new Error(`page ${page.id} has no entity or layout`);
  const tx = textFn(texts);
  const props = entity.model.properties;
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: UiSchema = {};
  const places: Record<string, FieldPlace> = {};
  const titles: Record<string, string> = {};
  const patternMessages: Record<string, string> = {};
  const defaults: Record<string, unknown> = {};
  const sessionDefaults: Record<string, 'user' | 'dept'> = {};
  const fields: string[] = [];
  for (const { node, path } of layoutFields(page.layout)) {
    const p = props[node.field];
    if (!p || places[node.field]) continue;
    fields.push(node.field);
    properties[node.field] = toJsonSchema(p, tx, node.field);
    titles[node.field] = properties[node.field].title as string;
    collectPatternMessages(node.field, p, tx, patternMessages);
    if (p.default !== undefined) defaults[node.field] = p.default;
    if (p['x-default-from']) sessionDefaults[node.field] = p['x-default-from'];
    const ui: Record<string, unknown> = {};
    let widget: string;
    if (node.type === 'subtable' || p['x-kind'] === 'subtable') {
      widget = 'subtable';
      ui['ui:field'] = 'subtable';
    } else {
      widget = node.type === 'attachments' ? 'attachments' : (node.type === 'field' && node.widget) || widgetOfKind(p);
      ui['ui:widget'] = widget;
    }
    if (node.type === 'field' && node.placeholder) ui['ui:placeholder'] = tx(node.placeholder);
    if (p.readOnly) ui['ui:readonly'] = true;
    ui['ui:options'] = {
      kind: p['x-kind'],
      dict: p['x-dict'],
      nodeId: node.id,
      path,
      ...(node.type === 'subtable' ? { columns: node.columns, totals: node.totals } : {}),
    };
    uiSchema[node.field] = ui;
    places[node.field] = { nodeId: node.id, path, widget, kind: p['x-kind'] };
  }
  const required = (entity.model.required ?? []).filter((f) => f in properties);
  const schema: JsonSchema = { type: 'object', properties, ...(required.length ? { required } : {}) };
  uiSchema['ui:order'] = [...fields, '*'];
  return { schema, uiSchema, layout: page.layout, fields, places, defaults, sessionDefaults, titles, patternMessages };
}
