/**
 * Header search (SPEC §2.4, §5): the search type is chosen first — 公文 (the document search, when the user may
 * open it), 功能菜单 or 通讯录 — then the keyword runs that search: 公文 opens /document/search?keyword=, the others
 * /dashboard/search?type=&keyword= (home/search). An empty keyword gives "请输入关键字". A search clears the box; the
 * chosen type stays for the next one.
 */
import { useMemo, useState } from 'react';
import { Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { toast } from '../../services/feedback';
import { userAtom } from '../../stores/user';
import { routeTreeAtom } from '../../stores/routes';
import { allowedMenuPaths } from '../../layouts/menuModel';
import { routeOpens } from '../../router/routeOpens';

/** A search type of the header: where its results are shown. */
interface SearchKind {
  type: string;
  /** The results page: a route of its own taking `keyword`, else the full-text search page with `type`. */
  route?: string;
}

/** The types in the order offered; a type with a route is offered only when the user may open it and it exists. */
const KINDS: SearchKind[] = [{ type: 'document', route: '/document/search' }, { type: 'menu' }, { type: 'contact' }];

/** Where a search of `keyword` with `kind` goes. */
export function searchTarget(kind: SearchKind, keyword: string): string {
  if (kind.route) return `${kind.route}?${new URLSearchParams({ keyword }).toString()}`;
  return `/dashboard/search?${new URLSearchParams({ type: kind.type, keyword }).toString()}`;
}

export function HeaderSearch() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const routes = useAtomValue(routeTreeAtom);
  const kinds = useMemo(() => {
    const allowed = allowedMenuPaths(user?.menu ?? [], user?.menu_my ?? []);
    return KINDS.filter((k) => !k.route || (routes.status === 'ready' && allowed.has(k.route) && routeOpens(k.route)));
  }, [user, routes]);
  const [chosen, setChosen] = useState<string | null>(null);
  const kind = kinds.find((k) => k.type === chosen) ?? kinds[0];
  const [keyword, setKeyword] = useState('');

  const run = () => {
    const kw = keyword.trim();
    if (!kw) {
      toast.warning(t('search.empty'));
      return;
    }
    navigate(searchTarget(kind, kw));
    setKeyword('');
  };

  return (
    <Space.Compact className="oa-header-search" data-testid="header-search-box">
      <Select
        className="oa-header-search-type"
        value={kind.type}
        onChange={setChosen}
        popupMatchSelectWidth={false}
        aria-label={t('search.type')}
        data-testid="header-search-type"
        options={kinds.map((k) => ({ value: k.type, label: <span data-testid={`header-search-type-${k.type}`}>{t(`search.types.${k.type}`)}</span> }))}
      />
      <Input
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onPressEnter={run}
        placeholder={t(`search.placeholders.${kind.type}`)}
        allowClear
        data-testid="header-search"
        aria-label={t(`search.placeholders.${kind.type}`)}
        suffix={<SearchOutlined className="oa-header-search-icon" data-testid="header-search-button" onClick={run} />}
      />
    </Space.Compact>
  );
}
