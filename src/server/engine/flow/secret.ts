/**
 * 密级 of flow instances (DESIGN §7): an instance over a record of an entity with a classification field (x-dict
 * document_mj, e.g. 发文/收文 `secretLevel`) is as classified as its form data says; instances of other flows are
 * 非密 (0). Shown only to people whose clearance (users.clearance) is at least that level.
 */
import type { FlowState } from '../../../../engine/flow/index.js';
import type { Locale } from '../../../shared/constants.js';
import { translate } from '../../i18n/index.js';
import { badInput } from '../../lib/errors.js';
import { SECRET_DICT, secretLevelOf } from '../../services/clearance.js';
import { fieldTitle } from '../validation.js';
import { flowEntity } from './records.js';
import { registerCache } from '../../services/cacheBus.js';

const fields = new Map<string, string | null>();
// Derived from the definitions: a published form may add or remove the field.
registerCache('schema', () => fields.clear());

/** The classification field of entity `entity` (x-dict document_mj), or null. Remembered per entity id. */
export function secretFieldOf(entity: string | null): string | null {
  if (!entity) return null;
  if (!fields.has(entity)) {
    const def = flowEntity(entity);
    const f = def ? Object.entries(def.model.properties).find(([, p]) => (p as { 'x-dict'?: string })['x-dict'] === SECRET_DICT)?.[0] : undefined;
    fields.set(entity, f ?? null);
  }
  return fields.get(entity) ?? null;
}

/** The classification level (0–3) of an instance of `entity` with `state`. */
export function secretLevelOfInstance(entity: string | null, state: Pick<FlowState, 'data'>): number {
  const f = secretFieldOf(entity);
  return f ? secretLevelOf(state.data[f]) : 0;
}

/**
 * Refuses form data `data` of an action on an instance of `entity` that sets the classification field above
 * `clearance`, the acting person's (DESIGN §7: nobody classifies a document beyond what they may read themselves).
 * @throws ApiError -1 entity.secretAboveClearance naming the field (in `locale`).
 */
export function checkSecretWrite(entity: string | null, data: Record<string, unknown> | undefined, clearance: number, locale: Locale): void {
  const f = secretFieldOf(entity);
  if (!f || !data || !(f in data) || secretLevelOf(data[f]) <= clearance) return;
  const def = flowEntity(entity!);
  throw badInput(translate(locale, 'entity.secretAboveClearance', { field: def ? fieldTitle(def, f, locale) : f }));
}
