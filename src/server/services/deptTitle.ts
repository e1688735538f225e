/**
 * How a department is named to the people who use it. An internal office (科室) is named with its
 * unit — 市发展和改革委员会办公室, 市政府办公室信息科 — because every unit has a 办公室 and a bare name
 * would be ambiguous in the department switch and the header.
 */

/** The facts a title needs: the department's kind and name, its parent's name and whether the parent is the root. */
export interface DeptNaming {
  kind: string;
  name: string;
  parentName: string | null;
  /** The parent's own parent_id (null when the parent is the top of the organisation). */
  parentParentId: number | null;
}

/** The display title: `<unit><office>` for an office inside a unit below the root, else the name. */
export function deptTitle(d: DeptNaming): string {
  return d.kind === 'dept' && d.parentName && d.parentParentId != null ? `${d.parentName}${d.name}` : d.name;
}
