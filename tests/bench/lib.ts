/**
 * Benchmark helpers: child servers on loopback, CPU time of a process from /proc, a keep-alive
 * load loop bounded in count, and medians. Ratios on one machine in one run (DESIGN §9).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';

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

/** Sends `count` requests with `concurrency` in flight; rejects if any answer has a non-zero code. */
export async function load(port: number, path: string, body: Body, headers: Record<string, string>, count: number, concurrency = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const r = await request(port, path, typeof body === 'function' ? (body as (i: number) => unknown)(i) : body, headers);
      if (r.code !== 0) throw new Error(`${path} answered ${JSON.stringify(r).slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * CPU milliseconds per request of `server` while it answers `count` requests; `body` may be a function
 * giving each request its own body (e.g. a different task to approve), built on the bench side.
 */
export async function cpuPerRequest(server: Server, path: string, body: Body, headers: Record<string, string>, count: number): Promise<number> {
  const before = cpuMs(server.pid);
  await load(server.port, path, body, headers, count);
  return (cpuMs(server.pid) - before) / count;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
