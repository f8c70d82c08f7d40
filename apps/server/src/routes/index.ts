import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationList } from '@portal/contracts';
import type { RouteModule, RouteOptions } from './route-module';
import adminIngestRoutes from './api/admin/ingest';
import inventoryDataProviderRoutes from './api/admin/inventory-data-providers';
import agencyRoutes from './api/agencies';
import analyticsRoutes from './api/analytics';
import authRoutes from './api/auth';
import campaignDraftRoutes from './api/campaign-drafts';
import campaignReportRoutes from './api/campaign-reports';
import campaignRoutes from './api/campaigns';
import campaignReportPdfRoutes from './api/exports/campaign-report-pdf';
import filesRoutes from './api/files';
import healthRoutes from './api/health';
import inventoryRoutes from './api/inventory';
import referenceRoutes from './api/reference';
import reportRoutes from './api/reports';
import monthOverMonthRoutes from './api/reports/month-over-month';
import emailDomainRoutes from './api/reports/email-domains';
import selfServiceCampaignRoutes from './api/self-service/campaigns';
import selfServiceOAuthRoutes from './api/self-service/oauth';
import platformRoutes from './api/self-service/platforms';
import uploadsRoutes from './api/uploads';
import accountRoutes from './api/auth/accounts';
import userRoutes from './api/users';
import auditRoutes from './api/audit';
import agencyOverviewRoutes from './api/agency-overview';
import trustRoutes from './api/trust';
import alertRoutes from './api/alerts';
import brandingRoutes from './api/branding';
import annotationRoutes from './api/annotations';
import salesRoutes from './api/sales';
import attributionRoutes from './api/attribution';

export type { RouteModule, RouteOptions } from './route-module';

/**
 * The route modules, by area. Each registers the handlers of its operations (`registerOperation`,
 * routes/register.ts); paths, schemas and route config come from the descriptors of
 * @portal/contracts, so a module carries no prefix and the order here does not matter.
 */
const routeModules: RouteModule[] = [
  healthRoutes,
  authRoutes,
  agencyRoutes,
  emailDomainRoutes,
  adminIngestRoutes,
  inventoryDataProviderRoutes,
  campaignRoutes,
  analyticsRoutes,
  campaignReportRoutes,
  campaignReportPdfRoutes,
  reportRoutes,
  monthOverMonthRoutes,
  selfServiceCampaignRoutes,
  platformRoutes,
  selfServiceOAuthRoutes,
  referenceRoutes,
  filesRoutes,
  campaignDraftRoutes,
  inventoryRoutes,
  uploadsRoutes,
  accountRoutes,
  userRoutes,
  auditRoutes,
  agencyOverviewRoutes,
  trustRoutes,
  alertRoutes,
  brandingRoutes,
  annotationRoutes,
  salesRoutes,
  attributionRoutes,
];

/**
 * Every API route, in one scope (issue 19 §3): the tenant check and the CSRF hook of
 * plugins/app/auth.ts apply to each from its descriptor (a path naming `:organization_id` is a
 * tenant route). Refuses to start when the registered routes and the operation registry of
 * @portal/contracts differ — an operation without a handler, or an /api route without a descriptor.
 */
export const apiRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  const before = app.routeTable.length;
  for (const module of routeModules) await app.register(module, options);
  checkRoutesMatchOperations(app.routeTable.slice(before));
};

/** Throws unless the routes (method, URL) are exactly the operations of the registry. */
export function checkRoutesMatchOperations(routes: FastifyInstance['routeTable']): void {
  const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
  const described = new Set(operationList.map((operation) => `${operation.method} ${operation.path}`));
  const missing = [...described].filter((label) => !registered.has(label));
  const undescribed = [...registered].filter((label) => !described.has(label));
  if (missing.length > 0) throw new Error(`Operations without a handler: ${missing.join(', ')}`);
  if (undescribed.length > 0) throw new Error(`Routes without an operation descriptor: ${undescribed.join(', ')}`);
}
