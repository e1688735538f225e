/**
 * The root ObjectFieldTemplate of engine forms: draws the page's layout tree (DESIGN §4 `form` layout) around
 * the fields rjsf renders — section → titled antd Card, tabs → antd Tabs, grid → antd Row/Col (`span` of
 * `columns`), field / subtable / attachments → the field rjsf rendered for that key, text → a description.
 * Fields hidden by a rule (`ui:options.hidden`) are left out. The layout comes from formContext.layout.
 */
import type { ReactElement, ReactNode } from 'react';
import { Card, Col, Row, Tabs, Typography } from 'antd';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { LayoutNode } from '../../schema/types';
import type { BundleText } from '../text';

/** formContext of engine forms as the template reads it. */
export interface LayoutContext {
  layout: LayoutNode[];
  tx: BundleText;
}

/** Col span (of 24) of a child taking `span` of `columns` grid columns. */
export function colSpan(columns: number, span = 1): number {
  const cols = Math.max(1, Math.min(24, columns || 1));
  return Math.max(1, Math.min(24, Math.round((24 / cols) * Math.min(span, cols))));
}

/** Renders `nodes` with `fieldOf(name)` giving the rendered field (null when hidden or absent). */
export function renderLayout(nodes: LayoutNode[], fieldOf: (name: string) => ReactNode, tx: BundleText): ReactNode[] {
  return nodes.map((n) => renderNode(n, fieldOf, tx));
}

function renderNode(n: LayoutNode, fieldOf: (name: string) => ReactNode, tx: BundleText): ReactNode {
  switch (n.type) {
    case 'section':
      return (
        <Card key={n.id} size="small" title={n.title ? tx(n.title) : undefined} style={{ marginBottom: 16 }} data-testid={`section-${n.id}`}>
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
    case 'grid':
      return (
        <Row key={n.id} gutter={16}>
          {n.children.map((c) => {
            const content = renderNode(c, fieldOf, tx);
            if (content === null) return null;
            return (
              <Col key={c.id} span={colSpan(n.columns, 'span' in c ? c.span : undefined)}>
                {content}
              </Col>
            );
          })}
        </Row>
      );
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
  return <div className="oa-form-layout">{renderLayout(ctx.layout, fieldOf, ctx.tx)}</div>;
}
