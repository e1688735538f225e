/**
 * 公文检索 (custom component `document.search`, /document/search "Search: Chinese full text (jieba) over
 * title, 发文字号, 正文 and the text of DOCX/PDF attachments, filters by year, organ, kind, 密级"): a search box and
 * the filters 年度, 发文机关 (department picker), 公文种类, 密级 and 发文/收文; the hits newest first with their
 * highlighted snippet. A title opens the document's approval page (`open`, a new tab from this list: openDetail).
 * A `keyword` in the address (the header search) is searched on opening.
 * The snippet comes from the server as escaped text with <mark> around the hits; it is rendered by splitting on
 * exactly those tags (React escapes every piece), never as HTML.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Card, Empty, Input, Pagination, Select, Space, Spin, Tag, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { formatDay, orgNow } from '../../../../../engine/renderers/time';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { docSearchApi, type DocSearchPage, type DocSearchQuery } from '../data/docSearch';
import { DeptWidget } from '../../../../../widgets/OrgPicker';
import type { PageKindProps } from '../../../../../engine/renderers/registry';
import { dictLabel, fieldDict } from '../../../../../engine/renderers/text';
import { textOf } from '../../../../../engine/schema/text';
import { host } from '../../../../../engine/host';

const ENTITIES = ['document.send', 'document.receive'] as const;
const ENTITY_KEYS: Record<string, string> = { 'document.send': 'send', 'document.receive': 'receive' };
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Text of escaped HTML `s` (the five entities the server writes). */
function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ESCAPED[m]);
}

/**
 * The nodes of a server snippet: text pieces and <mark> pieces, split on exactly `<mark>` / `</mark>` (any other
 * markup stays text, as the server escaped it).
 */
export function snippetNodes(snippet: string): ReactNode[] {
  return snippet.split(/(<mark>[^<]*<\/mark>)/).map((part, i) => {
    const m = /^<mark>([^<]*)<\/mark>$/.exec(part);
    return m ? <mark key={i}>{unescape(m[1])}</mark> : unescape(part);
  });
}

/** The years offered: this one back to 2000. */
function yearOptions(): { value: number; label: string }[] {
  const now = orgNow().year();
  return Array.from({ length: now - 1999 }, (_, i) => ({ value: now - i, label: String(now - i) }));
}

/** The page (see the module comment). */
export function DocumentSearch({ bundle }: PageKindProps) {
  const { t } = useTranslation('docsearch');
  // Opened from the header search with ?keyword=: that search runs, and again when another one arrives.
  const [params] = useSearchParams();
  const asked = params.get('keyword')?.trim() || undefined;
  const [keyword, setKeyword] = useState(asked ?? '');
  const [query, setQuery] = useState<DocSearchQuery>({ current: 1, pageSize: 10, keyword: asked });
  useEffect(() => {
    if (asked === undefined) return;
    setKeyword(asked);
    setQuery((q) => (q.keyword === asked ? q : { ...q, keyword: asked, current: 1 }));
  }, [asked]);
  const [data, setData] = useState<DocSearchPage>({ list: [], total: 0, more: false });
  const [loading, setLoading] = useState(true);
  const refs = useMemo(() => ({ formContext: { refs: { users: {}, depts: {} } } }), []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    docSearchApi
      .search(query)
      .then((r) => live && setData(r))
      .catch(() => live && setData({ list: [], total: 0, more: false }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query]);

  const set = (patch: Partial<DocSearchQuery>) => setQuery((q) => ({ ...q, ...patch, current: 1 }));
  const dictOptions = (field: 'docType' | 'secretLevel') =>
    (fieldDict(bundle, field)?.items ?? []).filter((i) => !i.disabled).map((i) => ({ value: i.value, label: textOf(i.label, bundle.texts) }));
  const tag = (field: 'docType' | 'secretLevel', value: string | null) => {
    if (value == null) return null;
    const { label, color } = dictLabel(bundle, fieldDict(bundle, field), value);
    return <Tag color={color}>{label}</Tag>;
  };

  const unitPicker = {
    id: 'docsearch-unit',
    name: 'unit',
    value: query.unit_id,
    onChange: (v: unknown) => set({ unit_id: typeof v === 'number' ? v : undefined }),
    onBlur: () => undefined,
    onFocus: () => undefined,
    options: {},
    schema: {},
    label: '',
    placeholder: t('filter.unit'),
    registry: refs,
  } as unknown as WidgetProps;

  return (
    <Card size="small" title={t('title')} data-testid="docsearch">
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Input.Search
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
          enterButton={t('search')}
          allowClear
          maxLength={100}
          placeholder={t('placeholder')}
          data-testid="docsearch-keyword"
        />
        <Space wrap>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('filter.year')}
            options={yearOptions()}
            value={query.year}
            onChange={(v?: number) => set({ year: v })}
            data-testid="docsearch-year"
          />
          <div style={{ width: 280 }} data-testid="docsearch-unit">
            <DeptWidget {...unitPicker} />
          </div>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('filter.docType')}
            options={dictOptions('docType')}
            value={query.doc_type}
            onChange={(v?: string) => set({ doc_type: v })}
            data-testid="docsearch-doctype"
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('filter.secretLevel')}
            options={dictOptions('secretLevel')}
            value={query.secret_level}
            onChange={(v?: string) => set({ secret_level: v })}
            data-testid="docsearch-secret"
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('filter.entity')}
            options={ENTITIES.map((e) => ({ value: e, label: t(`entity.${ENTITY_KEYS[e]}`) }))}
            value={query.entity}
            onChange={(v?: string) => set({ entity: v })}
            data-testid="docsearch-entity"
          />
        </Space>
        <Spin spinning={loading}>
          <div data-testid="docsearch-list">
            {data.list.length === 0 && !loading && <Empty description={t('empty')} />}
            {data.list.map((h) => (
              <div key={`${h.entity}:${h.record_id}`} style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }} data-testid="docsearch-hit">
                <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                  <Space wrap>
                    <Tag>{t(`entity.${ENTITY_KEYS[h.entity] ?? 'send'}`)}</Tag>
                    <Typography.Link strong onClick={() => host().openRecord(h.open)} data-testid="docsearch-title">
                      {h.title}
                    </Typography.Link>
                    {tag('secretLevel', h.secret_level)}
                  </Space>
                  <Typography.Paragraph style={{ margin: 0 }} data-testid="docsearch-snippet">
                    {snippetNodes(h.snippet)}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary">
                    <Space separator="·" wrap>
                      {h.doc_number && <span>{h.doc_number}</span>}
                      {h.unit_name && <span>{h.unit_name}</span>}
                      {tag('docType', h.doc_type)}
                      <span>{formatDay(h.created_at)}</span>
                    </Space>
                  </Typography.Text>
                </Space>
              </div>
            ))}
          </div>
        </Spin>
        {data.total > 0 && (
          <Pagination
            align="end"
            current={query.current}
            pageSize={query.pageSize}
            total={data.total}
            showSizeChanger
            pageSizeOptions={[10, 20, 50]}
            showTotal={(n) => t(data.more ? 'totalMore' : 'total', { count: n })}
            onChange={(current, pageSize) => setQuery((q) => ({ ...q, current, pageSize }))}
            data-testid="docsearch-pages"
          />
        )}
      </Space>
    </Card>
  );
}
