/**
 * Registers the flow-setting pages as `custom` page components (engine/renderers/registry.ts), loaded on first
 * render so that React Flow stays out of the pages that do not need it:
 * - `flowset.list`: 流程设置, /flowset/list (./FlowsetListPage);
 * - `flowset.design`: 流程设计, /flowset/add (./FlowsetDesignPage).
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
  'flowset.list': deferred(() => import('./FlowsetListPage').then((m) => m.FlowsetListPage)),
  'flowset.design': deferred(() => import('./FlowsetDesignPage').then((m) => m.FlowsetDesignPage)),
};

// Module state survives hot reloads; register only what is missing.
for (const [key, c] of Object.entries(COMPONENTS)) if (!customPageComponent(key)) registerCustomPage(key, c);
