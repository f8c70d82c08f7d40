import fs from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import { routes } from './router';

/**
 * Every page of the router and the browser test that runs axe-core on it (docs/accessibility.md):
 * `[spec file, the name it passes to expectAccessible]`, or 'redirect' for a route that only
 * sends the user elsewhere. A route added to router.tsx fails this test until it is listed here
 * with the scan that covers it.
 */
const axeScans: Record<string, readonly [string, string] | 'redirect'> = {
  '/login': ['accessibility.spec.ts', 'sign-in'],
  '/sign-in': 'redirect',
  '/accept-invitation': ['accounts.spec.ts', 'accept invitation'],
  '/forgot-password': ['accounts.spec.ts', 'forgot password'],
  '/reset-password': ['accounts.spec.ts', 'reset password'],
  '/dashboard/agency/:organizationId/overview': ['accounts.spec.ts', 'agency overview'],
  '/dashboard/agency/:organizationId/users': ['accounts.spec.ts', 'users admin'],
  '/dashboard/agency/:organizationId/audit-log': ['accounts.spec.ts', 'audit log'],
  '/dashboard/agency/:organizationId/data-health': ['trust.spec.ts', 'data health'],
  '/dashboard/agency/:organizationId/alerts': ['alerts.spec.ts', 'alert centre'],
  '/dashboard/agency/:organizationId/attribution': ['attribution.spec.ts', 'attribution settings'],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/inventory/insights': [
    'attribution.spec.ts',
    'inventory insights',
  ],
  '/dashboard/agency/:organizationId/branding': ['branding.spec.ts', 'branding settings'],
  '/admin/agencies': ['branding.spec.ts', 'agencies admin'],
  '/': 'redirect',
  '/dashboard/agency/:organizationId': ['accessibility.spec.ts', 'agency not found'],
  '/dashboard/agency/:organizationId/*': ['accessibility.spec.ts', 'page not found'],
  '/*': ['accessibility.spec.ts', 'page not found'],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/*': 'redirect',
  '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/*': 'redirect',
  '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/list': [
    'accessibility.spec.ts',
    'managed list (table)',
  ],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/self-service/list': [
    'accessibility.spec.ts',
    'self-service list',
  ],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/breakdown': [
    'accessibility.spec.ts',
    'month over month',
  ],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/breakdown/create': [
    'accessibility.spec.ts',
    'report generator',
  ],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/self-service/:campaignId': [
    'self-service.spec.ts',
    'self-service report',
  ],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/:product/:campaignId': [
    'accessibility.spec.ts',
    'report ${code}',
  ],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/inventory': ['accessibility.spec.ts', 'inventory'],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/inventory/vehicles/:vin': [
    'accessibility.spec.ts',
    'vehicle page',
  ],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/customers/audiences/:audienceId/details': [
    'accessibility.spec.ts',
    'audience details',
  ],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/accounts': ['accessibility.spec.ts', 'linked platforms'],
  '/dashboard/agency/:organizationId/dealership/:dealershipId/sales': ['sales-upload.spec.ts', 'sales upload'],
  // The create modal under both list tabs.
  ...Object.fromEntries(
    ['list', 'self-service/list'].flatMap((tab) => {
      const base = `/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/${tab}/create`;
      return [
        [base, ['accessibility.spec.ts', 'campaign source']],
        [`${base}/select`, ['accessibility.spec.ts', 'campaign source']],
        [`${base}/terms`, ['accessibility.spec.ts', 'terms']],
        [`${base}/new`, ['campaign-wizard.spec.ts', 'wizard step 1 (type)']],
        [`${base}/import/*`, ['accessibility.spec.ts', 'import']],
        [`${base}/*`, 'redirect'],
      ];
    }),
  ),
};

/** Full path patterns of the routes that render a page of their own (layouts excluded). */
function pageRoutePatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index || !route.path ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    // One report route per product code: they share one page, listed once as :product.
    const segment = (route.handle as { productSegment?: string } | undefined)?.productSegment;
    const pattern = segment ? own.replace(`/${segment}/`, '/:product/') : own;
    const children = route.children ?? [];
    const isLayout = children.some((child) => child.index);
    return [...(route.lazy && !isLayout ? [pattern] : []), ...pageRoutePatterns(children, own)];
  });
}

it('every page route is checked by axe-core in a browser test (or only redirects)', () => {
  const pages = [...new Set(pageRoutePatterns(routes))].sort();
  expect(pages.length).toBeGreaterThan(20);
  expect(pages).toEqual(Object.keys(axeScans).sort());
  for (const [pattern, scan] of Object.entries(axeScans)) {
    if (scan === 'redirect') continue;
    const [spec, name] = scan;
    // Vitest runs from the repository root (vitest.config.ts).
    const source = fs.readFileSync(path.join(process.cwd(), 'apps/web/e2e', spec), 'utf8');
    expect(source, `${pattern}: ${spec} runs expectAccessible on '${name}'`).toMatch(
      new RegExp(`expectAccessible\\(page, [\`'](${name.replace(/[()$.{}]/g, '\\$&')})`),
    );
  }
});
