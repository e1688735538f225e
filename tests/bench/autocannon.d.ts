/**
 * The part of autocannon's API the bench uses (the package ships no types): a run of `amount` requests over
 * `connections` keep-alive connections, each request built by `setupRequest` and its answer seen by `onResponse`.
 */
declare module 'autocannon' {
  /** One request of the sequence a connection sends. */
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: any, context: Record<string, unknown>) => any;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  /** Options of a run. */
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    amount?: number;
    timeout?: number;
    requests?: Request[];
  }
  /** What a run reports (the fields the bench reads). */
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
