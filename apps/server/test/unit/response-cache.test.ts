import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeListener } from '../../src/db/change-notifications';
import httpCachePlugin from '../../src/plugins/external/http-cache';

/**
 * The response cache of plugins/external/http-cache.ts on a small app: a fake change feed the test
 * drives, a stand-in for requireTenant (a user from a header, 401 without), and routes that count
 * how often they run.
 */
async function setup(options: { maxBytes?: number; listening?: boolean } = {}) {
  let listener: ChangeListener | undefined;
  let now = new Date('2026-11-15T17:59:00Z');
  const runs = { cached: 0, plain: 0 };
  let duringRun: (() => void) | undefined;
  const app = Fastify();
  await app.register(httpCachePlugin, {
    database: {
      listen: async (l) => {
        listener = l;
        return async () => {};
      },
    },
    maxBytes: options.maxBytes ?? 1024 * 1024,
    clock: () => now,
  });
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      const user = request.headers['x-user'];
      if (!user) return reply.code(401).send({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
      request.user = { id: Number(user), email: '', name: '', organization_id: 1, dealership_ids: [], role_id: 2 };
    });
    scope.get('/api/numbers', { config: { responseCache: true } }, async (request) => {
      runs.cached += 1;
      duringRun?.();
      return { run: runs.cached, user: request.user?.id, query: request.query };
    });
    scope.get('/api/signed', async () => {
      runs.plain += 1;
      return { run: runs.plain };
    });
  });
  await app.ready();
  opened.push(app);
  // Notifications arriving, unless the test starts without them (a cache of size 0 does not listen).
  if (options.listening ?? true) listener?.listening(true);
  const get = (url: string, user = '7', headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'x-user': user, ...headers } });
  return {
    app,
    get,
    runs,
    feed: () => listener!,
    setNow: (date: Date) => (now = date),
    duringRun: (f: (() => void) | undefined) => (duringRun = f),
  };
}

const opened: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

describe('response cache (plugins/external/http-cache.ts)', () => {
  it('serves a kept answer without running the route until a change is notified', async () => {
    const s = await setup();
    const first = await s.get('/api/numbers?x=1');
    const second = await s.get('/api/numbers?x=1');
    expect(first.json()).toEqual({ run: 1, user: 7, query: { x: '1' } });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(s.runs.cached).toBe(1);
    // Another URL, another user: answers of their own.
    expect((await s.get('/api/numbers?x=2')).json().run).toBe(2);
    expect((await s.get('/api/numbers?x=1', '8')).json()).toMatchObject({ run: 3, user: 8 });
    // A committed change anywhere empties the cache.
    s.feed().changed('portal_data_changed', '');
    expect((await s.get('/api/numbers?x=1')).json().run).toBe(4);
    expect((await s.get('/api/numbers?x=1')).json().run).toBe(4);
  });

  it('checks the session before serving a kept answer, and answers 304 to a matching If-None-Match', async () => {
    const s = await setup();
    const first = await s.get('/api/numbers');
    expect((await s.get('/api/numbers', '')).statusCode).toBe(401);
    const revalidated = await s.get('/api/numbers', '7', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(s.runs.cached).toBe(1);
  });

  it('does not keep an answer computed while a change arrived', async () => {
    const s = await setup();
    s.duringRun(() => s.feed().changed('portal_data_changed', ''));
    await s.get('/api/numbers');
    s.duringRun(undefined);
    expect((await s.get('/api/numbers')).json().run).toBe(2);
    expect((await s.get('/api/numbers')).json().run).toBe(2);
  });

  it('neither serves nor keeps while it cannot hear changes, and starts empty when it can again', async () => {
    const s = await setup({ listening: false });
    // Not listening yet (the connection is still opening).
    await s.get('/api/numbers');
    await s.get('/api/numbers');
    expect(s.runs.cached).toBe(2);
    s.feed().listening(true);
    await s.get('/api/numbers');
    await s.get('/api/numbers');
    expect(s.runs.cached).toBe(3);
    s.feed().listening(false);
    await s.get('/api/numbers');
    expect(s.runs.cached).toBe(4);
    s.feed().listening(true);
    await s.get('/api/numbers');
    expect(s.runs.cached).toBe(5);
  });

  it('keeps answers per half hour, so "today" is never served from yesterday', async () => {
    const s = await setup();
    await s.get('/api/numbers');
    s.setNow(new Date('2026-11-15T17:59:59Z'));
    await s.get('/api/numbers');
    expect(s.runs.cached).toBe(1);
    // 18:00 UTC is midnight in America/Chicago (CST): a new bucket.
    s.setNow(new Date('2026-11-15T18:00:00Z'));
    await s.get('/api/numbers');
    expect(s.runs.cached).toBe(2);
  });

  it('leaves routes without config.responseCache alone, and keeps nothing when its size is 0', async () => {
    const s = await setup();
    await s.get('/api/signed');
    const again = await s.get('/api/signed');
    expect(again.json().run).toBe(2);
    expect(again.headers.etag).toMatch(/^"[\w-]+"$/);

    const off = await setup({ maxBytes: 0 });
    await off.get('/api/numbers');
    await off.get('/api/numbers');
    expect(off.runs.cached).toBe(2);
  });
});
