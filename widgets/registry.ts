/**
 * Widget registry (DESIGN §3 "Definitions name code"): a layout node's `widget` or a field's `x-kind`
 * names a registered rjsf widget. Registering a key twice throws; an unknown key is reported by the form
 * page as a definition error naming the page id and the layout path.
 */
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** A form widget: an rjsf widget component (value / onChange / readonly / options…). */
export type FormWidget = ComponentType<WidgetProps>;

const widgets = new Map<string, FormWidget>();

/** Registers widget `key`. @throws Error when `key` is already registered. */
export function registerWidget(key: string, component: FormWidget): void {
  if (widgets.has(key)) throw new Error(`widget "${key}" is registered twice`);
  widgets.set(key, component);
}

/** The widget of `key`, or undefined. */
export function widgetOf(key: string): FormWidget | undefined {
  return widgets.get(key);
}

/** Registered widget keys, sorted (for the lint and the designer palette). */
export function widgetKeys(): string[] {
  return [...widgets.keys()].sort();
}

/** All registered widgets as rjsf's `widgets` prop. */
export function widgetMap(): Record<string, FormWidget> {
  return Object.fromEntries(widgets);
}
