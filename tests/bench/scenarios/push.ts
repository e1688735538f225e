/**
 * The `push` scenario: a reminder reaches PUSH_CLIENTS websocket clients connected to one server
 * process. The clients run in the bench process, on 127.0.0.1 only, several per person over the sessions
 * that ./flow.ts addSessions wrote (each announces its user with `{type:'login', uid}` on a socket upgraded
 * with X-Token / X-uuid, and counts once the server answers `bound`). Then one product action reminds every
 * one of those people and the time from sending the action to the last client's `{type:1}` is measured.
 */
import fs from 'node:fs';
import { WebSocket } from 'ws';
import type { BenchSession } from './flow.js';
import { request, type Server } from '../lib.js';

export const PUSH_CLIENTS = Number(process.env.BENCH_PUSH_CLIENTS ?? 5_000);
/** People whose sockets are opened (the seeded organisation has about 300 besides demo). */
export const PUSH_USERS = Number(process.env.BENCH_PUSH_USERS ?? 300);

/** Soft limit of open files of process `pid` ('self' for this one). */
export function fdLimit(pid: number | 'self'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === 'unlimited' ? Infinity : Number(soft);
}

/** What one push run measured (ms from sending the action). */
export interface PushResult {
  clients: number;
  people: number;
  connectSeconds: number;
  answeredMs: number;
  firstMs: number;
  lastMs: number;
  received: number;
}

/**
 * Connects PUSH_CLIENTS clients to `ws://127.0.0.1:<port>/api/Msg/socket` over `sessions`, then calls
 * `trigger` (the action that reminds them all) and waits up to 30 s for every client's push.
 */
export async function runPush(port: number, sessions: BenchSession[], trigger: () => Promise<void>): Promise<PushResult> {
  const url = `ws://127.0.0.1:${port}/api/Msg/socket`;
  const sockets: WebSocket[] = [];
  const got = new Float64Array(PUSH_CLIENTS);
  let t0 = Infinity;
  let received = 0;
  let allIn: () => void = () => undefined;
  const connect = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const s = sessions[i % sessions.length];
      const ws = new WebSocket(url, { headers: { 'x-token': s.token, 'x-uuid': s.uuid }, perMessageDeflate: false });
      sockets[i] = ws;
      const timer = setTimeout(() => reject(new Error(`client ${i} not bound within 30 s`)), 30_000);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'login', uid: s.userId })));
      ws.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      ws.on('message', (data) => {
        const at = performance.now();
        const m = JSON.parse(String(data)) as { type: unknown };
        if (m.type === 'bound') {
          clearTimeout(timer);
          resolve();
        } else if (m.type === 1 && !got[i] && at >= t0) {
          got[i] = at;
          if (++received === PUSH_CLIENTS) allIn();
        } else if (m.type === 'error') {
          clearTimeout(timer);
          reject(new Error(`client ${i} refused: ${JSON.stringify(m)}`));
        }
      });
    });
  try {
    const c0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < PUSH_CLIENTS) await connect(next++);
      }),
    );
    const connectSeconds = (performance.now() - c0) / 1000;
    const done = new Promise<void>((resolve) => {
      allIn = resolve;
      setTimeout(resolve, 30_000).unref();
    });
    t0 = performance.now();
    await trigger();
    const answeredMs = performance.now() - t0;
    await done;
    let first = Infinity;
    let last = 0;
    for (const at of got) {
      if (!at) continue;
      first = Math.min(first, at - t0);
      last = Math.max(last, at - t0);
    }
    return { clients: PUSH_CLIENTS, people: Math.min(sessions.length, PUSH_CLIENTS), connectSeconds, answeredMs, firstMs: first, lastMs: last, received };
  } finally {
    for (const ws of sockets) ws?.terminate();
  }
}
/** The push scenario: PUSH_CLIENTS sockets, then demo starts a 或签 (flowtest.any) naming every socket's user. */
export async function measurePush(
  app: Server,
  s: { name: string; target: number | null },
  headers: Record<string, string>,
  pushSessions: BenchSession[],
): Promise<void> {
  const need = PUSH_CLIENTS + 256;
  const limits = { bench: fdLimit('self'), app: fdLimit(app.pid) };
  if (limits.bench < need || limits.app < need)
    throw new Error(`open-file limits too low for ${PUSH_CLIENTS} sockets (bench ${limits.bench}, app ${limits.app}; need ${need}): raise ulimit -n`);
  const people = [...new Set(pushSessions.map((p) => p.userId))];
  const r = await runPush(app.port, pushSessions, async () => {
    const a = await request(
      app.port,
      '/api/flow/start',
      { defId: 'flowtest.any', title: '关于全员参加安全生产培训的通知', data: { approvers: people } },
      headers,
    );
    if (a.code !== 0) throw new Error(`flow/start answered ${JSON.stringify(a).slice(0, 200)}`);
  });
  console.log(
    `push: ${r.clients} clients of ${r.people} people connected and bound in ${r.connectSeconds.toFixed(1)} s (open-file limits: bench ${limits.bench}, app ${limits.app}); ` +
      `trigger: flow/start of flowtest.any (或签) by demo naming those ${people.length} people (a 待办 reminder each), answered in ${r.answeredMs.toFixed(0)} ms`,
  );
  const ok = r.received === r.clients && s.target != null && r.lastMs <= s.target;
  console.log(
    `${s.name}: ${r.received}/${r.clients} clients got {type:1}, first after ${r.firstMs.toFixed(0)} ms, last after ${r.lastMs.toFixed(0)} ms from sending the action ` +
      `(target ≤ ${s.target} ms) ${ok ? 'OK' : 'OVER TARGET'}`,
  );
}
