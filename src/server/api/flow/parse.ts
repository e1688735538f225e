/**
 * Checks of flow/act bodies: each field is validated before the machine sees it, and a bad one
 * answers -1 naming it (`id`, `type`, `to`, `users`, `position`, `target`, `opinion`, `data`…).
 */
import type { FastifyRequest } from 'fastify';
import type { UserAction } from '../../../../engine/flow/index.js';
import { badInput } from '../../lib/errors.js';

/** Longest opinion (审批意见), characters. */
export const OPINION_MAX = 2000;
/** Most people one add-sign or cc names. */
export const ACT_USERS_MAX = 100;

const INT_MAX = 2_147_483_647;

/** The user actions flow/act accepts (timers are the system's own). */
export const ACT_TYPES = [
  'saveDraft',
  'start',
  'approve',
  'reject',
  'return',
  'transfer',
  'delegate',
  'addSign',
  'cc',
  'withdraw',
  'recall',
  'urge',
  'comment',
  'signFor',
  'read',
] as const;

/** `v` as an integer 1…max, else -1 naming `field`. */
export function positiveInt(req: FastifyRequest, v: unknown, field: string, max = INT_MAX): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw badInput(req.t('error.badParam', { field }));
  return n;
}

function users(req: FastifyRequest, v: unknown): number[] {
  if (!Array.isArray(v) || !v.length || v.length > ACT_USERS_MAX) throw badInput(req.t('error.badParam', { field: 'users' }));
  return [...new Set(v.map((x) => positiveInt(req, x, 'users')))];
}

/** The action of a flow/act body (without `actor`: the caller acts). */
export function parseAction(req: FastifyRequest, b: Record<string, any>): Omit<UserAction, 'actor'> & { type: string } {
  const type = b.type;
  if (!ACT_TYPES.includes(type)) throw badInput(req.t('error.badParam', { field: 'type' }));
  const base: Record<string, unknown> = { type };
  if (b.taskId !== undefined && b.taskId !== null && b.taskId !== '') {
    if (typeof b.taskId !== 'string' || b.taskId.length > 40) throw badInput(req.t('error.badParam', { field: 'taskId' }));
    base.taskId = b.taskId;
  }
  if (b.opinion !== undefined && b.opinion !== null) {
    if (typeof b.opinion !== 'string' || b.opinion.length > OPINION_MAX) throw badInput(req.t('error.badParam', { field: 'opinion' }));
    base.opinion = b.opinion.trim();
  }
  if (b.data !== undefined && b.data !== null) {
    if (typeof b.data !== 'object' || Array.isArray(b.data)) throw badInput(req.t('error.badParam', { field: 'data' }));
    base.data = b.data;
  }
  switch (type) {
    case 'return':
      if (typeof b.target !== 'string' || !b.target || b.target.length > 64) throw badInput(req.t('error.badParam', { field: 'target' }));
      base.target = b.target;
      if (b.resubmit !== undefined && b.resubmit !== null) {
        if (b.resubmit !== 'restart' && b.resubmit !== 'returner') throw badInput(req.t('error.badParam', { field: 'resubmit' }));
        base.resubmit = b.resubmit;
      }
      break;
    case 'transfer':
    case 'delegate':
      base.to = positiveInt(req, b.to, 'to');
      break;
    case 'addSign':
      if (!['before', 'after', 'parallel'].includes(b.position)) throw badInput(req.t('error.badParam', { field: 'position' }));
      base.position = b.position;
      base.users = users(req, b.users);
      break;
    case 'cc':
      base.users = users(req, b.users);
      base.circulate = b.circulate === true;
      break;
    case 'start':
    case 'saveDraft':
      if (b.picks !== undefined && b.picks !== null) {
        if (typeof b.picks !== 'object' || Array.isArray(b.picks)) throw badInput(req.t('error.badParam', { field: 'picks' }));
        base.picks = Object.fromEntries(Object.entries(b.picks).map(([k, v]) => [k, users(req, v)]));
      }
      break;
  }
  return base as Omit<UserAction, 'actor'> & { type: string };
}

/**
 * The `signature` flag of a flow/act body (附手写签名): true, or false when absent; -1 naming `signature`
 * for anything but a boolean (or 0 / 1). Whether the caller has one is checked against the database.
 */
export function wantsSignature(req: FastifyRequest, b: Record<string, any>): boolean {
  const v = b.signature;
  if (v === undefined || v === null || v === false || v === 0 || v === '0') return false;
  if (v === true || v === 1 || v === '1') return true;
  throw badInput(req.t('error.badParam', { field: 'signature' }));
}
