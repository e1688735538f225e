/**
 * 0010: the work lists filter a person's tasks by status and kind (待办: pending approve / handle / sign-for;
 * 抄送: cc / read) and order them by time then id (bench: 待办 over 5,000,000 tasks):
 * - (assignee_id, status, kind, created_at): the counts read the index alone;
 * - (assignee_id, status, created_at, id) replaces (assignee_id, status, created_at) of 0008: a page is read
 *   in its order from the index and stops after pageSize rows, without sorting the person's open tasks.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0010_flow_task_kind_index',
  async up(db, d) {
    await d.index('flow_tasks', ['assignee_id', 'status', 'kind', 'created_at']);
    await d.index('flow_tasks', ['assignee_id', 'status', 'created_at', 'id']);
    await db.schema.dropIndex('flow_tasks_assignee_id_status_created_at_idx').execute();
  },
};
