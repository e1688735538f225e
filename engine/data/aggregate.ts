/**
 * The aggregate call of an entity (`<group>/aggregate`, src/server/engine/aggregate.ts) for the `chart` page kind,
 * through the engine host (engine/host.ts): a refusal is shown by the host and rejects with the server's message.
 */
import { host } from '../host';
import type { AggregateAnswer, AggregateRequest } from '../../src/shared/aggregate';

export type { AggregateAnswer, AggregateGroup, AggregateRequest } from '../../src/shared/aggregate';

/** The groups of `req` over the records of API group `group` the caller may see. */
export function aggregate(group: string, req: AggregateRequest): Promise<AggregateAnswer> {
  return host().call<AggregateAnswer>(`${group}/aggregate`, req);
}
