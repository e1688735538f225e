/**
 * The `tabs` page kind (FORMATS.md "Tabs pages"): other pages — of any kind, custom ones too — shown as tabs, the
 * active one named in the URL (`?tab=<key>`). A tab is shown only to a user who may see its page: the codes of its
 * `access` and the `view` permission of the page's entity (the server lists them per tab in the bundle, `tabs`).
 * Pure types: no React, no Node.
 */
import type { Text } from './types';

/** One tab: its key (the `?tab=` value, unique in the page), title and the page it renders. */
export interface PageTab {
  key: string;
  title: Text;
  /** Id of the page shown in the tab (any kind but `tabs` holding this page). */
  page: string;
  /** Permission codes the tab needs besides its page's own (a custom page without an entity names them here). */
  access?: string[];
}

/** A page of tabs over other pages (`pageKind: "tabs"`). */
export interface TabsPageDef {
  $schema: string;
  schemaVersion: number;
  id: string;
  kind: 'page';
  title: Text;
  route?: string;
  pageKind: 'tabs';
  tabs: PageTab[];
}
