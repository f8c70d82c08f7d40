import { pdfBrandOf } from '../../../exports/pdf/pdf-document';
import { loadBrandAssets } from '../../../repositories/branding';
import type { RouteModule } from '../../route-module';
import {
  REPORT_PAGE_SIZE,
  VENDOR_GOOGLE_ADS,
  ctrPercent,
  selfServiceCampaignOperations,
  selfServiceProductColumns,
  type PlatformStatusName,
  type SelfServiceProduct,
  type VendorId,
  vendorNames,
  localDate,
} from '@portal/contracts';
import { registerOperation } from '../../register';
import type { App } from '../../../types';
import { getDealership } from '../../../repositories/dealerships';
import { reportPdfFileName } from '../exports/campaign-report-pdf';
import { csvFileName, sendCsv } from '../../../lib/csv';
import { ApiError, forbidden, notFound } from '../../../lib/errors';
import { dealershipsOfOrganization, moveCampaign, placedCampaigns } from '../../../repositories/account-assignments';
import { inSlices, sliceOfPage } from '../../../repositories/campaign-reports/table';
import {
  campaignTotals,
  countProducts,
  dailyRows,
  insertImportedCampaigns,
  listProducts,
  listSelfServiceCampaigns,
  present,
  setStatusName,
} from '../../../repositories/self-service';
import { grantAccount, grantCampaign, seesWholeAgency } from '../../../self-service/account-scope';
import { platformFailure, withPlatform } from '../../../self-service/platform-access';
import { enqueueSync } from '../../../self-service/sync-job';
import { loadCampaign } from './load-campaign';
import { recordPausePlay, selfServiceChartNotes } from '../../../repositories/annotations';

/**
 * Self-service campaigns of a dealership (spec 001 §2.9–§2.11, §7; spec 000 §2.8). Every route runs
 * `requireTenant` first; campaign queries filter by the path's dealership.
 */
const selfServiceCampaignRoutes: RouteModule = async (fastify) => {
  const app: App = fastify;

  /**
   * `GET .../campaigns/self-service/list?pageIndex&pageSize&sorting&filters&startDate&endDate` →
   * `{ data, pagination: { total } }`: each campaign with impressions and clicks summed over the
   * range (all days when no range), CTR a percent to two decimals. Newest import first by default.
   * Sort ids of `selfServiceSortColumns`; no filters; any other id → 400 (issue 18).
   */
  registerOperation(fastify, selfServiceCampaignOperations.listSelfServiceCampaigns, async (request) => {
    const { data, total } = await listSelfServiceCampaigns(request.reportDb, {
      dealershipId: request.params.dealership_id,
      ...request.query,
    });
    return { data, pagination: { total } };
  });

  /**
   * `POST .../campaigns/self-service/import` with `{ vendor_id, agency_id, account_name, campaign_ids,
   * customer_account_id + login_customer_id | account_id }` (spec 001 §7) → counts and ids. Reads the
   * campaigns from the platform (they must be in the account), stores the new ones as `pending`
   * and enqueues their sync; a campaign imported before is neither duplicated nor re-queued.
   * Scope (issue 18 item 3): a dealership user imports only from an account assigned to the path's
   * dealership (404 otherwise); a campaign imported under another dealership of the agency is 404
   * for a dealership user and 409 for an agency administrator (who moves it instead).
   */
  registerOperation(fastify, selfServiceCampaignOperations.importSelfServiceCampaigns, async (request) => {
    const body = request.body;
    const { organization_id, dealership_id } = request.params;
    if (body.agency_id !== organization_id)
      throw new ApiError(400, 'BAD_REQUEST', 'agency_id must be the agency of the path');
    const vendorId = body.vendor_id as VendorId;
    const accountId = vendorId === VENDOR_GOOGLE_ADS ? body.customer_account_id : body.account_id;
    if (!accountId)
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        vendorId === VENDOR_GOOGLE_ADS ? 'customer_account_id is required' : 'account_id is required',
      );
    const loginCustomerId = vendorId === VENDOR_GOOGLE_ADS ? (body.login_customer_id ?? null) : null;
    const user = request.user!;
    // Role 3: only an account assigned to the path's dealership (404 otherwise).
    const grant = await grantAccount(app, user, {
      organizationId: organization_id,
      vendorId,
      account: { accountId, loginCustomerId },
      dealershipId: dealership_id,
    });
    const onPlatform = await withPlatform(app, grant, (connector, token, account) =>
      connector.listCampaigns(token, account),
    ).catch((error: unknown) => {
      throw platformFailure(error);
    });
    const wanted = [...new Set(body.campaign_ids)];
    const missing = wanted.filter((id) => !onPlatform.some((c) => c.id === id));
    if (missing.length > 0)
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        `Not in the ${vendorNames[vendorId]} account: ${missing.join(', ')}`,
      );
    // A platform campaign belongs to one dealership at a time: one imported elsewhere is not
    // taken over (an agency administrator moves it); a dealership user is told nothing of it.
    const placed = await placedCampaigns(app.db, {
      organizationId: organization_id,
      vendorId,
      vendorCampaignIds: wanted,
    });
    const elsewhere = wanted.filter((id) => (placed.get(id) ?? dealership_id) !== dealership_id);
    if (elsewhere.length > 0) {
      if (!seesWholeAgency(user)) throw notFound('Campaign not found');
      throw new ApiError(
        409,
        'CONFLICT',
        `Already imported under another dealership (move it from there): ${elsewhere.join(', ')}`,
      );
    }
    const { created, existing } = await insertImportedCampaigns(app.db, {
      rows: onPlatform
        .filter((c) => wanted.includes(c.id))
        .map((c) => ({
          organizationId: organization_id,
          dealershipId: dealership_id,
          vendorId,
          vendorCampaignId: c.id,
          name: c.name,
          accountId,
          accountName: body.account_name,
          loginCustomerId,
          startDate: c.startDate,
          endDate: c.endDate,
          statusName: c.statusName,
        })),
    });
    for (const id of created) await enqueueSync(app, id);
    return { imported: created.length, already_imported: existing.length, campaign_ids: [...created, ...existing] };
  });

  /**
   * `POST .../campaigns/self-service/edit` `{ campaign_id, vendor_id, customer_account_id, login_customer_id,
   * status }` (spec 001 §4, §7): flips the current `status` on the platform, stores it with its pause/play note
   * (issue 21 §4) → `{ campaign_id, status_name }`. Idempotent: an already flipped campaign is not sent again.
   * 409 when the platform is not connected, 503 when it fails (the list rolls the row back).
   */
  registerOperation(fastify, selfServiceCampaignOperations.editSelfServiceCampaign, async (request) => {
    const campaign = await loadCampaign(app, { ...request.params, campaign_id: request.body.campaign_id });
    if (campaign.vendorId !== request.body.vendor_id) throw notFound('Campaign not found');
    const next: PlatformStatusName = request.body.status === 'active' ? 'paused' : 'active';
    // Already there (a repeated click): nothing to change on the platform.
    if (campaign.statusName === next) return { campaign_id: campaign.id, status_name: next };
    // The campaign was loaded under the path's dealership: it is the only one this call may switch.
    await withPlatform(app, grantCampaign(campaign), (connector, token, account) =>
      connector.setStatus(token, account, campaign.vendorCampaignId, next),
    ).catch((error: unknown) => {
      throw platformFailure(error);
    });
    await setStatusName(app.db, { campaignId: campaign.id, statusName: next });
    await recordPausePlay(app.db, { campaignId: campaign.id, paused: next === 'paused', now: app.clock() });
    return { campaign_id: campaign.id, status_name: next };
  });

  /**
   * `POST .../campaigns/self-service/{campaign_id}/move` with `{ dealership_id }` → `{ campaign_id,
   * dealership_id }`: moves an imported campaign of the path's dealership, with its results, to
   * another dealership of the same agency (issue 18 item 3: a platform campaign belongs to one
   * dealership at a time). Role 1–2 only (403 otherwise); 404 when the campaign is not the path
   * dealership's or the target dealership is not of the agency in the path.
   */
  registerOperation(fastify, selfServiceCampaignOperations.moveSelfServiceCampaign, async (request) => {
    if (!seesWholeAgency(request.user!)) throw forbidden('Only an agency administrator moves campaigns');
    const campaign = await loadCampaign(app, request.params);
    const target = request.body.dealership_id;
    const known = await dealershipsOfOrganization(app.db, {
      organizationId: request.params.organization_id,
      dealershipIds: [target],
    });
    if (!known.has(target)) throw notFound('Dealership not found');
    await moveCampaign(app.db, {
      campaignId: campaign.id,
      organizationId: campaign.organizationId,
      dealershipId: target,
    });
    return { campaign_id: campaign.id, dealership_id: target };
  });

  /** `GET .../campaigns/self-service/{campaign_id}` → the campaign with its totals over every synced day; 404 if not the dealership's. */
  registerOperation(fastify, selfServiceCampaignOperations.getSelfServiceCampaign, async (request) => {
    const campaign = await loadCampaign(app, request.params);
    const totals = await campaignTotals(request.reportDb, { campaignId: campaign.id });
    return present(campaign, totals.impressions, totals.clicks);
  });

  /**
   * `GET .../campaigns/self-service/{campaign_id}/metrics?start_date&end_date` → daily rows (date,
   * impressions, clicks; days without results are absent), totals with CTR (percent, two
   * decimals) and the number of products with results in the range.
   */
  registerOperation(fastify, selfServiceCampaignOperations.getSelfServiceMetrics, async (request) => {
    const campaign = await loadCampaign(app, request.params);
    const range = { campaignId: campaign.id, startDate: request.query.start_date, endDate: request.query.end_date };
    const data = await dailyRows(request.reportDb, range);
    const impressions = data.reduce((sum, row) => sum + row.impressions, 0);
    const clicks = data.reduce((sum, row) => sum + row.clicks, 0);
    return {
      data,
      totals: { impressions, clicks, ctr: ctrPercent(clicks, impressions) },
      product_total: await countProducts(request.reportDb, range),
    };
  });

  /**
   * `GET .../campaigns/self-service/{campaign_id}/products?pageIndex&pageSize&sorting&start_date&end_date`
   * (spec 001 §7, spec 000 §2.8) → products summed over the range, clicks descending by default,
   * page size 10 → `{ data, pagination: { total } }`.
   */
  registerOperation(fastify, selfServiceCampaignOperations.listSelfServiceProducts, async (request) => {
    const campaign = await loadCampaign(app, request.params);
    const params = {
      campaignId: campaign.id,
      startDate: request.query.start_date,
      endDate: request.query.end_date,
      sorting: request.query.sorting,
    };
    const data = await listProducts(request.reportDb, { ...params, slice: sliceOfPage(request.query) });
    return { data, pagination: { total: await countProducts(request.reportDb, params) } };
  });

  /**
   * `GET .../campaigns/self-service/{campaign_id}/products/csv?sorting&start_date&end_date` → text/csv
   * of every product (columns Product, Product ID, Impressions, Clicks, Conversions), named
   * `{campaign name}_ProductPerformance_{start}_{end}.csv` (spec 001 §7). Export class `download`
   * (plugins/app/export-limits.ts): 429 with `Retry-After` beyond the rate or concurrency caps.
   */
  registerOperation(fastify, selfServiceCampaignOperations.listSelfServiceProductsCsv, async (request, reply) => {
    const campaign = await loadCampaign(app, request.params);
    const params = {
      campaignId: campaign.id,
      startDate: request.query.start_date,
      endDate: request.query.end_date,
      sorting: request.query.sorting,
    };
    return sendCsv<SelfServiceProduct>(reply, {
      fileName: csvFileName(campaign.name, 'ProductPerformance', params.startDate, params.endDate),
      columns: selfServiceProductColumns.map((column) => ({
        header: column.header,
        value: (row) => row[column.key],
      })),
      slices: inSlices((slice) => listProducts(request.reportDb, { ...params, slice })),
    });
  });

  /**
   * `GET .../campaigns/self-service/{campaign_id}/report.pdf?start_date&end_date` → `application/pdf` (attachment
   * `{campaign name}_{start}_{end}.pdf`): header, cards, the three daily charts with their notes and the first page of
   * Product Performance, from the page's queries. Export class `download`: 429 beyond the caps; laid out in the pool.
   */
  registerOperation(fastify, selfServiceCampaignOperations.getSelfServiceReportPdf, async (request, reply) => {
    const campaign = await loadCampaign(app, request.params);
    const dealership = await getDealership(app.db, {
      organizationId: request.params.organization_id,
      dealershipId: request.params.dealership_id,
    });
    const range = { campaignId: campaign.id, startDate: request.query.start_date, endDate: request.query.end_date };
    const pdf = await app.exportRenderer.render(
      {
        kind: 'self-service-report-pdf',
        data: {
          dealershipName: dealership?.name ?? '',
          campaignName: campaign.name,
          vendorName: vendorNames[campaign.vendorId as VendorId] ?? 'Other',
          accountName: campaign.accountName,
          range,
          days: await dailyRows(request.reportDb, range),
          products: await listProducts(request.reportDb, { ...range, slice: { limit: REPORT_PAGE_SIZE, offset: 0 } }),
          productTotal: await countProducts(request.reportDb, range),
          annotations: await selfServiceChartNotes(request.reportDb, { campaign, range }),
        },
        today: localDate(app.adPlatforms.clock(), 'America/Chicago'),
        brand: pdfBrandOf(
          await loadBrandAssets(app.db, app.storage, { organizationId: request.params.organization_id }),
        ),
      },
      request.exportSignal ?? undefined,
    );
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="${reportPdfFileName(campaign.name, range.startDate, range.endDate)}"`,
      )
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
export default selfServiceCampaignRoutes;
