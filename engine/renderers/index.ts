/**
 * The page engine's entry (DESIGN §3 "Definitions name code"): registers the page kinds — `list`
 * (./ListPage), `form` (./FormPage), `detail` (./DetailPage) — once, and exports EnginePage, which
 * renders a page definition by route or id. Import this module (not the kinds) to render definitions.
 */
import { registerPageKind } from './registry';
import { ListPage } from './ListPage';
import { FormPage } from './FormPage';
import { DetailPage } from './DetailPage';

registerPageKind('list', ListPage);
registerPageKind('form', FormPage);
registerPageKind('detail', DetailPage);

export { EnginePage, type EnginePageProps } from './EnginePage';
export { ListPage } from './ListPage';
