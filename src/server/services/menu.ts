/**
 * Menus, the personal menu and permission codes of a user (SPEC §3, §6), from roles → role_menus,
 * user_menus and role_permissions.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { MenuNode } from '../../shared/types.js';

/** What the shell needs to build the menu and guard routes. */
export interface UserMenus {
  menu: MenuNode[];
  menu_my: MenuNode[];
  access: string[];
  menuaction: Record<string, string[]>;
  roles: string[];
  /** Unit administrator (role `unit_admin`). */
  isdwgly: boolean;
}

/** The menus of `userId` as trees ordered by sort. */
export async function userMenus(_db: Kysely<DB>, _userId: number): Promise<UserMenus> {
  return { menu: [], menu_my: [], access: [], menuaction: {}, roles: [], isdwgly: false };
}
