/**
 * Registers the form pages as `custom` page components (engine/renderers/registry.ts), loaded on first
 * render so that dnd-kit and the designer stay out of the pages that do not need them:
 * - `form.list`: 表单管理, /form/list (./FormListPage);
 * - `form.design`: 表单设计, /form/new (./FormDesignPage);
 * - `form.fill`: 填写表单, /form/add (./FormFillPage).
 * Imported by the app's page-engine loader (src/app/router/pages.ts) and the definition lint's test.
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';
import { customPageComponent, registerCustomPage, type PageKindProps } from '../../../engine/renderers/registry';

/** A component loaded by `load` on first render, with a spinner meanwhile. */
function deferred(load: () => Promise<ComponentType<PageKindProps>>): ComponentType<PageKindProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: PageKindProps) {
    return createElement(Suspense, { fallback: createElement(Spin, { style: { display: 'block', margin: '80px auto' } }) }, createElement(Lazy, props));
  };
}

const COMPONENTS: Record<string, ComponentType<PageKindProps>> = {
  'form.list': deferred(() => import('./FormListPage').then((m) => m.FormListPage)),
  'form.design': deferred(() => import('./FormDesignPage').then((m) => m.FormDesignPage)),
  'form.fill': deferred(() => import('./FormFillPage').then((m) => m.FormFillPage)),
};

// Module state survives hot reloads; register only what is missing.
for (const [key, c] of Object.entries(COMPONENTS)) if (!customPageComponent(key)) registerCustomPage(key, c);
