/**
 * Lazy page components of the designers' page registers (designer/form/pages/register, designer/flow/pages/register):
 * the page's module is loaded on first render, so that dnd-kit, React Flow and the designers stay out of the pages
 * that do not need them.
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';
import { customPageComponent, registerCustomPage, type PageKindProps } from '../../engine/renderers/registry';

/** A component loaded by `load` on first render, with a spinner meanwhile. */
export function deferred(load: () => Promise<ComponentType<PageKindProps>>): ComponentType<PageKindProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: PageKindProps) {
    return createElement(Suspense, { fallback: createElement(Spin, { style: { display: 'block', margin: '80px auto' } }) }, createElement(Lazy, props));
  };
}

/**
 * Registers each of `loaders` as a deferred `custom` page component under its key; module state survives hot
 * reloads, so only what is missing.
 */
export function registerDeferred(loaders: Record<string, () => Promise<ComponentType<PageKindProps>>>): void {
  for (const [key, load] of Object.entries(loaders)) if (!customPageComponent(key)) registerCustomPage(key, deferred(load));
}
