import { ROLE_AGENCY_ADMIN, trustOperations } from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { forbidden, notFound } from '../../../lib/errors';
import {
  loadCampaignTrust,
  loadDataHealth,
  loadSelfServiceTrust,
  loadTrustSettings,
} from '../../../repositories/trust';

/**
 * Data freshness, pacing and Data health (issue 21 §1–2, docs/trust.md). Computed on every request
 * at the server's clock (pacing moves with the day, so no response cache). The tenant check of the
 * path runs before any query, as on every route naming `:organization_id`.
 */
const trustRoutes: RouteModule = async (app, options) => {
  /** `GET .../dealership/{id}/campaign-trust` → freshness and pacing of each managed campaign. */
  registerOperation(app, trustOperations.listCampaignTrust, async (request) => {
    const settings = await loadTrustSettings(app.db, { organizationId: request.params.organization_id });
    const data = await loadCampaignTrust(app.db, {
      dealershipIds: [request.params.dealership_id],
      now: options.clock(),
      settings,
    });
    return { time_zone: settings.timeZone, band: settings.band, stale_after_hour: settings.staleAfterHour, data };
  });

  /** `GET .../campaigns/{campaign_id}/trust` → one campaign's freshness and pacing; 404 if not the dealership's. */
  registerOperation(app, trustOperations.getCampaignTrust, async (request) => {
    const settings = await loadTrustSettings(app.db, { organizationId: request.params.organization_id });
    const [trust] = await loadCampaignTrust(app.db, {
      dealershipIds: [request.params.dealership_id],
      campaignId: request.params.campaign_id,
      now: options.clock(),
      settings,
    });
    if (!trust) throw notFound('Campaign not found');
    return trust;
  });

  /** `GET .../campaigns/self-service/{campaign_id}/trust` → its freshness (Google Ads / Meta); 404 if not the dealership's. */
  registerOperation(app, trustOperations.getSelfServiceCampaignTrust, async (request) => {
    const settings = await loadTrustSettings(app.db, { organizationId: request.params.organization_id });
    const trust = await loadSelfServiceTrust(app.db, {
      dealershipId: request.params.dealership_id,
      campaignId: request.params.campaign_id,
      now: options.clock(),
      settings,
    });
    if (!trust) throw notFound('Campaign not found');
    return trust;
  });

  /**
   * `GET /api/agencies/{id}/data-health` → each source and connection, and each read replica's
   * replay lag (roles 1–2; a dealership user gets 403).
   */
  registerOperation(app, trustOperations.getDataHealth, async (request) => {
    if ((request.user?.role_id ?? 3) > ROLE_AGENCY_ADMIN)
      throw forbidden('Only an agency administrator may open Data health');
    const settings = await loadTrustSettings(app.db, { organizationId: request.params.organization_id });
    const sources = await loadDataHealth(app.db, {
      organizationId: request.params.organization_id,
      now: options.clock(),
      settings,
      syncEveryHours: app.selfServiceSyncEveryHours,
    });
    return {
      time_zone: settings.timeZone,
      stale_after_hour: settings.staleAfterHour,
      band: settings.band,
      sources,
      // Replay lag of each read replica (issue 24 §3), measured now; [] without replicas.
      replicas: await app.reads.lag(),
    };
  });
};
export default trustRoutes;
