/** The callers and inputs of the approval runtime (./runtime.ts FlowRuntime), apart so that its module stays short. */
import type { Locale } from '../../../shared/constants.js';

/** Who acts. */
export interface FlowCaller {
  userId: number;
  deptId: number | null;
  locale: Locale;
  /** users.is_admin or sysadmin: may view every instance. */
  admin?: boolean;
  /**
   * Holds the 督办 permission (./supervise.ts SUPERVISE_CODE): may view and urge (催办) every instance started in the
   * units he oversees (../scope.ts overseenDepartments), decides nothing.
   */
  supervisor?: boolean;
}

/** What `start` is given (see FlowRuntime.start). */
export interface StartInput {
  defId: string;
  title: string;
  data?: Record<string, unknown>;
  picks?: Record<string, number[]>;
  entity?: string | null;
  recordId?: number | null;
  draft?: boolean;
  opinion?: string;
}
