/**
 * The front end of 组织机构 (SPEC §2.3 /organization/*), found by src/areas/clientModules.ts: registers the component
 * of its `custom` page `organization.permission` 角色菜单权限 (./pages/RolePermissionPage) in the engine's registry.
 */
import { customPageComponent, registerCustomPage, type PageKindProps } from '../../../../engine/renderers/registry';
import { lazyComponent } from '../../../../engine/renderers/lazyComponent';

const RolePermissionPage = lazyComponent<PageKindProps>(() => import('./pages/RolePermissionPage').then((m) => m.RolePermissionPage));

// Module state survives hot reloads; register only what is missing.
if (!customPageComponent('organization.permission')) registerCustomPage('organization.permission', RolePermissionPage);
