/** Who calls the generic entity service (./service.ts) and what it may do, apart so that its module stays short. */
import type { Locale } from '../../shared/constants.js';
import type { ActionUser } from './actions.js';
import type { ScopeFilter } from './scope.js';

/** Who is calling, from the request (handlers build it; services never see Fastify). */
export interface Caller {
  userId: number;
  username: string;
  deptId: number | null;
  ip: string;
  locale: Locale;
  /** The request it came with: per-request answers (roles) are asked once for it. */
  request?: object;
}

/** What a caller may do: permission codes, data scope and the `user` of action conditions. */
export interface Access {
  codes: Set<string>;
  scope: ScopeFilter;
  /** The `user` of action conditions. */
  user: ActionUser;
}

/** A validated, authorised new record of `EntityService.prepareAdd`, ready for `insertPrepared`. */
export interface PreparedAdd {
  access: Access;
  row: Record<string, unknown>;
}
