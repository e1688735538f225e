/**
 * Applies the route guard (router/guard.ts) to the current location: loads the user and the areas' route tree for
 * a token found at start-up (a path not known yet waits for that tree, never a 404 too early), sends users without
 * a token to login, pages outside the menu to /403, and keeps a user whose password must be changed (-98) on
 * personal settings. Props: `children(decision)` renders an allowed
 * location; `decision.kind` is 'allow' or '404'.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { menuPathOf } from '@shared/routes';
import { passwordChangeRequiredAtom, userAtom, userStatusAtom } from '../stores/user';
import { routeTreeAtom } from '../stores/routes';
import { loadUser } from '../services/auth';
import { loadRouteTree } from '../services/routeTree';
import { isSessionEnding } from '../services/session';
import { getToken } from '../utils/cookies';
import { PageLoading } from '../components/PageLoading';
import { Exception } from '../pages/exception/Exception';
import { guardDecision, type GuardDecision } from './guard';

const PASSWORD_PAGE = '/acl/setting';

export function RequireAuth({ children }: { children: (d: Extract<GuardDecision, { kind: 'allow' | '404' }>) => ReactNode }) {
  const location = useLocation();
  const user = useAtomValue(userAtom);
  const status = useAtomValue(userStatusAtom);
  const locked = useAtomValue(passwordChangeRequiredAtom);
  const routes = useAtomValue(routeTreeAtom);
  const token = getToken();

  useEffect(() => {
    if (token && !user && status === 'idle') void loadUser();
    else if (token && user && routes.status === 'idle') void loadRouteTree();
  }, [token, user, status, routes.status]);

  if (isSessionEnding()) return null;
  const decision = guardDecision({ pathname: location.pathname, search: location.search, token, user });
  switch (decision.kind) {
    case 'login':
      return <Navigate to={decision.to} replace />;
    case 'wait':
      if (status === 'error' || routes.status === 'error') return <Exception code={500} />;
      return <PageLoading full />;
    case '403':
      return <Navigate to="/403" replace />;
    default:
      break;
  }
  if (locked && decision.kind === 'allow' && (!decision.route || menuPathOf(decision.route.path) !== PASSWORD_PAGE)) {
    return <Navigate to={`${PASSWORD_PAGE}?tab=password`} replace />;
  }
  return <>{children(decision)}</>;
}
