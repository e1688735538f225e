/**
 * 0012: the 督办 list of a supervisor (src/server/engine/flow/supervise.ts) reads every running instance, newest
 * first: (status, id) lets a page be read in order from the index and the count read the index alone, instead
 * of scanning flow_instances.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0012_flow_instance_status_index',
  async up(_db, d) {
    await d.index('flow_instances', ['status', 'id']);
  },
};
