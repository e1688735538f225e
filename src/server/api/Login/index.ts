/**
 * API group `Login` (SPEC §7).
 */
import type { FastifyInstance } from 'fastify';

export function register(_app: FastifyInstance): void {}
