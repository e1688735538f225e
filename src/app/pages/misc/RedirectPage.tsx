/** /redirect/* (SPEC §2.1): navigates to the rest of the path, re-mounting that page (tab). */
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { tabVersionsAtom } from '../../stores/tabs';
import { tabIdOf } from '../../router/routeTable';
import { PageLoading } from '../../components/PageLoading';

export function RedirectPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const rest = useParams()['*'] ?? '';
  const bump = useSetAtom(tabVersionsAtom);
  useEffect(() => {
    const target = `/${rest}`;
    const id = tabIdOf(target);
    bump((v) => ({ ...v, [id]: (v[id] ?? 0) + 1 }));
    navigate(target + search, { replace: true });
  }, [rest, search, navigate, bump]);
  return <PageLoading />;
}
