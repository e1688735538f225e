/**
 * What the server sends the renderers for one page (Template/page, by route or by id): the effective
 * page definition, the public part of its entity, the dictionaries it uses and its texts in the
 * caller's locale. Pure types shared by the server (src/server/api/Template) and the client (engine/renderers).
 */
import type { DictDef, EntityDef, PageDef } from './types.js';
import type { FieldPermission } from '../flow/types.js';

/** What the front end may know of an entity: model and behaviour hints, no table internals (table, indexes, unique, references). */
export interface PublicEntity {
  id: string;
  title: EntityDef['title'];
  group: string;
  model: EntityDef['model'];
  searchable?: string[];
  scope: EntityDef['scope'];
  permissions?: EntityDef['permissions'];
  actions?: EntityDef['actions'];
  titleField?: string;
  /** `custom` when a hand-written API group serves it (with `calls`: only the operations named there); the server sends only `custom`. */
  storage?: EntityDef['storage'];
  /** The calls serving its generic operations (./entityCalls.ts). */
  calls?: EntityDef['calls'];
}

/**
 * How the client reaches the target of a reference field (kind `record`): the target entity's id, API group
 * (`<group>/list` is the picker's search), label field, title, and where a record of it opens — `route` (with
 * `:id`) when one of its pages has such a route, else `detail` (a detail page id, shown in a drawer); neither: no link.
 */
export interface RecordTarget {
  entity: string;
  group: string;
  label: string;
  title: EntityDef['title'];
  /** Whether the target's list keyword searches the label (else the picker filters the label with `like`). */
  labelSearchable: boolean;
  detail?: string;
  route?: string;
}

/** Answer of Template/page `{route}` or `{id}`. `texts`: i18n key → text in the caller's locale (area, common and dict keys). */
export interface PageBundle {
  page: PageDef;
  entity: PublicEntity | null;
  dicts: DictDef[];
  texts: Record<string, string>;
  etag: string;
  /** Targets of the entity's reference fields (kind `record`), by field. */
  records?: Record<string, RecordTarget>;
  /** With Template/page {id, revision | recordId}: the form page whose revision this is, the revision shown and the newest published (0: none). */
  revision?: { form: string; number: number; latest: number };
  /**
   * A tabs page: per tab key the permission codes a user needs to see it (the tab's `access` and the `view` code of
   * its page's entity); a tab whose page is missing is left out.
   */
  tabs?: Record<string, string[]>;
  /**
   * A form page with `flow`: the field permissions (R / W / H) of the start node (拟稿) of that flow's current
   * version — the drafter's form shows R fields read-only and leaves H fields out; a field not named is W.
   */
  startFields?: Record<string, FieldPermission>;
}
