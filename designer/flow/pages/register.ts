/**
 * Registers the flow-setting pages as `custom` page components (engine/renderers/registry.ts), loaded on first
 * render so that React Flow stays out of the pages that do not need it:
 * - `flowset.list`: 流程设置, /flowset/list (./FlowsetListPage);
 * - `flowset.design`: 流程设计, /flowset/add (./FlowsetDesignPage).
 * Imported by the app's page-engine loader (src/app/router/pages.ts) and the definition lint's test.
 */
import { registerDeferred } from '../../shared/deferred';

registerDeferred({
  'flowset.list': () => import('./FlowsetListPage').then((m) => m.FlowsetListPage),
  'flowset.design': () => import('./FlowsetDesignPage').then((m) => m.FlowsetDesignPage),
});
