import autocannon from 'autocannon';

export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds, from every response of the run. */
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Runs autocannon against `url` with `connections` concurrent keep-alive connections for `duration`
 * seconds and returns the figures. Percentiles are computed from every response time (autocannon's
 * own summary has no p95).
 */
export async function runLoad(
  url: string,
  options: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<LoadFigures> {
  return figuresOf(
    autocannon({
      url,
      connections: options.connections,
      duration: options.duration,
      headers: options.headers,
      timeout: 30,
    }),
    options.duration,
  );
}

/** Runs an autocannon instance to its end, recording every response time, and sums it up. */
async function figuresOf(instance: ReturnType<typeof autocannon>, duration: number): Promise<LoadFigures> {
  const latencies: number[] = [];
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / duration),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}

/** One request of a mixed workload (autocannon cycles through them on every connection). */
export interface MixedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A mixed workload on one server (issue 8, docs/reliability.md): `connections` keep-alive
 * connections each cycling through `requests` for `duration` seconds; figures as `runLoad`, and
 * `onSecond` is called about once a second (for memory samples during a soak).
 */
export async function runMixedLoad(
  baseUrl: string,
  options: {
    connections: number;
    duration: number;
    headers: Record<string, string>;
    requests: MixedRequest[];
    onSecond?: (second: number) => void;
  },
): Promise<LoadFigures> {
  const instance = autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    timeout: 30,
    requests: options.requests.map((r) => ({
      method: r.method,
      path: r.path,
      ...(r.body ? { body: r.body } : {}),
      headers: { ...options.headers, ...(r.headers ?? {}) },
    })),
  });
  let second = 0;
  const ticker = options.onSecond ? setInterval(() => options.onSecond!((second += 1)), 1000) : undefined;
  try {
    return await figuresOf(instance, options.duration);
  } finally {
    if (ticker) clearInterval(ticker);
  }
}
