/**
 * What an area definition (`area.json`, FORMATS.md "Area") declares it provides to pages besides routes and
 * permission codes: the optional approval-page panels its client module registers (engine/renderers/registry.ts
 * registerApprovalExtra). An approval page may name only extras some area declares (engine/schema/lintPage.ts).
 */

/** The provided-capability fields of an area definition. */
export interface AreaProvides {
  /** Keys of the approval-page panels the area's client module registers (e.g. 公文: favorite, attachmentsZip, related). */
  approvalExtras?: string[];
}
