/**
 * Rules of the generic entity service (./service.ts) kept apart from its class: permission-code sets and what
 * a record under a flow lets `<group>/edit` change (DESIGN §5).
 */
import type { EntityDef } from '../../../engine/schema/types.js';
import type { Locale } from '../../shared/constants.js';
import { translate } from '../i18n/index.js';
import { badInput } from '../lib/errors.js';
import type { EntityRecord } from './codec.js';
import { fieldTitle } from './validation.js';

/** Permission-code Sets per `userRolesAccess().access` array (shared per role set, so built once per role set). */
const codeSets = new WeakMap<readonly string[], Set<string>>();

/** The Set of permission codes `access` lists (one Set per array). */
export function codeSet(access: readonly string[]): Set<string> {
  let set = codeSets.get(access);
  if (!set) codeSets.set(access, (set = new Set(access)));
  return set;
}

/** Whether the entity's records go through a flow (its model has `flowStatus`, ./flow/records.ts). */
export function flowBacked(def: EntityDef): boolean {
  return 'flowStatus' in def.model.properties;
}

/** The flow status of a record ('' when never submitted). */
export function flowStatusOf(record: EntityRecord): string {
  return String(record.flowStatus ?? '');
}

/**
 * A record under a flow is written by the flow (DESIGN §5): while it runs `<group>/edit` is refused (-1
 * entity.flowRunning; the current step's W fields change through flow/act), after its end only the entity's
 * `editableAfterFlow` fields may change (-1 entity.flowEnded naming the fields); a draft never submitted, or
 * returned to its drafter (status draft), is edited freely.
 */
export function checkFlowEdit(def: EntityDef, locale: Locale, before: EntityRecord, fields: string[]): void {
  if (!flowBacked(def)) return;
  const status = flowStatusOf(before);
  if (status === '' || status === 'draft') return;
  if (status === 'running') throw badInput(translate(locale, 'entity.flowRunning'));
  const allowed = def.editableAfterFlow ?? [];
  const refused = fields.filter((f) => !allowed.includes(f));
  if (refused.length) {
    const names = refused.map((f) => fieldTitle(def, f, locale)).join('、');
    throw badInput(translate(locale, 'entity.flowEnded', { fields: names, status: translate(locale, `entity.flowStatus.${status}`) }));
  }
}
