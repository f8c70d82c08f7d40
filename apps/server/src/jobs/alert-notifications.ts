import { createHmac } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  alertRuleLabels,
  formatDay,
  localDate,
  ROLE_AGENCY_ADMIN,
  type Alert,
  type AlertRule,
} from '@portal/contracts';
import { alerts, agencyTrustSettings, organizations, reportDeliveries, userDealerships, users } from '../db/schema';
import { listAlerts, type AlertViewer } from '../repositories/alerts';
import type { App } from '../types';
import { brandSender, loadBrandAssets } from '../repositories/branding';
import { postWebhook } from '../lib/outbound-webhook';
import { jobIdFromKey, type JobDefinition } from './job-definition';

/** Posts one new alert to its agency's webhook (issue 21 §3). */
export const ALERT_WEBHOOK_QUEUE = 'alert-webhook';
/** Emails each user the day's open alerts once a morning (issue 21 §3). */
export const ALERT_DIGEST_QUEUE = 'alert-digest';
/** The digest goes out from this local hour (the agency's zone) until noon, once a day. */
export const DIGEST_HOUR = 8;

const portalUrl = (app: App) => app.accounts.publicUrl.replace(/\/+$/, '');

/** The report of an alert at its dates, as an absolute link (null without a campaign). */
export function alertReportUrl(app: App, organizationId: number, alert: Alert): string | null {
  if (alert.campaign_id === null) return null;
  const range = `?startDate=${alert.report_from}&endDate=${alert.report_to}`;
  const dealership = `${portalUrl(app)}/dashboard/agency/${organizationId}/dealership/${alert.dealership_id}`;
  if (alert.campaign_kind === 'self_service')
    return `${dealership}/campaigns/self-service/${alert.campaign_id}${range}`;
  if (!alert.product_code) return null;
  return `${dealership}/campaigns/${alert.product_code.toLowerCase()}/${alert.campaign_id}/${range}`;
}

/** One line naming an alert: rule, rooftop, campaign (code), message. */
export function alertLine(alert: Alert): string {
  const campaign = alert.campaign_name
    ? ` · ${alert.campaign_name}${alert.product_code ? ` (${alert.product_code})` : ''}`
    : '';
  return `${alertRuleLabels[alert.rule as AlertRule] ?? alert.rule} — ${alert.dealership_name}${campaign}: ${alert.message}`;
}

/**
 * The webhook's body: Slack-compatible (`text`, plus `blocks` with the same words) and the alert
 * itself under `alert` for receivers that are not Slack.
 */
export function webhookPayload(app: App, organizationId: number, alert: Alert) {
  const link = alertReportUrl(app, organizationId, alert);
  const text = `:rotating_light: ${alertLine(alert)}${link ? ` <${link}|Open report>` : ''}`;
  return {
    text,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
    alert: { ...alert, report_url: link },
  };
}

/** `X-Portal-Signature`: `sha256=` + hex HMAC-SHA256 of `${timestamp}.${body}` with the agency's secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Queues the webhook of every unresolved alert not yet posted of the agencies that have a webhook:
 * one job per alert (its id derived from the alert's), so a repeated call queues nothing new.
 */
export async function enqueueAlertWebhooks(app: App): Promise<number> {
  const pending = await app.db
    .select({ id: alerts.id })
    .from(alerts)
    .innerJoin(agencyTrustSettings, eq(agencyTrustSettings.organizationId, alerts.organizationId))
    .where(and(isNull(alerts.notifiedAt), isNull(alerts.resolvedAt), isNotNull(agencyTrustSettings.webhookUrl)));
  let queued = 0;
  for (const { id } of pending) {
    const job = await app.jobs.send(ALERT_WEBHOOK_QUEUE, { alertId: id }, { id: jobIdFromKey(`alert-webhook:${id}`) });
    if (job) queued += 1;
  }
  return queued;
}

/**
 * Posts one alert (issue 21 §3): JSON with `X-Portal-Timestamp` and `X-Portal-Signature`; a non-2xx
 * answer or a network error throws, and pg-boss retries with exponential backoff (30 s, 60 s, …, 6
 * times). A posted alert is marked `notified_at` and never posted again; an alert that resolved
 * meanwhile, or an agency that removed its webhook, ends the job quietly.
 */
export const alertWebhookJob: JobDefinition<{ alertId: number }> = {
  name: ALERT_WEBHOOK_QUEUE,
  queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true },
  async handler(app, { alertId }) {
    const [row] = await app.db
      .select({
        organizationId: alerts.organizationId,
        notifiedAt: alerts.notifiedAt,
        url: agencyTrustSettings.webhookUrl,
        secret: agencyTrustSettings.webhookSecret,
        timeZone: organizations.timeZone,
      })
      .from(alerts)
      .innerJoin(organizations, eq(organizations.id, alerts.organizationId))
      .leftJoin(agencyTrustSettings, eq(agencyTrustSettings.organizationId, alerts.organizationId))
      .where(eq(alerts.id, alertId));
    if (!row || row.notifiedAt || !row.url || !row.secret) return;
    const viewer: AlertViewer = {
      organizationId: row.organizationId,
      dealershipIds: null,
      timeZone: row.timeZone,
      today: localDate(app.clock(), row.timeZone),
    };
    const { data } = await listAlerts(app.db, viewer, { state: 'all', pageIndex: 0, pageSize: 1 }, { alertId });
    const alert = data[0];
    if (!alert || alert.state === 'resolved') return;
    const body = JSON.stringify(webhookPayload(app, row.organizationId, alert));
    const timestamp = String(Math.floor(app.clock().getTime() / 1000));
    const response = await postWebhook(row.url, {
      body,
      headers: {
        'content-type': 'application/json',
        'x-portal-timestamp': timestamp,
        'x-portal-signature': webhookSignature(row.secret, timestamp, body),
      },
      allowLoopback: app.webhookAllowLoopback,
    });
    if (response.status < 200 || response.status >= 300) throw new Error(`The webhook answered ${response.status}`);
    await app.db.update(alerts).set({ notifiedAt: app.clock() }).where(eq(alerts.id, alertId));
  },
};

/**
 * The daily digest (issue 21 §3): every 15 minutes, each active user whose local time (their own
 * `time_zone`, else their agency's) is between 08:00 and noon and who has open alerts they may see
 * (unresolved, not snoozed; a dealership user only their rooftops') gets one email that day: the
 * alerts with links to their reports. Once per user and local day: the email's key is recorded in
 * `report_deliveries` and is also its Message-ID.
 */
export const alertDigestJob: JobDefinition = {
  name: ALERT_DIGEST_QUEUE,
  queue: { retryLimit: 3 },
  schedule: { cron: '*/15 * * * *', tz: 'UTC' },
  async handler(app) {
    const sent = await sendAlertDigests(app);
    app.log.info({ sent }, 'alert digests sent');
  },
};

/** Sends the digests due at `app.clock()`; resolves to how many were sent. */
export async function sendAlertDigests(app: App): Promise<number> {
  const now = app.clock();
  let sent = 0;
  const orgs = await app.db
    .select({ id: organizations.id, name: organizations.name, timeZone: organizations.timeZone })
    .from(organizations);
  const localHour = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(now));
  for (const org of orgs) {
    const members = (
      await app.db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          roleId: users.roleId,
          timeZone: users.timeZone,
        })
        .from(users)
        .where(and(eq(users.organizationId, org.id), isNull(users.deactivatedAt)))
    )
      .map((member) => ({ ...member, zone: member.timeZone ?? org.timeZone }))
      .filter((member) => {
        const hour = localHour(member.zone);
        return hour >= DIGEST_HOUR && hour < 12;
      });
    if (members.length === 0) continue;
    const rooftops = await app.db
      .select({ userId: userDealerships.userId, dealershipId: userDealerships.dealershipId })
      .from(userDealerships)
      .where(
        inArray(
          userDealerships.userId,
          members.map((m) => m.id),
        ),
      );
    for (const member of members) {
      const today = localDate(now, member.zone);
      const key = `alert-digest-${member.id}-${today}`;
      const [done] = await app.db
        .select({ key: reportDeliveries.key })
        .from(reportDeliveries)
        .where(eq(reportDeliveries.key, key));
      if (done) continue;
      const viewer: AlertViewer = {
        organizationId: org.id,
        timeZone: member.zone,
        today,
        dealershipIds:
          (member.roleId ?? 3) <= ROLE_AGENCY_ADMIN
            ? null
            : rooftops.filter((r) => r.userId === member.id).map((r) => r.dealershipId),
      };
      const open = await listAlerts(app.db, viewer, { state: 'unresolved', pageIndex: 0, pageSize: 200 });
      const shown = open.data.filter((alert) => alert.state !== 'snoozed');
      if (shown.length === 0) continue;
      const lines = shown.flatMap((alert) => {
        const link = alertReportUrl(app, org.id, alert);
        return [`• ${alertLine(alert)}`, ...(link ? [`  ${link}`] : []), ''];
      });
      await app.reports.mailer.send({
        id: key,
        to: member.email,
        // The agency's sender name and reply-to (issue 20 §4).
        sender: brandSender(await loadBrandAssets(app.db, undefined, { organizationId: org.id })),
        subject: `${org.name}: ${shown.length} open alert${shown.length === 1 ? '' : 's'} on ${formatDay(today, 'long')}`,
        text: [
          `Hello ${member.name},`,
          '',
          `These alerts are open for the dealerships you manage (${formatDay(today, 'long')}, ${member.zone}):`,
          '',
          ...lines,
          `The alert centre: ${portalUrl(app)}/dashboard/agency/${org.id}/alerts`,
          '',
          `${org.name} — Campaign Portal`,
          '',
        ].join('\n'),
      });
      await app.db.insert(reportDeliveries).values({ key }).onConflictDoNothing();
      sent += 1;
    }
  }
  return sent;
}
