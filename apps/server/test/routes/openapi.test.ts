import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../helper';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** A route table URL in OpenAPI's spelling: `:name` → `{name}`, a wildcard `*` → `{*}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the OpenAPI document (/api/docs/json)', () => {
  it('documents exactly the app’s route table: the black-box suites take their routes from it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((label) => !label.startsWith('HEAD '))
      .sort();
    const registered = t.app.routeTable.map((route) => `${route.method} ${openApiPath(route.url)}`).sort();
    expect(documented).toEqual(registered);
  });

  it('refuses at start-up a state-changing route hidden from it', async () => {
    const { default: Fastify } = await import('fastify');
    const { guardDocumentedRoutes } = await import('../../src/app');
    const app = Fastify();
    guardDocumentedRoutes(app);
    expect(() => app.post('/api/hidden', { schema: { hide: true } }, async () => ({}))).toThrow(
      /POST \/api\/hidden is hidden from the API documentation/,
    );
    app.get('/api/docs-page', { schema: { hide: true } }, async () => ({}));
    await app.close();
  });
});
