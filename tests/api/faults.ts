/**
 * Fault injection for the API tests (faults-*.test.ts): free ports, a private redis-server that can be stopped
 * and started again, a TCP proxy that can stall a database connection, and the server as a child process.
 * Everything listens on 127.0.0.1 and is stopped by the test that started it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** Debian's Redis server (CI installs it; tests needing it skip only when it is absent). */
export const REDIS_SERVER = '/usr/bin/redis-server';

/** A TCP port nobody listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Resolves when 127.0.0.1:`port` accepts a connection, false after `timeoutMs` (measured with performance.now(), so
 * that a test freezing Date still gets its timeout).
 */
export async function waitForPort(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host, port }, () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
      s.setTimeout(500, () => {
        s.destroy();
        resolve(false);
      });
    });
    if (ok) return true;
    await sleep(100);
  }
  return false;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` answers true (polling every 100 ms), false after `timeoutMs` (performance.now(), as waitForPort). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

/** A redis-server of the test's own (no persistence) on `port`. */
export class PrivateRedis {
  private proc: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn(REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    if (!(await waitForPort(this.port, 10_000))) throw new Error(`redis-server did not start on ${this.port}`);
  }

  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (!p || p.exitCode != null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
  }
}

/**
 * A TCP proxy in front of `target` that can stop forwarding bytes (`stall`): connections stay open and what
 * is sent is held, as with a hung server or a dead network path; `resume` delivers what was held and forwards
 * again.
 */
export class StallingProxy {
  private server: net.Server | null = null;
  private stalled = false;
  private readonly resumers = new Set<() => void>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      const pipe = (from: net.Socket, to: net.Socket) => {
        const held: Buffer[] = [];
        const flush = () => {
          for (const b of held.splice(0)) to.write(b);
        };
        this.resumers.add(flush);
        from.on('data', (b: Buffer) => (this.stalled ? held.push(b) : to.write(b)));
        from.on('close', () => {
          this.resumers.delete(flush);
          to.destroy();
        });
        from.on('error', () => to.destroy());
      };
      pipe(client, upstream);
      pipe(upstream, client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  stall(): void {
    this.stalled = true;
  }

  resume(): void {
    this.stalled = false;
    for (const flush of this.resumers) flush();
  }

  async stop(): Promise<void> {
    this.resume();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Whether a PostgreSQL answers at `url` (DATABASE_URL, else the local default) within 2 s. */
export async function postgresUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const u = new URL(url);
  return (await waitForPort(Number(u.port || 5432), 2000, u.hostname)) ? url : null;
}

/** An answer of the server over HTTP: the envelope, the status and how long it took (ms). */
export interface HttpAnswer {
  status: number;
  body: any;
  ms: number;
}

/** POSTs (or GETs when `body` is null) to 127.0.0.1:`port``path`; `timeoutMs` bounds the wait (then status 0). */
export function httpCall(port: number, path: string, body: unknown, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<HttpAnswer> {
  const started = Date.now();
  const payload = body == null ? '' : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body == null ? 'GET' : 'POST',
        headers: body == null ? headers : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: Date.now() - started });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: null, ms: Date.now() - started }));
    req.end(payload);
  });
}

/** The server (`src/server/start.ts`) as a child process; its output is kept for the failure message. */
export class ChildServer {
  proc: ChildProcess | null = null;
  output = '';
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts it and waits until /api/health answers (up to `timeoutMs`). */
  async start(timeoutMs = 90_000): Promise<void> {
    fs.mkdirSync(this.env.DATA_DIR, { recursive: true });
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts', '--dev'], {
      env: { ...process.env, CLIENT_DIR: '/nonexistent', SEED_DEMO: '1', LOG_LEVEL: 'warn', ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    const keep = (b: Buffer) => (this.output = (this.output + b.toString()).slice(-20_000));
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    const up = await until(async () => proc.exitCode != null || (await httpCall(this.port, '/api/health', null, {}, 2000)).status === 200, timeoutMs);
    if (!up || proc.exitCode != null) throw new Error(`server did not start (exit ${proc.exitCode}):\n${this.output}`);
  }

  /** kill -9. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM (then SIGKILL after 10 s). */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(sig: NodeJS.Signals): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode != null || p.signalCode != null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill(sig);
      if (sig !== 'SIGKILL') setTimeout(() => p.kill('SIGKILL'), 10_000).unref();
    });
  }
}
