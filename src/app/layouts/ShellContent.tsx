/**
 * The content area of the shell: the 404 page for unknown paths, the tab panes for pages, and the direct
 * routes (root, bare sections, /refresh, /redirect/*) otherwise.
 * Props: `decision` of the guard ('allow' with its route, or '404').
 */
import { useRoutes } from 'react-router-dom';
import type { GuardDecision } from '../router/guard';
import { useDirectRoutes } from '../router/shellRoutes';
import { isTabRoute } from '../router/routeTable';
import { Exception } from '../pages/exception/Exception';
import { TabPanes } from '../components/tabs/TabPanes';

function DirectRoutes() {
  return useRoutes(useDirectRoutes());
}

export function ShellContent({ decision }: { decision: Extract<GuardDecision, { kind: 'allow' | '404' }> }) {
  if (decision.kind === '404') return <Exception code={404} />;
  if (isTabRoute(decision.route)) return <TabPanes />;
  return <DirectRoutes />;
}
