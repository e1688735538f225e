/**
 * Property-based fuzzing of every registered POST route (fast-check; 等保 2.0 input checks, SPEC §8 envelope): as
 * an administrator and as a staff member, each route gets malformed bodies of every shape — wrong types, 1 MB
 * strings, deep nesting, prototype keys, SQL and path strings, bad page sizes, arrays where objects go, JSON and
 * form-encoded. Every answer must be below HTTP 500, an envelope {code, msg, data} (or a file), and say nothing
 * of the server's insides (no stack, SQL or file path); the server must answer normally afterwards.
 *
 * The routes come from fastify itself (an onRoute hook added as the instance is created), so a new call is fuzzed
 * without being listed; the parametric route of designer-made entities is fuzzed on a form published for it. Seeded: FUZZ_SEED (default below) picks the bodies; FUZZ_RUNS (default 1) repeats each
 * shape per route and caller, e.g. `FUZZ_RUNS=50 npx vitest run --project api tests/api/fuzz.test.ts` for a long run.
 */
import dc from 'node:diagnostics_channel';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_BODIES, GENERIC_CALLS } from '../../src/server/engine/api.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1));
/** Requests in flight at once. */
const PARALLEL = 4;

interface Route {
  url: string;
  props: string[];
}

let t: TestApp;
const routes: Route[] = [];
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  // Every POST route as fastify registers it (the hook is added when the instance is created, before any route).
  const channel = dc.channel('fastify.initialization');
  const onInit = (m: unknown) => {
    (m as { fastify: { addHook: (name: 'onRoute', fn: (r: RouteOptions) => void) => void } }).fastify.addHook('onRoute', (r) => {
      if (![r.method].flat().includes('POST')) return;
      const body = (r.schema?.body ?? {}) as { properties?: Record<string, unknown> };
      routes.push({ url: r.url, props: Object.keys(body.properties ?? {}) });
    });
  };
  channel.subscribe(onInit);
  try {
    t = await createTestApp();
  } finally {
    channel.unsubscribe(onInit);
  }
  sessions.admin = sessionOf(await t.login('admin'));
  sessions.staff = sessionOf(await t.login('zhangwei'));
  // a designer-made form, so that the parametric route of designed entities (:group/:op) is fuzzed for real
  const memo = (await t.post('Template/add', { title: '备忘', key: 'memo' }, sessions.admin)).data;
  const content = { type: 'string', maxLength: 100, 'x-title': { t: 'custom.memo.field.content', d: '内容' }, 'x-kind': 'text' };
  const definition = {
    page: { layout: [{ id: 'f_content', type: 'field', field: 'content' }] },
    entity: { model: { type: 'object', properties: { content } } },
  };
  expect((await t.post('Template/set', { id: memo.id, definition }, sessions.admin)).code).toBe(0);
  const designed = routes.findIndex((r) => r.url === '/api/:group/:op');
  if (designed >= 0)
    routes.splice(designed, 1, ...GENERIC_CALLS.map((op) => ({ url: `/api/custom_memo/${op}`, props: Object.keys(GENERIC_BODIES[op].properties) })));
}, 120_000);
afterAll(async () => t?.close());

/** Values of the wrong kind, in the wrong range, or made to break out of a query or a path. */
const NASTY: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2147483648,
  // eslint-disable-next-line no-loss-of-precision -- deliberately past Number.MAX_SAFE_INTEGER: the parsed value differs from the text
  9007199254740993,
  1e308,
  -1e308,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  "1' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 UNION SELECT password_hash FROM users',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd\u0000.png',
  '%2e%2e%2f%2e%2e%2f',
  '\u0000',
  '\ud800',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  '1,2,3',
  'a,,b',
  '{"op":"like","value":"%"}',
  [],
  [null],
  [[[]]],
  [-1, 0, 'x'],
  {},
  { op: 'in', value: [] },
  { field: 'constructor', order: 'desc' },
  { constructor: 1, toString: 'x' },
];

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A body for `route`: its own keys (and a few others) with nasty values. */
const objectFor = (route: Route): fc.Arbitrary<Record<string, unknown>> => {
  const own = route.props.length ? [fc.constantFrom(...route.props)] : [];
  const key = fc.oneof(
    ...own,
    ...own,
    ...own,
    fc.constantFrom('id', 'ids', 'current', 'pageSize', 'keyword', 'filters', 'sort', 'version', 'toString', 'hasOwnProperty'),
    fc.string({ maxLength: 8 }),
  );
  return fc.dictionary(key, value, { maxKeys: 6 });
};

/** How a body goes on the wire. */
type Shape = 'json' | 'prototype' | 'toplevel' | 'form' | 'deep' | 'big' | 'paging';
const SHAPES: Shape[] = ['json', 'prototype', 'toplevel', 'form', 'deep', 'big', 'paging'];

interface Wire {
  contentType: string;
  payload: string;
}

/** `obj` as JSON text with prototype keys written into the text (an object literal cannot hold them). */
function withPrototypeKeys(obj: Record<string, unknown>): string {
  const inner = JSON.stringify(obj).slice(1, -1);
  const proto = '"__proto__":{"isAdmin":true,"admin":true},"constructor":{"prototype":{"isAdmin":true}},"prototype":{"x":1}';
  return `{${inner}${inner ? ',' : ''}${proto}}`;
}

/** Form encoding of `obj`: every value as text, lists as repeated keys, with prototype keys when `proto`. */
function formOf(obj: Record<string, unknown>, proto: boolean): string {
  // a lone surrogate cannot be percent-encoded: sent as U+FFFD
  const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));
  const parts: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    for (const x of Array.isArray(v) ? v : [v]) parts.push(`${enc(k)}=${enc(typeof x === 'object' ? JSON.stringify(x) : String(x))}`);
  }
  if (proto) parts.push('__proto__[isAdmin]=1', 'constructor[prototype][x]=1');
  return parts.join('&');
}

function wireOf(shape: Shape, route: Route, obj: Record<string, unknown>, pick: number): Wire {
  const json = (payload: string) => ({ contentType: 'application/json', payload });
  const key = route.props.length ? route.props[pick % route.props.length] : 'x';
  switch (shape) {
    case 'json':
      return json(JSON.stringify(obj));
    case 'prototype':
      return json(withPrototypeKeys(obj));
    case 'toplevel':
      return json(JSON.stringify([[obj], 'text', 42, null, true][pick % 5]));
    case 'form':
      return { contentType: 'application/x-www-form-urlencoded', payload: formOf(obj, pick % 2 === 1) };
    case 'deep': {
      const depth = 3000;
      const nest = pick % 2 ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
      return json(`{"${key}":${nest}}`);
    }
    case 'big':
      return json(JSON.stringify({ ...obj, [key]: 'x'.repeat(1024 * 1024) }));
    case 'paging': {
      // form-encoded every other time: the numbers arrive as text, and "1e999" is coerced to Infinity
      if (pick % 2) return { contentType: 'application/x-www-form-urlencoded', payload: formOf({ current: '1e999', pageSize: '1e999' }, false) };
      return json(JSON.stringify({ current: [-1, 0, 1e308, 'NaN', 2.5][pick % 5], pageSize: [-5, 0, 1e9, 'x', 1e-9][(pick + 2) % 5] }));
    }
  }
}

/** What an answer must never show: stack frames, file paths, SQL or driver errors. */
const LEAK =
  /\bat [^\s]+ \(|node_modules|\/work\/|\/src\/server|\.[cm]?[jt]s:\d+|SQLITE_|no such (column|table)|syntax error|violates|duplicate key|relation "|does not exist|\bselect\b.+\bfrom\b|TypeError|RangeError|ReferenceError|Cannot read prop|\[object Object\]/i;

/** The texts of a sent body (and their JSON forms), longest first: a message may quote them. */
function echoed(body: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' && v.length > 2) {
      out.add(v);
      out.add(JSON.stringify(v).slice(1, -1));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        walk(k);
        walk(x);
      }
    }
  };
  walk(body);
  return [...out].sort((a, b) => b.length - a.length);
}

interface Problem {
  route: string;
  who: string;
  shape: Shape;
  status: number;
  answer: string;
  sent: string;
}

describe('fuzzing every POST route', () => {
  it('never answers 5xx, always an envelope, never a stack, SQL or path, and stays healthy', async () => {
    const targets = routes.filter((r) => r.url !== '/api/Index/logout' && !r.url.startsWith('/api/Login/'));
    // Signing in and out: anonymous only (a fuzzed logout would end the session the fuzz uses).
    const anonymous = routes.filter((r) => r.url === '/api/Index/logout' || r.url.startsWith('/api/Login/'));
    expect(targets.length).toBeGreaterThan(200);
    const problems: Problem[] = [];
    let sent = 0;
    let fivexx = 0;
    let seq = 0;
    const jobs: (() => Promise<void>)[] = [];
    for (const [ri, route] of [...targets, ...anonymous].entries()) {
      const url = route.url;
      const callers = ri < targets.length ? ['admin', 'staff'] : ['anonymous'];
      const bodies = fc.sample(objectFor(route), { seed: SEED + ri, numRuns: SHAPES.length * RUNS * callers.length });
      let b = 0;
      for (const who of callers) {
        for (let run = 0; run < RUNS; run++) {
          for (const shape of SHAPES) {
            const pick = b++;
            jobs.push(async () => {
              // built when sent: a million-character body is not kept for every job
              const wire = wireOf(shape, route, bodies[pick], pick);
              seq++;
              const session = sessions[who];
              const res = await t.app.inject({
                method: 'POST',
                url,
                payload: wire.payload,
                remoteAddress: `10.77.${(seq >> 8) & 255}.${seq & 255}`,
                headers: { 'content-type': wire.contentType, ...(session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {}) },
              });
              sent++;
              const problem = (answer: string): void =>
                void problems.push({ route: url, who, shape, status: res.statusCode, answer: answer.slice(0, 300), sent: wire.payload.slice(0, 200) });
              if (res.statusCode >= 500) fivexx++;
              const type = String(res.headers['content-type'] ?? '');
              if (!type.includes('application/json')) {
                // a file (export, download) is a success answer; anything else must be an envelope
                if (res.statusCode >= 400 || !/spreadsheet|octet-stream|pdf|zip|word|image|text\/plain/.test(type))
                  problem(`${type}: ${res.body.slice(0, 200)}`);
                return;
              }
              let env: { code?: unknown; msg?: unknown; data?: unknown };
              try {
                env = res.json();
              } catch {
                return problem(`not JSON: ${res.body}`);
              }
              if (res.statusCode >= 500 || typeof env.code !== 'number' || typeof env.msg !== 'string' || !('data' in env)) return problem(res.body);
              // a message may name what was sent ("定义不存在：<id>"): only what the server adds is checked
              const own = (text: string) => echoed(bodies[pick]).reduce((x, sent) => x.split(sent).join(''), text);
              if (env.code !== 0 && (LEAK.test(own(env.msg)) || LEAK.test(own(JSON.stringify(env.data ?? null))))) return problem(res.body);
            });
          }
        }
      }
    }
    for (let i = 0; i < jobs.length; i += PARALLEL) await Promise.all(jobs.slice(i, i + PARALLEL).map((j) => j()));

    console.log(
      `fuzz: seed ${SEED}, runs ${RUNS}, ${targets.length + anonymous.length} routes fuzzed, ${sent} requests sent, ${fivexx} answers 5xx, ${problems.length} problems`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    expect(fivexx).toBe(0);

    // healthy afterwards: the health call, a fresh sign-in and real calls
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ code: 0, data: { status: 'up' } });
    const fresh = sessionOf(await t.login('admin'));
    expect((await t.post('Person/userInfo', {}, fresh)).code).toBe(0);
    const users = await t.post('Users/list', { pageSize: 5 }, fresh);
    expect(users.code).toBe(0);
    expect(users.data.total).toBeGreaterThan(5);
  }, 600_000);
});
