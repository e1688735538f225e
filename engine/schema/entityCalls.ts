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
