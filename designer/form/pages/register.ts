/**
 * Registers the form pages as `custom` page components (engine/renderers/registry.ts), loaded on first
 * render so that dnd-kit and the designer stay out of the pages that do not need them:
 * - `form.list`: 表单管理, /form/list (./FormListPage);
 * - `form.design`: 表单设计, /form/new (./FormDesignPage);
 * - `form.fill`: 填写表单, /form/add (./FormFillPage).
 * Imported by the app's page-engine loader (src/app/router/pages.ts) and the definition lint's test.
 */
import { registerDeferred } from '../../shared/deferred';

registerDeferred({
  'form.list': () => import('./FormListPage').then((m) => m.FormListPage),
  'form.design': () => import('./FormDesignPage').then((m) => m.FormDesignPage),
  'form.fill': () => import('./FormFillPage').then((m) => m.FormFillPage),
});
