/**
 * Full-text search results (/dashboard/search?type=&keyword=, SPEC §2.3): home/search with paging;
 * type 'menu' lists pages (path, title; not those of areas not built yet), type 'contact' lists people; other types
 * list titles.
 */
import { useEffect, useState } from 'react';
import { Card, Empty, Pagination, Spin, Table, Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DEFAULT_LIST_PAGE, DEFAULT_PAGE_SIZE } from '@shared/constants';
import { api, type SearchHit } from '../../services/api';
import { routeTitle } from '../../i18n';
import { matchRoute, sectionOf } from '../../router/routeTable';
import { MenuIcon, iconNameOf } from '../../components/MenuIcon';
import { routeOpens } from '../../router/routeOpens';

export default function SearchPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const type = query.get('type') ?? 'menu';
  const keyword = query.get('keyword') ?? '';
  const [page, setPage] = useState(DEFAULT_LIST_PAGE);
  const [data, setData] = useState<{ list: SearchHit[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);

  useEffect(() => setPage(DEFAULT_LIST_PAGE), [type, keyword]);
  useEffect(() => {
    if (!keyword) return;
    let live = true;
    setLoading(true);
    api
      .search(type, keyword, page, DEFAULT_PAGE_SIZE)
      .then((r) => {
        if (!live) return;
        // Pages of areas not built yet are not offered (as in the menu): left out of the hits and of the count.
        const list = r?.list ?? [];
        const shown = type === 'menu' ? list.filter((i) => !i.path || routeOpens(i.path)) : list;
        setData({ list: shown, total: Math.max(0, (r?.total ?? 0) - (list.length - shown.length)) });
      })
      .catch(() => live && setData({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [type, keyword, page]);

  const pagination = { current: page, pageSize: DEFAULT_PAGE_SIZE, total: data.total, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false };
  const typeLabel = t(`search.types.${type}`, { defaultValue: type });
  const sectionTitle = (path: string) => {
    const route = matchRoute(path);
    const section = route ? sectionOf(route) : undefined;
    return section && section.key !== route?.key ? routeTitle(t, section.key) : '';
  };

  return (
    <Card
      className="oa-page-card"
      data-testid="search-results"
      title={
        <span>
          {t('search.title')} <Tag color="blue">{typeLabel}</Tag>
        </span>
      }
    >
      <p className="oa-search-summary" data-testid="search-summary">
        {t('search.summary', { keyword, total: data.total })}
      </p>
      {type === 'contact' ? (
        <Table<SearchHit>
          rowKey={(r) => String(r.id ?? r.mobile ?? r.realname)}
          loading={loading}
          dataSource={data.list}
          pagination={pagination}
          locale={{ emptyText: <Empty description={t('search.empty')} /> }}
          columns={[
            { title: t('search.col.realname'), dataIndex: 'realname' },
            { title: t('search.col.dept'), dataIndex: 'dept' },
            { title: t('search.col.unit'), dataIndex: 'unit' },
            { title: t('search.col.position'), dataIndex: 'position' },
            { title: t('search.col.mobile'), dataIndex: 'mobile' },
          ]}
        />
      ) : (
        <Spin spinning={loading}>
          {data.list.length === 0 ? (
            <Empty description={t('search.empty')} />
          ) : (
            <ul className="oa-search-list">
              {data.list.map((item, i) => (
                <li key={`${item.path ?? ''}-${i}`}>
                  <button type="button" className="oa-search-item" data-testid="search-item" onClick={() => item.path && navigate(item.path)}>
                    <span className="oa-search-item-icon">
                      <MenuIcon name={iconNameOf(item.path ?? '', typeof item.icon === 'string' ? item.icon : null)} />
                    </span>
                    <span className="oa-search-item-title">{item.i18nKey ? routeTitle(t, item.i18nKey) : (item.header ?? item.title ?? item.realname)}</span>
                    {item.path && sectionTitle(item.path) ? <Tag className="oa-search-item-section">{sectionTitle(item.path)}</Tag> : null}
                    {item.path ? <code className="oa-search-item-path">{item.path}</code> : null}
                    <RightOutlined className="oa-search-item-go" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {data.total > DEFAULT_PAGE_SIZE && <Pagination className="oa-search-pager" {...pagination} />}
        </Spin>
      )}
    </Card>
  );
}
