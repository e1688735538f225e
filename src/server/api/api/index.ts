/**
 * API group `api` (SPEC §7).
 */
import type { FastifyInstance } from 'fastify';

export function register(_app: FastifyInstance): void {}
