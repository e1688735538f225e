/**
 * API group `home` (SPEC §7).
 */
import type { FastifyInstance } from 'fastify';

export function register(_app: FastifyInstance): void {}
