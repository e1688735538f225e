/**
 * Entity `calls` (FORMATS.md "Entity calls"): the SPEC calls of an entity's API group that serve its generic
 * operations, e.g. `{"list": "markList", "add": "mark", "edit": "editMark", "del": "deleteMark"}` (names within the
 * entity's `group`). A `storage: "table"` entity is served under both the generic name and the declared one; a
 * `storage: "custom"` entity with `calls` has exactly the operations it names (the client uses those names and
 * offers no other: without `info` a record is edited from its list row). Pure: no React, no Node.
 */

/** The generic operations a `calls` block may name. */
export const ENTITY_CALL_OPS = ['list', 'info', 'add', 'edit', 'del'] as const;

/** One generic operation of an entity. */
export type EntityCallOp = (typeof ENTITY_CALL_OPS)[number];

/** Operation → name of the call (within the entity's group) that serves it. */
export type EntityCalls = Partial<Record<EntityCallOp, string>>;

/** The generic calls the server derives for a table entity (src/server/engine/api.ts GENERIC_CALLS). */
export const TABLE_GENERIC_CALLS = ['list', 'info', 'add', 'edit', 'del', 'export', 'import', 'aggregate'] as const;

/** What the call names depend on: the entity's `calls` and `storage`. */
export interface CallsOwner {
  calls?: EntityCalls;
  storage?: 'table' | 'custom';
}

/**
 * The call (action name within the group) the client uses for operation `op` of `entity`: its declared name, else
 * the generic name — except for a custom entity with `calls`, which has only the operations it names (undefined).
 */
export function callName(entity: CallsOwner | null | undefined, op: EntityCallOp): string | undefined {
  const declared = entity?.calls?.[op];
  if (declared) return declared;
  return entity?.calls && entity.storage === 'custom' ? undefined : op;
}

/**
 * Every call name of its group an entity claims, with what serves it (`operation "list"`, `action "archive"`): a table
 * entity its generic calls and the names its `calls` add; a custom entity the names of its `calls`, else the generic
 * list, info, add, edit, del; both their declared actions. Two entities of one group must claim no name twice.
 */
export function claimedCalls(entity: CallsOwner & { actions?: { id: string }[] }): { name: string; what: string }[] {
  const out: { name: string; what: string }[] = [];
  const custom = entity.storage === 'custom';
  if (!custom) for (const op of TABLE_GENERIC_CALLS) out.push({ name: op, what: `operation "${op}"` });
  else if (!entity.calls) for (const op of ENTITY_CALL_OPS) out.push({ name: op, what: `operation "${op}"` });
  for (const [op, name] of Object.entries(entity.calls ?? {})) if (name && (custom || name !== op)) out.push({ name, what: `operation "${op}"` });
  for (const a of entity.actions ?? []) out.push({ name: a.id, what: `action "${a.id}"` });
  return out;
}
