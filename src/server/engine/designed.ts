/**
 * Designer-made forms as definitions (DESIGN §4): forms administrators create in the browser designer
 * live in area `custom` (entity `custom.<key>`, form page `custom.<key>.form`), stored in the database —
 * `designed_forms` (migration 0027) and their published revisions (`definition_revisions`, migration 0024,
 * snapshot `{page, entity, texts?}`). The schema store (./schemaStore.ts) loads the newest revision of every
 * published one next to the repository's files, plus one generated area `custom` declaring their permission
 * codes, so the registry, the lint, the Template/Form calls, the generic entity API and the flows see them
 * like shipped definitions. The Template calls that create and publish them: src/server/api/Template/designedForms.ts.
 */
import type { Kysely } from 'kysely';
import type { DefinitionFile } from '../../../engine/schema/loader.js';
import type { LocaleMessages } from '../../../engine/schema/text.js';
import type { AreaDef, ColumnRender, DictDef, EntityDef, FormPageDef, ListPageDef } from '../../../engine/schema/types.js';
import type { DB } from '../db/types.js';

/** The area of designer-made forms. */
export const DESIGNED_AREA = 'custom';

/** Permission operations of a designer-made form and the codes `custom:<key>:<op>`. */
export const DESIGNED_OPS = ['view', 'edit', 'delete', 'export'] as const;

/** Permission code of operation `op` of form `key`. */
export const designedCode = (key: string, op: (typeof DESIGNED_OPS)[number]) => `${DESIGNED_AREA}:${key}:${op}`;

/** A published designer-made form as the store serves it. */
export interface DesignedForm {
  key: string;
  /** Form page id (`custom.<key>.form`). */
  formId: string;
  entity: EntityDef;
  page: FormPageDef;
  /** zh-CN title. */
  title: string;
  /** en-US texts of the revision (designer labels), by key. */
  texts?: LocaleMessages;
  /** Dictionaries the form owns (typed options; ids `custom_<key>_…`). */
  dicts?: DictDef[];
}

/** The area `custom` declaring the permission codes of `forms` (key and zh-CN title). */
export function designedArea(forms: { key: string; title: string }[]): AreaDef {
  const label = (key: string, op: string, title: string) => ({
    t: `${DESIGNED_AREA}.${key}.permission.${op}`,
    d: `${{ view: '查看', edit: '填写', delete: '删除', export: '导出' }[op]}${title}`,
  });
  return {
    $schema: '../_meta/area.schema.json',
    schemaVersion: 2,
    id: DESIGNED_AREA,
    kind: 'area',
    title: { t: `${DESIGNED_AREA}.area.title`, d: '自定义表单' },
    routes: [],
    permissions: forms.flatMap((f) => DESIGNED_OPS.map((op) => ({ code: designedCode(f.key, op), label: label(f.key, op, f.title) }))),
  } as AreaDef;
}

const RENDER: Record<string, ColumnRender> = {
  text: 'text',
  integer: 'text',
  number: 'text',
  money: 'money',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  dict: 'dict',
  user: 'user',
  dept: 'dept',
};

/**
 * The list page `custom.<key>.list` generated from a designer-made entity (no route: the pages open it by id):
 * one column per scalar field (the title field as the link, long texts, multi-value and attachment fields left
 * out), the keyword filter, and an add action to the form guarded by the edit code.
 */
export function designedListPage(entity: EntityDef, formId: string): ListPageDef {
  const key = entity.id.slice(DESIGNED_AREA.length + 1);
  const columns = Object.entries(entity.model.properties)
    .map(([field, p]) => {
      const type = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
      const kind =
        p['x-kind'] ??
        (type === 'string'
          ? p.format === 'date'
            ? 'date'
            : p.format === 'date-time'
              ? 'datetime'
              : 'text'
          : type === 'boolean'
            ? 'boolean'
            : type === 'integer' || type === 'number'
              ? 'number'
              : '');
      const render = field === entity.titleField ? 'link' : RENDER[kind];
      if (!render || field === 'flowId') return null;
      return { id: `col_${field}`, field, render, ...(['date', 'datetime', 'integer', 'number', 'money'].includes(kind) ? { sortable: true } : {}) };
    })
    .filter((c): c is NonNullable<typeof c> => !!c);
  return {
    $schema: '../../_meta/page.schema.json',
    schemaVersion: 1,
    id: `${entity.id}.list`,
    kind: 'page',
    pageKind: 'list',
    title: entity.title,
    source: { type: 'resource', entity: entity.id },
    filters: [{ id: 'flt_keyword', field: '$keyword' }],
    columns,
    toolbar: [
      {
        id: 'act_add',
        type: 'add',
        label: { t: `${DESIGNED_AREA}.${key}.list.action.add`, d: '新建' },
        target: formId,
        ...(entity.permissions?.add ? { access: [entity.permissions.add] } : {}),
      },
    ],
  } as unknown as ListPageDef;
}

/** Repository-like paths of the generated files (they carry no `schemas/`, so `$schema` is not path-checked). */
export const designedPath = (kind: string, id: string) => `db/${DESIGNED_AREA}/${id}.${kind}.json`;

/** The newest published revision of every published designer-made form. */
export async function loadDesignedForms(db: Kysely<DB>): Promise<DesignedForm[]> {
  const rows = await db
    .selectFrom('designed_forms as f')
    .innerJoin('definition_revisions as r', (j) => j.onRef('r.target_id', '=', 'f.form_id').on('r.target_kind', '=', 'form'))
    .select(['f.form_key', 'f.form_id', 'f.title', 'r.revision', 'r.snapshot'])
    .where('f.status', '=', 'published')
    .orderBy('f.form_key')
    .orderBy('r.revision', 'desc')
    .execute();
  const out: DesignedForm[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.form_id)) continue;
    seen.add(r.form_id);
    try {
      const snap = JSON.parse(r.snapshot) as { page: FormPageDef; entity: EntityDef; texts?: LocaleMessages; dicts?: DictDef[] };
      out.push({
        key: r.form_key,
        formId: r.form_id,
        entity: snap.entity,
        page: snap.page,
        title: r.title,
        ...(snap.texts ? { texts: snap.texts } : {}),
        ...(snap.dicts?.length ? { dicts: snap.dicts } : {}),
      });
    } catch {
      // a snapshot that is not JSON is never written by the publish; left out
    }
  }
  return out;
}

/** The definition files of `forms` (entity, form page, generated list page, owned dicts, and the area `custom` when there is any). */
export function designedFiles(forms: DesignedForm[]): DefinitionFile[] {
  if (!forms.length) return [];
  const files: DefinitionFile[] = [{ path: designedPath('area', DESIGNED_AREA), data: designedArea(forms) }];
  for (const f of forms) {
    files.push({ path: designedPath('entity', f.entity.id), data: f.entity });
    files.push({ path: designedPath('page', f.page.id), data: f.page });
    const list = designedListPage(f.entity, f.formId);
    files.push({ path: designedPath('page', list.id), data: list });
    for (const d of f.dicts ?? []) files.push({ path: designedPath('dict', d.id), data: d });
  }
  return files;
}

/** en-US (and other non-zh) texts of `forms`' revisions, as locale messages to merge. */
export function designedTexts(forms: DesignedForm[]): { locale: string; messages: Record<string, string> }[] {
  const out: { locale: string; messages: Record<string, string> }[] = [];
  for (const f of forms)
    for (const [locale, messages] of Object.entries(f.texts ?? {}))
      if (locale !== 'zh-CN' && messages && typeof messages === 'object') out.push({ locale, messages });
  return out;
}

/**
 * Designer-made entities by id, as last loaded by the schema store of any database of this process — for the
 * synchronous look-ups of the flow runtime (engine/flow/records.ts flowEntity). One process serves one database
 * in production; tests build one app per file.
 */
const entities = new Map<string, EntityDef>();

/** Records the entities of the forms just loaded (replacing the previous set). */
export function rememberDesignedEntities(forms: DesignedForm[]): void {
  entities.clear();
  for (const f of forms) entities.set(f.entity.id, f.entity);
}

/** The designer-made entity `id` of the last load, or undefined. */
export function designedEntity(id: string): EntityDef | undefined {
  return entities.get(id);
}
