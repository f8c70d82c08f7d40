import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportRenderer } from '../../src/exports/render-pool';
import { enqueueReportDelivery } from '../../src/jobs/report-jobs';
import exportLimitsPlugin, { answersFile, DEFAULT_EXPORT_LIMITS } from '../../src/plugins/app/export-limits';
import { build, type TestContext } from '../helper';

/**
 * Export classes (issue 18 item 4, plugins/app/export-limits.ts) hold for every route, those added
 * later included: the route table says which routes answer files, and each of them has the
 * `download` class (rate and concurrency caps); a file route without it cannot even register, and
 * an attachment sent without it is refused.
 */
describe('export classes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every route that answers a file (PDF, xlsx, CSV) the download class, and only those', () => {
    const files = t.app.routeTable.filter((route) => answersFile({ url: route.url, schema: route }));
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(files.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/campaigns\/:campaign_id\/report\.pdf$/),
        expect.stringMatching(/\/campaigns\/month-over-month\.pdf$/),
        expect.stringMatching(/\/campaigns\/self-service\/:campaign_id\/report\.pdf$/),
        expect.stringMatching(/\/products\/csv$/),
        expect.stringMatching(/\/leads\/csv$/),
      ]),
    );
    for (const route of files) expect(route.exportClass, `${route.method} ${route.url}`).toBe('download');
    const downloads = t.app.routeTable.filter((route) => route.exportClass === 'download');
    expect(downloads.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      files.map((r) => `${r.method} ${r.url}`).sort(),
    );
    for (const route of downloads) expect(route.method).toBe('GET');
  });

  it('gives the routes that enqueue report jobs the report-job class', () => {
    const jobs = t.app.routeTable
      .filter((route) => route.exportClass === 'report-job')
      .map((r) => `${r.method} ${r.url.replace(/^.*\/campaigns/, '')}`);
    expect(jobs.sort()).toEqual([
      'POST /month-over-month/excel',
      'POST /report-generator',
      'POST /report-schedules/:schedule_id/send-now',
    ]);
  });

  describe('a route added without its class', () => {
    const renderer: ExportRenderer = {
      threads: 1,
      render: () => Promise.reject(new Error('not used')),
      close: () => Promise.resolve(),
    };
    async function bareApp() {
      const app = Fastify();
      await app.register(rateLimit, { global: false });
      await app.register(exportLimitsPlugin, { renderer, limits: DEFAULT_EXPORT_LIMITS });
      return app;
    }

    it('cannot register when its path or produces says it answers a file', async () => {
      for (const [url, produces] of [
        ['/x/report.pdf', undefined],
        ['/x/table/csv', undefined],
        ['/x/book.xlsx', undefined],
        ['/x/download', ['application/pdf']],
      ] as const) {
        const app = await bareApp();
        expect(() => app.get(url, { schema: produces ? { produces: [...produces] } : {} }, async () => 'x')).toThrow(
          /declares no export class/,
        );
        await app.close();
      }
    });

    it('is refused when it sends an attachment anyway', async () => {
      const app = await bareApp();
      app.get('/x/download', async (_request, reply) =>
        reply.header('content-disposition', 'attachment; filename="x.pdf"').send('%PDF-'),
      );
      const response = await app.inject({ method: 'GET', url: '/x/download' });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.body).not.toContain('%PDF-');
      await app.close();
    });

    it('cannot enqueue a report job', async () => {
      const app = await bareApp();
      app.post('/x/report', async (request) => {
        await enqueueReportDelivery(app as never, request, {
          kind: 'month-over-month',
          organizationId: 1,
          dealershipId: 101,
          today: '2026-11-25',
          email: 'x@example.test',
          dateFilter: '3_month',
        });
        return { queued: true };
      });
      const response = await app.inject({ method: 'POST', url: '/x/report' });
      expect(response.statusCode).toBe(500);
      expect(response.body).toContain("without the 'report-job' export class");
      await app.close();
    });
  });
});
