/**
 * The permission code each operation of an entity needs (FORMATS.md "Entity" permissions): the code its `permissions`
 * block names for the operation; none named in the block → anyone signed in (the author opened it on purpose, `{}`
 * opens every operation); export falls back to view, import to add. An entity WITHOUT a block is closed: every operation
 * needs CLOSED, a code no role can hold (not a permission code: saveRoleMenus takes only codes an area declares), so
 * every check refuses it (-1 error.forbidden) — a forgotten block never opens an entity to everyone. The lint reports it.
 */
import type { EntityDef } from '../../../engine/schema/types.js';

/** Operations of an entity that a permission code guards. */
export type EntityOp = 'view' | 'add' | 'edit' | 'delete' | 'export' | 'import';

/** The "code" of an entity without a permissions block: held by no role. */
export const CLOSED = '!closed';

/** The code operation `op` of `def` needs, undefined when signed in is enough (see the module comment). */
export function entityPermission(def: EntityDef, op: EntityOp): string | undefined {
  const p = def.permissions;
  if (!p) return CLOSED;
  if (op === 'export') return p.export ?? p.view;
  if (op === 'import') return p.import ?? p.add;
  return p[op];
}
