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
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    timeout: 30,
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / options.duration),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}
