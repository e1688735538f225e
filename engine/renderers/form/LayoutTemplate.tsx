/**
 * The root ObjectFieldTemplate of engine forms: draws the page's layout tree (DESIGN §4 `form` layout) around
 * the fields rjsf renders — section → titled antd Card, tabs → antd Tabs, grid → a CSS grid (`span` of
 * `columns`), field / subtable / attachments → the field rjsf rendered for that key, text → a description.
 * Fields hidden by a rule (`ui:options.hidden`) are left out. The layout comes from formContext.layout.
 */
import type { ReactElement, ReactNode } from 'react';
import { Card, Tabs, Typography } from 'antd';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { LayoutNode } from '../../schema/types';
import type { BundleText } from '../text';
import { LazyStyles } from '../../../widgets/lazy';

/** formContext of engine forms as the template reads it. */
export interface LayoutContext {
  layout: LayoutNode[];
  tx: BundleText;
}

/** Renders `nodes` with `fieldOf(name)` giving the rendered field (null when hidden or absent). */
export function renderLayout(nodes: LayoutNode[], fieldOf: (name: string) => ReactNode, tx: BundleText): ReactNode[] {
  return nodes.map((n) => renderNode(n, fieldOf, tx));
}

function renderNode(n: LayoutNode, fieldOf: (name: string) => ReactNode, tx: BundleText): ReactNode {
  switch (n.type) {
    case 'section':
      return (
        <Card
          key={n.id}
          size="small"
          className="oa-form-section"
          title={n.title ? tx(n.title) : undefined}
          style={{ marginBottom: 16 }}
          data-testid={`section-${n.id}`}
        >
          {renderLayout(n.children, fieldOf, tx)}
        </Card>
      );
    case 'tabs':
      return (
        <Tabs
          key={n.id}
          items={n.children.map((tab) => ({ key: tab.id, label: tx(tab.title), forceRender: true, children: renderLayout(tab.children, fieldOf, tx) }))}
        />
      );
    case 'grid': {
      // A CSS grid of plain elements: antd Row/Col cost a style hook per cell on every change of the form.
      const cols = Math.max(1, Math.min(24, n.columns || 1));
      return (
        <div key={n.id} className="oa-form-grid" style={{ display: 'grid', gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, columnGap: 16 }}>
          {n.children.map((c) => {
            const content = renderNode(c, fieldOf, tx);
            if (content === null) return null;
            const span = Math.max(1, Math.min(cols, 'span' in c && c.span ? c.span : 1));
            return (
              <div key={c.id} style={span > 1 ? { gridColumn: `span ${span}` } : undefined}>
                {content}
              </div>
            );
          })}
        </div>
      );
    }
    case 'text':
      return (
        <Typography.Paragraph key={n.id} type="secondary">
          {tx(n.text)}
        </Typography.Paragraph>
      );
    default: {
      const content = fieldOf(n.field);
      return content === null || content === undefined ? null : <div key={n.id}>{content}</div>;
    }
  }
}

/** The root object template (see the module comment). */
export function LayoutTemplate(props: ObjectFieldTemplateProps) {
  const ctx = props.registry.formContext as LayoutContext;
  const byName = new Map<string, ReactElement>();
  for (const p of props.properties) if (!p.hidden) byName.set(p.name, p.content);
  const ui = (props.uiSchema ?? {}) as Record<string, { 'ui:options'?: { hidden?: boolean } }>;
  const fieldOf = (name: string) => (ui[name]?.['ui:options']?.hidden ? null : (byName.get(name) ?? null));
  return (
    <LazyStyles>
      <div className="oa-form-layout">{renderLayout(ctx.layout, fieldOf, ctx.tx)}</div>
    </LazyStyles>
  );
}
