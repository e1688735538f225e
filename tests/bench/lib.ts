/**
 * Benchmark helpers: child servers on loopback, CPU time of a process from /proc, a load of a fixed
 * number of requests by autocannon, and medians. Ratios on one machine in one run (DESIGN §9).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

const CLK_TCK = 100;

/**
 * CPU time of process `pid` in milliseconds: the sum of its threads' /proc/<pid>/task/<tid>/schedstat
 * (nanoseconds; a server's threads live as long as it does), else utime + stime of /proc/<pid>/stat
 * (10 ms ticks, too coarse for a round of hello-world requests).
 */
export function cpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended meanwhile
      }
    }
    if (ns > 0) return ns / 1e6;
  } catch {
    // no schedstat (kernel without CONFIG_SCHED_INFO): fall back to ticks
  }
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / CLK_TCK;
}

/** A started child server. */
export interface Server {
  proc: ChildProcess;
  pid: number;
  port: number;
  stop(): Promise<void>;
}

/**
 * Spawns `node --import tsx <args>` and resolves when GET/POST `readyPath` answers. With BENCH_CPU_PROF=<dir>
 * each server writes a V8 CPU profile (.cpuprofile) into <dir> when it stops.
 */
export async function startServer(args: string[], port: number, env: Record<string, string>, readyPath: string): Promise<Server> {
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode != null) throw new Error(`server ${args.join(' ')} exited with ${proc.exitCode}`);
    try {
      await request(port, readyPath, {});
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`server ${args.join(' ')} did not start`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return {
    proc,
    pid: proc.pid!,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode != null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** POSTs JSON `body` to 127.0.0.1:`port``path` and resolves with the parsed answer. */
export function request(port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.end(payload);
  });
}

/** A request body: the same for every request, or one per request (`i` = 0…count-1 within one load). */
export type Body = unknown | ((i: number) => unknown);

/**
 * Sends `count` POST requests of JSON `body` with autocannon (`concurrency` keep-alive connections, one request
 * in flight on each); rejects if any answer is not HTTP 200 with code 0. The same client drives the app and the
 * hello-world, so their ratio compares the servers alone.
 */
export async function load(port: number, path: string, body: Body, headers: Record<string, string>, count: number, concurrency = 8): Promise<void> {
  let next = 0;
  let failure: string | null = null;
  const fixed = typeof body === 'function' ? null : JSON.stringify(body);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: concurrency,
    pipelining: 1,
    amount: count,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...headers },
        body: fixed ?? '',
        setupRequest: (req: any) => (fixed == null ? { ...req, body: JSON.stringify((body as (i: number) => unknown)(next++)) } : req),
        onResponse: (status: number, text: string) => {
          if (failure) return;
          if (status !== 200) failure = `HTTP ${status}: ${text.slice(0, 200)}`;
          else if (!text.startsWith('{"code":0')) {
            try {
              if (JSON.parse(text).code !== 0) failure = text.slice(0, 200);
            } catch {
              failure = text.slice(0, 200);
            }
          }
        },
      },
    ],
  });
  if (failure) throw new Error(`${path} answered ${failure}`);
  if (result.errors || result.timeouts) throw new Error(`${path}: ${result.errors} errors, ${result.timeouts} timeouts of ${count} requests`);
}

/** CPU milliseconds of processes `pids` (those that ended meanwhile count 0). */
export function cpuMsOf(pids: number[]): number {
  let ms = 0;
  for (const pid of pids) {
    try {
      ms += cpuMs(pid);
    } catch {
      // the process ended
    }
  }
  return ms;
}

/** What one measured load cost: the server's CPU and that of `others` (e.g. PostgreSQL backends), ms per request. */
export interface Cost {
  server: number;
  others: number;
}

/**
 * CPU milliseconds per request of `server` while it answers `count` requests; `body` may be a function
 * giving each request its own body (e.g. a different task to approve), built on the bench side. `others`,
 * when given, lists further processes whose CPU counts apart (asked before and after the load; a process
 * present at either end counts).
 */
export async function cpuPerRequest(
  server: Server,
  path: string,
  body: Body,
  headers: Record<string, string>,
  count: number,
  others?: () => Promise<number[]>,
): Promise<number> {
  return (await costPerRequest(server, path, body, headers, count, others)).server;
}

/** `cpuPerRequest` with the CPU of `others` too. */
export async function costPerRequest(
  server: Server,
  path: string,
  body: Body,
  headers: Record<string, string>,
  count: number,
  others?: () => Promise<number[]>,
): Promise<Cost> {
  const pidsBefore = others ? await others() : [];
  const otherBefore = new Map(pidsBefore.map((p) => [p, cpuMsOf([p])]));
  const before = cpuMs(server.pid);
  await load(server.port, path, body, headers, count);
  const serverMs = cpuMs(server.pid) - before;
  let otherMs = 0;
  if (others) {
    for (const p of new Set([...pidsBefore, ...(await others())])) otherMs += cpuMsOf([p]) - (otherBefore.get(p) ?? 0);
  }
  return { server: serverMs / count, others: otherMs / count };
}

/** Requests that warm the hello-world before measuring (its CPU per request settles after several thousand). */
export const HELLO_WARM = 10_000;

/** Warms the hello-world `hello` (JIT) before its first measured round. */
export async function warmHello(hello: Server): Promise<void> {
  await load(hello.port, '/hello', {}, {}, HELLO_WARM);
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
