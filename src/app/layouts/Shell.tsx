/** The signed-in shell route: the guard, then the basic layout (menus, header, tabs, pages). */
import { RequireAuth } from '../router/RequireAuth';
import { BasicLayout } from './BasicLayout';

export function Shell() {
  return <RequireAuth>{(decision) => <BasicLayout decision={decision} />}</RequireAuth>;
}
