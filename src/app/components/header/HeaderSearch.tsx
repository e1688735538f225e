/**
 * Header search (SPEC §2.4, §5): an empty keyword gives "请输入关键字"; otherwise the server is asked for the
 * search type (home/searchType), then /dashboard/search?type=&keyword= runs the search. A successful search
 * clears the box.
 */
import { useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../services/api';
import { toast } from '../../services/feedback';

export function HeaderSearch() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const kw = keyword.trim();
    if (!kw) {
      toast.warning(t('search.empty'));
      return;
    }
    setBusy(true);
    try {
      const { type } = await api.searchType(kw);
      navigate(`/dashboard/search?${new URLSearchParams({ type: type || 'menu', keyword: kw }).toString()}`);
      setKeyword('');
    } catch {
      /* the http layer showed the error */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oa-header-search">
      <Input
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onPressEnter={() => void run()}
        placeholder={t('search.placeholder')}
        allowClear
        variant="filled"
        size="middle"
        data-testid="header-search"
        aria-label={t('search.placeholder')}
        suffix={
          <SearchOutlined
            className={busy ? 'oa-header-search-icon oa-spin' : 'oa-header-search-icon'}
            data-testid="header-search-button"
            onClick={() => void run()}
          />
        }
      />
    </div>
  );
}
