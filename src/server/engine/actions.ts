/**
 * When a declared entity action is offered (DESIGN §4 Action `visibleWhen`, issue 3): its CEL
 * condition over `record` (the stored record, with `id`) and `user` (id, account, deptId, unitId,
 * roles, permissions), compiled once per entity with engine/expr. An action without `visibleWhen` is
 * always offered; an expression that fails at run time hides the action (never a 500).
 */
import { compileExpression, envFromModel, type CompiledExpression } from '../../../engine/expr/index.js';
import type { EntityDef } from '../../../engine/schema/types.js';

/** The `user` variable of an action condition (engine/expr CURRENT_USER_FIELDS; others left blank). */
export interface ActionUser {
  id: number;
  account: string;
  deptId: number | null;
  unitId: number | null;
  roles: string[];
  permissions: string[];
}

/** The compiled `visibleWhen` conditions of one entity's actions. */
export class ActionConditions {
  private readonly compiled = new Map<string, CompiledExpression>();

  /** Compiles every `visibleWhen` of `def`; throws an Error naming entity, action and problem when one does not type-check. */
  constructor(def: EntityDef) {
    const withCondition = (def.actions ?? []).filter((a) => a.visibleWhen?.cel);
    if (!withCondition.length) return;
    const env = envFromModel(def.model, {}, { record: true, user: true, fields: false });
    for (const a of withCondition) {
      try {
        this.compiled.set(a.id, compileExpression(a.visibleWhen!.cel, env, { expect: 'bool' }));
      } catch (e) {
        throw new Error(`entity ${def.id}: action "${a.id}" visibleWhen: ${(e as Error).message}`);
      }
    }
  }

  /** Whether action `id` is offered for `record` to `user`. */
  visible(id: string, record: Record<string, unknown>, user: ActionUser): boolean {
    const run = this.compiled.get(id);
    if (!run) return true;
    try {
      return run({ record, user }) === true;
    } catch {
      return false;
    }
  }
}
