import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignParamsSchema,
  campaignsSummarySchema,
  errorResponseSchema,
  getManagedCampaignQuerySchema,
  listManagedCampaignsQuerySchema,
  listManagedCampaignsResponseSchema,
  managedCampaignDetailSchema,
  tenantParamsSchema,
  localDate,
  monthStart,
} from '@portal/contracts';
import { notFound } from '../../../lib/errors';
import { getCampaignsSummary, getManagedCampaign, listManagedCampaigns } from '../../../repositories/campaigns';
import { getOrganization } from '../../../repositories/dealerships';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * Managed campaigns of a dealership (spec 000 §2.3, §7). Every route runs `requireTenant` before
 * any query: the session must own the organization and dealership of the path, else 404.
 */
const campaignRoutes: FastifyPluginAsyncZod<{ clock: () => Date }> = async (app, options) => {
  /**
   * `GET .../campaigns?pageIndex&pageSize&sorting&filters&startDate&endDate` → `{ data, pagination: { total } }`.
   * Metrics (impressions, clicks, views) are summed over the inclusive date range; `ctr` is a
   * percent to two decimals or null; money in dollars. Sort ids of `managedCampaignSortColumns`,
   * filter ids of `managedCampaignFilterColumns`; any other id (`__proto__` included) → 400
   * VALIDATION_FAILED (issue 18).
   */
  app.get(
    '/campaigns',
    {
      config: { responseCache: true },
      schema: {
        tags: ['campaigns'],
        summary: 'Managed campaign list with metrics over a date range',
        params: tenantParamsSchema,
        querystring: listManagedCampaignsQuerySchema,
        response: { 200: listManagedCampaignsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { data, total } = await listManagedCampaigns(app.db, {
        dealershipId: request.params.dealership_id,
        ...request.query,
      });
      return { data, pagination: { total } };
    },
  );

  /** `GET .../campaigns/summary` → month-to-date active campaigns, impressions and clicks (organization's time zone). */
  app.get(
    '/campaigns/summary',
    {
      config: { responseCache: true },
      schema: {
        tags: ['campaigns'],
        summary: 'Month-to-date summary cards',
        params: tenantParamsSchema,
        response: { 200: campaignsSummarySchema, ...errors },
      },
    },
    async (request) => {
      const organization = await getOrganization(app.db, { organizationId: request.params.organization_id });
      const today = localDate(options.clock(), organization?.timeZone ?? 'America/Chicago');
      return getCampaignsSummary(app.db, {
        dealershipId: request.params.dealership_id,
        monthStart: monthStart(today),
        today,
      });
    },
  );

  /** `GET .../campaigns/{campaign_id}?startDate&endDate` → the campaign, its totals and daily rows over the range; 404 if not the dealership's. */
  app.get(
    '/campaigns/:campaign_id',
    {
      config: { responseCache: true },
      schema: {
        tags: ['campaigns'],
        summary: 'A managed campaign with totals and daily delivery',
        params: campaignParamsSchema,
        querystring: getManagedCampaignQuerySchema,
        response: { 200: managedCampaignDetailSchema, ...errors },
      },
    },
    async (request) => {
      const campaign = await getManagedCampaign(app.db, {
        dealershipId: request.params.dealership_id,
        campaignId: request.params.campaign_id,
        ...request.query,
      });
      if (!campaign) throw notFound('Campaign not found');
      return campaign;
    },
  );
};
export default campaignRoutes;
