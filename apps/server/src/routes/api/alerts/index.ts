import type { FastifyRequest } from 'fastify';
import { alertOperations, localDate, ROLE_AGENCY_ADMIN } from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { ApiError, forbidden, notFound } from '../../../lib/errors';
import {
  acknowledgeAlert,
  commentAlert,
  countOpenAlerts,
  getAlert,
  listAlerts,
  loadAlertSettings,
  saveAlertSettings,
  snoozeAlert,
  type AlertViewer,
} from '../../../repositories/alerts';
import { loadTrustSettings } from '../../../repositories/trust';

/**
 * The alert centre (issue 21 §3, docs/trust.md "Alerts"). The tenant check of the path runs first
 * (another agency: 404); then every read and action is limited to the dealerships the user may open
 * (roles 1–2: all of the agency; a dealership user: their own), so an alert of another rooftop is
 * 404 as if it did not exist. Days are the agency's (its time zone): a snooze lasts through its day.
 * Nothing is kept by the response cache.
 */
const alertRoutes: RouteModule = async (app, options) => {
  const viewerOf = async (request: FastifyRequest & { params: { organization_id: number } }): Promise<AlertViewer> => {
    const user = request.user!;
    const { timeZone } = await loadTrustSettings(app.db, { organizationId: request.params.organization_id });
    return {
      organizationId: request.params.organization_id,
      timeZone,
      dealershipIds: user.role_id <= ROLE_AGENCY_ADMIN ? null : user.dealership_ids,
      today: localDate(options.clock(), timeZone),
    };
  };
  const ownAlert = async (request: FastifyRequest & { params: { organization_id: number; alert_id: number } }) => {
    const viewer = await viewerOf(request);
    const alert = await getAlert(app.db, viewer, request.params.alert_id);
    if (!alert) throw notFound('Alert not found');
    return viewer;
  };
  const answer = async (viewer: AlertViewer, alertId: number) => (await getAlert(app.db, viewer, alertId))!;

  /** `GET /api/agencies/{id}/alerts?dealership_id&campaign_id&rule&state&pageIndex&pageSize` → `{ data, total, counts, dealerships }`. */
  registerOperation(app, alertOperations.listAlerts, async (request) =>
    listAlerts(app.db, await viewerOf(request), request.query),
  );

  /** `GET /api/agencies/{id}/alerts/count` → `{ open }`: open alerts the user may see (the bell). */
  registerOperation(app, alertOperations.countOpenAlerts, async (request) => ({
    open: await countOpenAlerts(app.db, await viewerOf(request)),
  }));

  /** `POST .../alerts/{alert_id}/acknowledge` → the alert, acknowledged by the user (404 if not theirs to see). */
  registerOperation(app, alertOperations.acknowledgeAlert, async (request) => {
    const viewer = await ownAlert(request);
    await acknowledgeAlert(app.db, {
      alertId: request.params.alert_id,
      userId: request.user!.id,
      now: options.clock(),
    });
    return answer(viewer, request.params.alert_id);
  });

  /** `POST .../alerts/{alert_id}/snooze` `{ until: 'YYYY-MM-DD' }` → the alert, hidden through that day (400 for a past day). */
  registerOperation(app, alertOperations.snoozeAlert, async (request) => {
    const viewer = await ownAlert(request);
    if (request.body.until < viewer.today)
      throw new ApiError(400, 'VALIDATION_FAILED', 'Snooze until today or a later day');
    await snoozeAlert(app.db, { alertId: request.params.alert_id, until: request.body.until });
    return answer(viewer, request.params.alert_id);
  });

  /** `POST .../alerts/{alert_id}/comments` `{ body }` → the alert with its comments. */
  registerOperation(app, alertOperations.commentAlert, async (request) => {
    const viewer = await ownAlert(request);
    await commentAlert(app.db, { alertId: request.params.alert_id, userId: request.user!.id, body: request.body.body });
    return answer(viewer, request.params.alert_id);
  });

  /** `GET /api/agencies/{id}/alert-settings` → thresholds, webhook address and signing secret (roles 1–2; a dealership user gets 403). */
  registerOperation(app, alertOperations.getAlertSettings, async (request) => {
    if ((request.user?.role_id ?? 3) > ROLE_AGENCY_ADMIN)
      throw forbidden('Only an agency administrator may change alerts');
    return loadAlertSettings(app.db, { organizationId: request.params.organization_id });
  });

  /** `PUT /api/agencies/{id}/alert-settings` `{ anomaly_sigma, volume_floor, zero_day_lookback, webhook_url }` → the stored settings (400 for an address that is not https). */
  registerOperation(app, alertOperations.updateAlertSettings, async (request) => {
    if ((request.user?.role_id ?? 3) > ROLE_AGENCY_ADMIN)
      throw forbidden('Only an agency administrator may change alerts');
    return saveAlertSettings(app.db, { organizationId: request.params.organization_id, settings: request.body });
  });
};
export default alertRoutes;
