import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@portal/contracts';
import { authHeaders, build, login, type TestContext } from '../helper';

/**
 * PostgreSQL going away under load (docs/reliability.md): the app reaches its database through a
 * TCP proxy that the test cuts — every open connection reset, new ones refused, as during a database
 * restart — and then restores. While it is down the API answers 503 in the error shape within the
 * pool's connection timeout, never 500 and never a hang; afterwards it answers 200 again without a
 * restart. PostgreSQL only (the embedded PGlite runs in the server's own process).
 */

class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Resets every connection and stops listening: the database is gone. */
  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('PostgreSQL outage under load', () => {
  let t: TestContext;
  let proxy: CuttableProxy;
  let cookie: string;
  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    t = await build({
      connectThrough: (url) =>
        Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(proxy.port) }).toString(),
    });
    cookie = await login(t.app, 'agency@demo.test');
  });
  afterAll(async () => {
    await t.close();
    await proxy.cut();
  });

  const summary = () =>
    t.app.inject({
      method: 'GET',
      url: '/api/agencies/1/dealership/101/campaigns/summary',
      headers: authHeaders(cookie),
    });

  it('answers 503 in the error shape while the database is down and recovers without a restart', async () => {
    const before = await Promise.all(Array.from({ length: 20 }, summary));
    expect(before.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    // Cut while 20 requests are in flight: each ends as 200 (it finished first) or 503.
    const inFlight = Promise.all(Array.from({ length: 20 }, summary));
    await proxy.cut();
    for (const response of await inFlight) {
      expect([200, 503]).toContain(response.statusCode);
      if (response.statusCode === 503)
        expect(errorResponseSchema.parse(response.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    }

    // Answers kept in memory (docs/performance.md, response and session caches) need no database and
    // cannot be stale while nothing can commit; the process stops serving them once its listening
    // connection reports the reset — the next turn of its event loop. From then on, every request 503.
    await expect.poll(async () => (await summary()).statusCode, { timeout: 5_000, interval: 20 }).toBe(503);
    const down = await Promise.all(Array.from({ length: 10 }, summary));
    for (const response of down) {
      expect(response.statusCode).toBe(503);
      expect(errorResponseSchema.parse(response.json()).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);

    await proxy.open();
    await expect.poll(async () => (await summary()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    const after = await Promise.all(Array.from({ length: 20 }, summary));
    expect(after.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(after[0]!.json()).toEqual(before[0]!.json());
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
