/**
 * Organisation shapes the server answers and the front end reads (selector calls, `refs` of list answers,
 * `_refs` of info answers). Pure types.
 */

/** A department in the selector: own name (tree calls) or full title 单位 + 科室 (search, officeslist). */
export interface SelectorDept {
  id: number;
  title: string;
  kind: 'unit' | 'dept';
  parentId: number | null;
  hasChildren: boolean;
  children?: SelectorDept[];
}

/** A person in the selector, with their (primary or matching) department and position. */
export interface SelectorUser {
  id: number;
  realname: string;
  username: string;
  deptId: number | null;
  deptTitle: string;
  position: string | null;
}

/** Display names of users and departments by id. */
export interface RefNames {
  users: Record<string, string>;
  depts: Record<string, string>;
  /**
   * Labels of the records reference fields (kind `record`) point at: field → record id → the target's label field.
   * Present when the entity has reference fields; a referenced record that no longer exists has no label.
   */
  records?: Record<string, Record<string, string>>;
}
