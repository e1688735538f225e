/**
 * Page-kind registry (DESIGN §3 "Definitions name code"): a page definition's `pageKind` names the React
 * component that renders it. Registering a key twice throws; an unknown key renders an error box naming the
 * definition (engine/renderers/DefinitionError.tsx).
 */
import type { ComponentType, ReactNode } from 'react';
import type { PageBundle } from '../schema/bundle';
import type { EntityRecord } from '../data/api';

/**
 * Props every page-kind component receives. `bundle` is the page's effective definition (Template/page);
 * `recordId` is set when the page shows or edits one record; `onDone` is called after a successful
 * submit with the stored record, `onCancel` when the user leaves without saving (a form page asks first
 * when it has unsaved changes); `embedded` is true inside a drawer or modal (no page chrome).
 */
export interface PageKindProps {
  bundle: PageBundle;
  recordId?: number;
  /**
   * The record as a list row holds it: a form or detail page of an entity without an `info` call (a custom entity
   * whose `calls` leave it out, engine/schema/entityCalls.ts) shows and edits it instead of loading it.
   */
  record?: EntityRecord;
  /** Initial values for a new record (e.g. the filter a related list was opened with). */
  initial?: Record<string, unknown>;
  /** A list's fixed filters when they differ from `initial` (a tree node with its descendants: `{field: {op: 'in', value}}`). */
  filters?: Record<string, unknown>;
  onDone?: (record: Record<string, unknown>) => void;
  onCancel?: () => void;
  embedded?: boolean;
  /** A preview (the form designer's): the form works as staff see it, but offers no save or cancel and never guards leaving. */
  preview?: boolean;
}

const kinds = new Map<string, ComponentType<PageKindProps>>();

/** Registers the component of page kind `kind`; throws when `kind` is already registered. */
export function registerPageKind(kind: string, component: ComponentType<PageKindProps>): void {
  if (kinds.has(kind)) throw new Error(`page kind "${kind}" is registered twice`);
  kinds.set(kind, component);
}

/** The component of `kind`, or undefined when none is registered. */
export function pageKindComponent(kind: string): ComponentType<PageKindProps> | undefined {
  return kinds.get(kind);
}

/** Registered page kinds (for the lint and the designer). */
export function pageKinds(): string[] {
  return [...kinds.keys()].sort();
}

const customs = new Map<string, ComponentType<PageKindProps>>();

/**
 * Registers the component of `custom` pages whose `component` is `key` (engine/renderers/custom.ts); throws
 * when `key` is already registered.
 */
export function registerCustomPage(key: string, component: ComponentType<PageKindProps>): void {
  if (customs.has(key)) throw new Error(`custom page component "${key}" is registered twice`);
  customs.set(key, component);
}

/** The component registered under `key` for custom pages, or undefined. */
export function customPageComponent(key: string): ComponentType<PageKindProps> | undefined {
  return customs.get(key);
}

/** Registered custom page components (for the lint). */
export function customPageKeys(): string[] {
  return [...customs.keys()].sort();
}

/** Props of an approval page's optional panel: the instance shown, and whether the page is embedded (drawer, modal). */
export interface ApprovalExtraProps {
  flowId: number;
  embedded?: boolean;
}

/** Where an approval page draws an optional panel: in the header beside the title, or under the side panel. */
export type ApprovalExtraSlot = 'header' | 'side';

const approvalExtras = new Map<string, { slot: ApprovalExtraSlot; component: ComponentType<ApprovalExtraProps> }>();

/**
 * Registers the optional approval-page panel `key` (an approval page's `extras` names it), drawn in `slot`; an area
 * module registers its own. Throws when `key` is already registered.
 */
export function registerApprovalExtra(key: string, slot: ApprovalExtraSlot, component: ComponentType<ApprovalExtraProps>): void {
  if (approvalExtras.has(key)) throw new Error(`approval extra "${key}" is registered twice`);
  approvalExtras.set(key, { slot, component });
}

/** The registered panels of `slot` among `keys`, in registration order (unknown keys are left out). */
export function approvalExtrasOf(keys: ReadonlySet<string>, slot: ApprovalExtraSlot): Array<{ key: string; component: ComponentType<ApprovalExtraProps> }> {
  return [...approvalExtras].filter(([k, e]) => keys.has(k) && e.slot === slot).map(([key, e]) => ({ key, component: e.component }));
}

/** Whether approval extra `key` is registered. */
export function hasApprovalExtra(key: string): boolean {
  return approvalExtras.has(key);
}

/** One line of a console panel's list: title with tags, who (initiator, sending unit), what (step, 文号), when (epoch ms). */
export interface ConsoleItem {
  key: string;
  title: string;
  tags?: ReactNode;
  who: string;
  what: string;
  at: number;
  /** Opens the item as its list page does (null: not openable). */
  open: (() => void) | null;
}

/** What a console panel shows: its count (undefined while unknown) and its first items (null while not loaded). */
export interface ConsolePanelData {
  count?: number;
  items: ConsoleItem[] | null;
}

/**
 * A panel an area adds to the console (/dashboard/console): a count button and a tab of the to-do card, after the
 * shell's own, in `order`. Test ids as the shell's: console-todo-<key>, console-count-<key>, console-tab-<key>,
 * console-list-<key>, console-item-<key>, console-empty-<key>.
 */
export interface ConsolePanel {
  key: string;
  order: number;
  /** The list page (the count button and 更多 go there). */
  path: string;
  icon: ReactNode;
  /** i18n namespace and keys of the count button's and the tab's labels. */
  labels: { ns: string; count: string; tab: string };
  /**
   * React hook answering the panel's data: at most `size` items, read again whenever `refresh` changes (the menu
   * badges were reloaded); asks the server nothing while `enabled` is false (the 三员, who do no business).
   */
  useData: (size: number, refresh: unknown, enabled: boolean) => ConsolePanelData;
}

const consolePanelList: ConsolePanel[] = [];

/** Registers console panel `panel` (an area's client module does); throws when its key is already registered. */
export function registerConsolePanel(panel: ConsolePanel): void {
  if (consolePanelList.some((p) => p.key === panel.key)) throw new Error(`console panel "${panel.key}" is registered twice`);
  consolePanelList.push(panel);
  consolePanelList.sort((a, b) => a.order - b.order);
}

/** The registered console panels in order (a stable list once the area modules are loaded). */
export function consolePanels(): readonly ConsolePanel[] {
  return consolePanelList;
}

/** Whether console panel `key` is registered. */
export function hasConsolePanel(key: string): boolean {
  return consolePanelList.some((p) => p.key === key);
}

/**
 * Props of a row dialog of a declared work list (engine/schema/worklistDecl.ts WorkListRowAction): the row acted on
 * (as the list's call answered it; null = closed), `onClose`, and `onDone` after a change (the list reloads, with the
 * menu badges).
 */
export interface RowDialogProps {
  row: Record<string, unknown> | null;
  onClose: () => void;
  onDone: () => void;
}

const rowDialogs = new Map<string, ComponentType<RowDialogProps>>();

/** Registers row dialog `key` (the engine's `urge`, an area's own); throws when `key` is already registered. */
export function registerRowDialog(key: string, component: ComponentType<RowDialogProps>): void {
  if (rowDialogs.has(key)) throw new Error(`row dialog "${key}" is registered twice`);
  rowDialogs.set(key, component);
}

/** The row dialog registered under `key`, or undefined. */
export function rowDialogComponent(key: string): ComponentType<RowDialogProps> | undefined {
  return rowDialogs.get(key);
}

/** Registered row dialogs (for the lint). */
export function rowDialogKeys(): string[] {
  return [...rowDialogs.keys()].sort();
}
