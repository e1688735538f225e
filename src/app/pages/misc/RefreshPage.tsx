/** /refresh (SPEC §2.1): re-mounts the active tab's page and returns to it. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { tabsAtom, tabVersionsAtom } from '../../stores/tabs';
import { pathOfTab } from '../../components/tabs/tabsModel';
import { PageLoading } from '../../components/PageLoading';

export function RefreshPage() {
  const navigate = useNavigate();
  const tabs = useAtomValue(tabsAtom);
  const bump = useSetAtom(tabVersionsAtom);
  useEffect(() => {
    bump((v) => ({ ...v, [tabs.active]: (v[tabs.active] ?? 0) + 1 }));
    navigate(pathOfTab(tabs, tabs.active), { replace: true });
    // Runs once per visit of /refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <PageLoading />;
}
