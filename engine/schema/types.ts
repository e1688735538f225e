/**
 * Types of the definition formats (DESIGN §4), the contract between the files in `schemas/`, the loader
 * and lint (engine/schema), the server (generic entity service) and the renderers.
 * The JSON Schemas in `schemas/_meta/` describe exactly these shapes; FORMATS.md explains them. The area file's
 * types are in ./areaDef.ts, the calendar / tree / chart pages' in ./resourcePages.ts, the approval and work-list
 * pages' in ./flowPages.ts, the tabs and declared work-list parts in ./tabsPage.ts and ./worklistDecl.ts; all are
 * re-exported here.
 *
 * Pure types: no React, no Node.
 */
import type { FlowDef } from '../flow/types';
import type { EntityCalls } from './entityCalls';
import type { TabsPageDef } from './tabsPage';
import type { ApprovalPageDef, WorkListPageDef } from './flowPages';
import type { CalendarPageDef, ChartPageDef, ListTree, TreePageDef } from './resourcePages';
import type { AreaDef } from './areaDef';

/** Current format version of every definition file (`schemaVersion`). */
export const SCHEMA_VERSION = 2;

/** UI text: an i18n key with its zh-CN default (DESIGN §4), e.g. `{"t": "car.plate", "d": "车牌号"}`. */
export interface Text {
  t: string;
  d: string;
}

/** A CEL expression (DESIGN §4: CEL only, never JavaScript). */
export interface Expr {
  cel: string;
}

/** What every definition file has. */
export interface DefinitionBase {
  $schema: string;
  schemaVersion: number;
  /** Unique within its kind across `schemas/`, dotted `<area>.<name>` (e.g. `receptions.reception`). */
  id: string;
  kind: DefinitionKind;
}

export type DefinitionKind = 'area' | 'entity' | 'page' | 'dict' | 'overlay' | 'flow';

/** Data scope of a role or an entity: own records, the department's, the unit's, or all. */
export type DataScope = 'own' | 'department' | 'unit' | 'all';

/**
 * Domain kind of a model property, beyond JSON Schema's type: decides the column type, the widget
 * and the column renderer. Stored values: user/dept → integer id; users/depts/attachments/daterange/
 * subtable → JSON text; money → number with 2 decimals (元); date → 'YYYY-MM-DD'; datetime → ISO 8601.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'integer'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'daterange'
  | 'dict'
  | 'user'
  | 'users'
  | 'dept'
  | 'depts'
  | 'attachments'
  | 'subtable'
  | 'record';

/**
 * What a field of kind `record` refers to (`x-record`): a record of entity `entity`, stored as its id, shown by
 * the target's field `label`. `onDelete` says what deleting a referenced record does: `restrict` (default)
 * refuses it naming the records that refer to it, `clear` sets the references to null in the same transaction.
 */
export interface RecordRef {
  entity: string;
  label: string;
  onDelete?: 'restrict' | 'clear';
}

/**
 * One property of an entity model: JSON Schema keywords (type, maxLength, minimum, pattern, format,
 * enum, items…) plus `x-` extensions. The property key is the field id and the column name.
 */
export interface ModelProperty {
  type?: string | string[];
  /** Label; compiled into JSON Schema `title` in the reader's locale. */
  'x-title': Text;
  'x-kind'?: FieldKind;
  /** Dictionary code (a `dict` definition id) for kind `dict`. */
  'x-dict'?: string;
  /** Message shown when `pattern` fails. */
  'x-pattern-message'?: Text;
  /**
   * A new record's value from the session when none is given: `user` the signed-in user (kind user), `dept` their
   * current department (kind dept) — e.g. 拟稿部门. The form shows it prefilled; the server fills it on add.
   */
  'x-default-from'?: 'user' | 'dept';
  /** The record of another entity a field of kind `record` refers to (its id is stored). */
  'x-record'?: RecordRef;
  [keyword: string]: unknown;
}

/** The JSON Schema object of an entity (one schema, validated by ajv on the server and rjsf in the browser). */
export interface EntityModel {
  type: 'object';
  required?: string[];
  properties: Record<string, ModelProperty>;
  additionalProperties?: boolean;
}

/** A declared action of an entity beyond list/info/add/edit/del (DESIGN §4 Action, kind `call`). */
export interface EntityAction {
  id: string;
  label: Text;
  /** Permission code needed (e.g. `receptions:edit`). */
  permission?: string;
  /** Fields the action sets on the record. */
  set?: Record<string, unknown>;
  /** When the action is offered for a record (CEL over `record`). */
  visibleWhen?: Expr;
  confirm?: Text;
}

/** An entity definition (`schemas/<area>/entities/<name>.json`). */
export interface EntityDef extends DefinitionBase {
  kind: 'entity';
  title: Text;
  /** API group: calls are `/api/<group>/list|info|add|edit|del|<action>` (SPEC §7). */
  group: string;
  /** Table name (lower snake case). */
  table: string;
  /**
   * `table` (default): the server derives the table from the model and serves the generic calls
   * (src/server/engine). `custom`: a hand-written API group (src/server/api/<group>) serves the same
   * calls — list/info/add/edit/del with the same bodies and answers — over a platform table such as
   * `users`; nothing is derived. The organisation area uses it (its tables predate the engine).
   */
  storage?: 'table' | 'custom';
  model: EntityModel;
  /** Indexes, each a list of columns. */
  indexes?: string[][];
  /** Unique keys, each a list of columns. */
  unique?: string[][];
  /** Field → `table.column` it references (users.id, departments.id…). */
  references?: Record<string, string>;
  /** Fields the list keyword searches. */
  searchable?: string[];
  /**
   * Widest visibility of its records; the caller's role scope narrows it. `public`: shared
   * reference data (links, settings lists) every signed-in user sees whole; permission codes guard changes.
   */
  scope: DataScope | 'public';
  /** Permission codes per operation; a missing one means "signed in is enough". */
  permissions?: { view?: string; add?: string; edit?: string; delete?: string; export?: string; import?: string };
  actions?: EntityAction[];
  /** Title field of a record (used in links, audit and tab titles). */
  titleField?: string;
  /**
   * Field (kind `dept`) naming the department a record is for (承办部门): under `department` scope a record belongs
   * to its owner department and to the one this field holds (src/server/engine/scope.ts).
   */
  scopeDept?: string;
  /**
   * Fields its owner may still change through `<group>/edit` once the record's flow has ended (办结); every other
   * field is read-only then. While the flow runs, only the flow writes (the step's W fields, through flow/act).
   */
  editableAfterFlow?: string[];
  /** The SPEC calls of `group` serving its generic operations (./entityCalls.ts; FORMATS.md "Entity calls"). */
  calls?: EntityCalls;
}

/** An enumeration (`schemas/common/dicts/<code>.json` or an area's dicts/): the codes of /codes. */
export interface DictDef extends DefinitionBase {
  kind: 'dict';
  title: Text;
  items: { value: string; label: Text; color?: string; disabled?: boolean }[];
}

/** Column renderers of list pages. */
export type ColumnRender = 'text' | 'date' | 'datetime' | 'dict' | 'user' | 'dept' | 'status' | 'money' | 'link' | 'tags' | 'boolean' | 'record';

/** An action reference on a page (DESIGN §4 Action). */
export interface PageAction {
  id: string;
  type: 'navigate' | 'open' | 'submit' | 'delete' | 'call' | 'startFlow' | 'flow' | 'export' | 'import' | 'print' | 'add' | 'edit' | 'view';
  label?: Text;
  /**
   * Target page id (navigate, open, add, edit, view) or entity action id (call); for `navigate` also a route
   * path of src/shared/routes.ts ('/organization/permission'), opened in the shell.
   */
  target?: string;
  /** `navigate` to a route from a row: the query parameter carrying the record's id (default `id`). */
  param?: string;
  confirm?: Text;
  access?: string[];
  visibleWhen?: Expr;
}

export interface ListColumn {
  id: string;
  field: string;
  title?: Text;
  render?: ColumnRender;
  width?: number;
  sortable?: boolean;
}

export interface ListFilter {
  id: string;
  /** A model field, or `$keyword` for the keyword box. */
  field: string;
  op?: 'eq' | 'like' | 'between' | 'in' | 'gte' | 'lte';
}

export interface ListView {
  id: string;
  label: Text;
  /** Extra condition (CEL over `record` and `user`), translated to SQL by the server. */
  where?: Expr;
}

/** Layout nodes of form and detail pages. */
export type LayoutNode =
  | { id: string; type: 'section'; title?: Text; children: LayoutNode[] }
  | { id: string; type: 'tabs'; children: { id: string; type: 'tab'; title: Text; children: LayoutNode[] }[] }
  | { id: string; type: 'grid'; columns: number; children: LayoutNode[] }
  | { id: string; type: 'field'; field: string; widget?: string; span?: number; placeholder?: Text }
  | { id: string; type: 'subtable'; field: string; columns: { id: string; field: string; title?: Text }[]; totals?: string[] }
  | { id: string; type: 'attachments'; field: string }
  | { id: string; type: 'text'; text: Text };

export interface FormRule {
  id: string;
  when: Expr;
  field: string;
  effect: 'visible' | 'required' | 'readOnly';
}

export interface ComputedField {
  id: string;
  field: string;
  expr: Expr;
}

export interface CrossValidator {
  id: string;
  expr: Expr;
  message: Text;
  /** Field the message is shown on. */
  field?: string;
}

/** Data source of a page (DESIGN §4). */
export type DataSource =
  | { type: 'resource'; entity: string; action?: string }
  | { type: 'endpoint'; api: string }
  | { type: 'dict'; code: string }
  | { type: 'org'; of: 'users' | 'departments' | 'positions' | 'roles' };

/** What every page definition has (each page kind extends it). */
export interface PageBase extends DefinitionBase {
  kind: 'page';
  title: Text;
  /** Route of src/shared/routes.ts the page renders, when it is a routed page. */
  route?: string;
}

export interface ListPageDef extends PageBase {
  pageKind: 'list';
  source: DataSource;
  views?: ListView[];
  filters?: ListFilter[];
  columns: ListColumn[];
  toolbar?: PageAction[];
  rowActions?: PageAction[];
  bulkActions?: PageAction[];
  sort?: { field: string; order: 'asc' | 'desc' };
  pageSize?: number;
  /** A tree beside the list filtering it by the selected node (resourcePages.ts ListTree). */
  tree?: ListTree;
}

export interface FormPageDef extends PageBase {
  pageKind: 'form';
  /** The entity whose model the form edits. */
  entity: string;
  layout: LayoutNode[];
  rules?: FormRule[];
  computed?: ComputedField[];
  validators?: CrossValidator[];
  /**
   * The flow a record of this form is submitted to (DESIGN §4 action startFlow): the form then offers
   * 提交 (save, then start the flow) and 暂存 (save, then keep the flow as a draft 待发) instead of 保存.
   */
  flow?: string;
  /** Where to go after 提交 / 暂存 (a route of src/shared/routes.ts), else the form resets. */
  afterSubmit?: string;
  /**
   * The id of the one record this form always edits (a singleton such as the system settings, record 1): the
   * page loads it with `<group>/info` and saves with `<group>/edit`, as a form opened on a record does.
   */
  record?: number;
}

export interface DetailPageDef extends PageBase {
  pageKind: 'detail';
  entity: string;
  layout: LayoutNode[];
  related?: { id: string; title: Text; page: string; filterField: string }[];
}

/**
 * A page drawn by a registered component (engine/renderers/custom.ts) where no other kind fits. What the
 * definition can still say it says: the `entity` whose records the page shows (the bundle then carries its
 * model, dictionaries and texts), the `flows` it works with and the `fields` it shows or edits, in order.
 */
export interface CustomPageDef extends PageBase {
  pageKind: 'custom';
  /** Key of a registered component. */
  component: string;
  entity?: string;
  flows?: string[];
  fields?: string[];
}

export type PageDef =
  ListPageDef | FormPageDef | DetailPageDef | CustomPageDef | ApprovalPageDef | WorkListPageDef | CalendarPageDef | TreePageDef | ChartPageDef | TabsPageDef;
export type { EntityCalls, EntityCallOp } from './entityCalls';
export type { PageTab, TabsPageDef } from './tabsPage';
export type {
  ApprovalExtra,
  ApprovalPageDef,
  PaperCell,
  PaperFieldCell,
  PaperLayout,
  PaperOpinionCell,
  PaperPeopleCell,
  WorkListKind,
  WorkListPageDef,
  WorkListView,
} from './flowPages';
export type { AreaDef, AreaGrant, AreaRoute, AreaSection } from './areaDef';
export type { CalendarPageDef, CalendarView, ChartBucket, ChartDef, ChartFilter, ChartMeasure, ChartPageDef, ListTree, TreePageDef } from './resourcePages';

/**
 * Overlay operations, addressed by node id, never by index (DESIGN §4). `path` is a property path on the
 * node, dotted (`title.d`) or a JSON pointer (`/title/d`), never into arrays;
 * `list` names the parent's list (children, columns, layout…) when the parent has several;
 * without `after` an inserted or moved node goes first in the list.
 */
export type OverlayOp =
  | { op: 'set'; node: string; path: string; value: unknown }
  | { op: 'unset'; node: string; path: string }
  | { op: 'insert'; parent: string; list?: string; after?: string; value: { id: string; [k: string]: unknown } }
  | { op: 'remove'; node: string }
  | { op: 'move'; node: string; parent: string; list?: string; after?: string }
  | { op: 'i18n'; key: string; locale: 'zh-CN' | 'en-US'; value: string };

/** What administrators changed in a designer, stored in the database, applied over the base file. */
export interface OverlayDef extends DefinitionBase {
  kind: 'overlay';
  /** Id of the definition it changes. */
  target: string;
  /** Hash of the base definition the overlay was made against (conflicts are listed when it moved). */
  baseHash: string;
  ops: OverlayOp[];
}

/** A flow definition (`schemas/<area>/flows/*.flow.json`, DESIGN §5); its types live in engine/flow. */
export type { FlowDef } from '../flow/types';

export type Definition = AreaDef | EntityDef | PageDef | DictDef | OverlayDef | FlowDef;
