/**
 * The `detail` page kind (DESIGN §4): the record (`<group>/info`) in the page's layout, read-only — sections
 * as titled antd Descriptions (grid `columns` and `span`), values per kind: dict labels as coloured tags,
 * user/dept names from `_refs`, a reference field's record label (`_refs.records`) as a link opening it, money with 2 decimals and 人民币大写 below, dates, attachments as download
 * links, rich text as sanitised HTML. An 编辑 button (when `_actions` has 'edit') switches in place to the
 * entity's form page (`<area>.<name>.form`, else this layout as a form). Below the layout, each of the page's
 * `related` lists (DESIGN §4) is the list page it names, embedded in a titled card and filtered by
 * `{filterField: this record's id}` (a record added there starts with that value).
 * A bundle with the form revision the record pinned (EnginePage, Template/page {id, recordId}) shows it with a
 * tag (./RevisionTag.tsx), and 编辑 opens the form page of that revision.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadPage, loadRecordPage, resource, type Attachment, type EntityRecord } from '../data/api';
import type { PageBundle } from '../schema/bundle';
import { callName } from '../schema/entityCalls';
import type { LayoutNode } from '../schema/types';
import { AttachmentList, sanitizeHtml, upperOf } from '../../widgets';
import { EnginePage } from './EnginePage';
import { FormPage } from './FormPage';
import { RevisionTag } from './RevisionTag';
import { RecordLink } from './RecordLink';
import type { PageKindProps } from './registry';
import { bundleText, dictLabel, fieldDict, fieldTitle } from './text';
import { formatWith } from './time';

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]);

/** The display of `field`'s value in `record` per its kind. */
export function formatValue(bundle: PageBundle, record: EntityRecord, field: string, t: (k: string) => string): ReactNode {
  const v = record[field];
  const p = bundle.entity?.model.properties[field];
  const refs = record._refs ?? { users: {}, depts: {} };
  if (v === null || v === undefined || v === '') return '';
  switch (p?.['x-kind']) {
    case 'dict':
      return asList(v).map((x) => {
        const d = dictLabel(bundle, fieldDict(bundle, field), x);
        return (
          <Tag key={String(x)} color={d.color}>
            {d.label}
          </Tag>
        );
      });
    case 'user':
    case 'users':
      return asList(v)
        .map((id) => refs.users[String(id)] ?? String(id))
        .join(', ');
    case 'dept':
    case 'depts':
      return asList(v)
        .map((id) => refs.depts[String(id)] ?? String(id))
        .join(', ');
    case 'record':
      return Number.isInteger(v) ? <RecordLink target={bundle.records?.[field]} id={v as number} label={refs.records?.[field]?.[String(v)]} /> : String(v);
    case 'money':
      return (
        <div>
          <div>{Number(v).toFixed(2)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {upperOf(v)}
          </Typography.Text>
        </div>
      );
    case 'boolean':
      return t(v ? 'widget.yes' : 'widget.no');
    case 'datetime':
      return formatWith(v, 'YYYY-MM-DD HH:mm:ss');
    case 'daterange':
      return asList(v).join(' ~ ');
    case 'attachments':
      return <AttachmentList value={asList(v) as Attachment[]} />;
    case 'richtext':
      return <div className="oa-richtext-view" dangerouslySetInnerHTML={{ __html: sanitizeHtml(String(v)) }} />;
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

function renderNodes(nodes: LayoutNode[], bundle: PageBundle, record: EntityRecord, t: (k: string) => string, columns = 1): ReactNode {
  const tx = bundleText(bundle);
  const items: { key: string; label: string; children: ReactNode; span?: number }[] = [];
  const blocks: ReactNode[] = [];
  for (const n of nodes) {
    if ('field' in n)
      items.push({
        key: n.id,
        label: fieldTitle(bundle, n.field),
        children: formatValue(bundle, record, n.field, t),
        span: 'span' in n && n.span ? Math.min(n.span, columns) : 1,
      });
    else if (n.type === 'section')
      blocks.push(
        <Card key={n.id} size="small" title={n.title ? tx(n.title) : undefined} style={{ marginBottom: 16 }}>
          {renderNodes(n.children, bundle, record, t)}
        </Card>,
      );
    else if (n.type === 'grid') blocks.push(<div key={n.id}>{renderNodes(n.children, bundle, record, t, n.columns)}</div>);
    else if (n.type === 'tabs')
      blocks.push(
        ...n.children.map((tab) => (
          <Card key={tab.id} size="small" title={tx(tab.title)}>
            {renderNodes(tab.children, bundle, record, t)}
          </Card>
        )),
      );
    else if (n.type === 'text')
      blocks.push(
        <Typography.Paragraph key={n.id} type="secondary">
          {tx(n.text)}
        </Typography.Paragraph>,
      );
  }
  return (
    <>
      {items.length > 0 && <Descriptions bordered size="small" column={columns} items={items} />}
      {blocks}
    </>
  );
}

/** Renders a detail page definition (see the module comment). */
export function DetailPage({ bundle, recordId, record: row, onDone, onCancel, embedded }: PageKindProps) {
  const { t } = useTranslation('form');
  const [record, setRecord] = useState<EntityRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PageBundle | null>(null);
  const [attempt, setAttempt] = useState(0);
  const group = bundle.entity?.group;
  useEffect(() => {
    if (!group || !recordId) return;
    // An entity without an `info` call shows the list row it was opened from.
    const load = row && !callName(bundle.entity, 'info') ? Promise.resolve(row) : resource(group, bundle.entity).info(recordId);
    load.then(setRecord, (e: unknown) => setError(e instanceof Error ? e.message : t('form.loadFailed')));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the row and the entity come with the record id
  }, [group, recordId, attempt, t]);
  const page = bundle.page;
  if (editing) {
    return (
      <FormPage
        bundle={editing}
        recordId={recordId}
        record={row}
        embedded={embedded}
        onCancel={() => setEditing(null)}
        onDone={(r) => {
          setEditing(null);
          setAttempt((n) => n + 1);
          onDone?.(r);
        }}
      />
    );
  }
  if (error)
    return (
      <Result
        status="warning"
        title={t('form.loadFailed')}
        subTitle={error}
        extra={<Button onClick={() => (setError(null), setAttempt((n) => n + 1))}>{t('form.retry')}</Button>}
      />
    );
  if (!record || !('layout' in page))
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  const edit = async () => {
    const formId = page.id.replace(/\.detail$/, '.form');
    const pinned = bundle.revision && recordId ? Promise.resolve().then(() => loadRecordPage(formId, recordId)) : Promise.reject(new Error('current'));
    const form = await pinned.catch(() => loadPage({ id: formId })).catch(() => null);
    setEditing(form && form.page.pageKind === 'form' ? form : { ...bundle, page: { ...page, pageKind: 'form' } as never });
  };
  return (
    <div className="oa-detail-page" data-testid={`detail-page-${page.id}`}>
      {!embedded && <Typography.Title level={4}>{bundleText(bundle)(page.title)}</Typography.Title>}
      <RevisionTag revision={bundle.revision} />
      {renderNodes(page.layout, bundle, record, t)}
      {(page.pageKind === 'detail' ? (page.related ?? []) : []).map((r) => (
        <Card key={r.id} size="small" title={bundleText(bundle)(r.title)} style={{ marginBottom: 16 }} data-testid={`related-${r.id}`}>
          <EnginePage id={r.page} embedded initial={{ [r.filterField]: record.id }} />
        </Card>
      ))}
      <Space>
        {record._actions?.includes('edit') && (
          <Button type="primary" onClick={() => void edit()} data-testid="detail-edit">
            {t('form.edit')}
          </Button>
        )}
        {onCancel && <Button onClick={onCancel}>{t('form.cancel')}</Button>}
      </Space>
    </div>
  );
}
