/**
 * API group `position` (SPEC §2.3 /organization/position): list/info/add/edit/del of
 * `organization.position` over the `positions` table, the generic resource contract
 * (services/orgCrud.ts). Administrators write; see ../Users/access.ts.
 */
import type { FastifyInstance } from 'fastify';
import { positionResource } from '../services/orgRoles.js';
import { registerResource } from './users/access.js';

/** Registers the position calls. */
export function register(app: FastifyInstance): void {
  registerResource(app, 'position', positionResource);
}
