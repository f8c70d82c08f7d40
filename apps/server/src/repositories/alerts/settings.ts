import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_ALERT_THRESHOLDS,
  DEFAULT_PACING_BAND,
  DEFAULT_STALE_AFTER_HOUR,
  type AlertSettings,
  type AlertSettingsBody,
  type AlertThresholds,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { agencyTrustSettings } from '../../db/schema';

/** The agency's alert thresholds (issue 21 §3), the defaults when it has not set its own. */
export async function loadAlertThresholds(
  db: Db,
  { organizationId }: { organizationId: number },
): Promise<AlertThresholds> {
  const settings = await loadAlertSettings(db, { organizationId });
  return {
    anomaly_sigma: settings.anomaly_sigma,
    volume_floor: settings.volume_floor,
    zero_day_lookback: settings.zero_day_lookback,
  };
}

/** The agency's alert settings: thresholds, webhook address and its signing secret. */
export async function loadAlertSettings(
  db: Db,
  { organizationId }: { organizationId: number },
): Promise<AlertSettings> {
  const [row] = await db
    .select({
      sigma: agencyTrustSettings.anomalySigma,
      floor: agencyTrustSettings.volumeFloor,
      lookback: agencyTrustSettings.zeroDayLookback,
      webhookUrl: agencyTrustSettings.webhookUrl,
      webhookSecret: agencyTrustSettings.webhookSecret,
      pacingLow: agencyTrustSettings.pacingLow,
      pacingHigh: agencyTrustSettings.pacingHigh,
      staleAfterHour: agencyTrustSettings.staleAfterHour,
    })
    .from(agencyTrustSettings)
    .where(eq(agencyTrustSettings.organizationId, organizationId));
  if (!row)
    return {
      ...DEFAULT_ALERT_THRESHOLDS,
      webhook_url: null,
      webhook_secret: null,
      pacing_low: DEFAULT_PACING_BAND.low,
      pacing_high: DEFAULT_PACING_BAND.high,
      stale_after_hour: DEFAULT_STALE_AFTER_HOUR,
    };
  return {
    anomaly_sigma: Number(row.sigma),
    volume_floor: row.floor,
    zero_day_lookback: row.lookback,
    webhook_url: row.webhookUrl,
    webhook_secret: row.webhookUrl ? row.webhookSecret : null,
    pacing_low: Number(row.pacingLow),
    pacing_high: Number(row.pacingHigh),
    stale_after_hour: row.staleAfterHour,
  };
}

/**
 * Stores the agency's alert and trust settings (thresholds, webhook, pacing band, stale hour). The first
 * webhook address gets a new random signing secret; a later address keeps it.
 */
export async function saveAlertSettings(
  db: Db,
  { organizationId, settings }: { organizationId: number; settings: AlertSettingsBody },
): Promise<AlertSettings> {
  const current = await loadAlertSettings(db, { organizationId });
  const secret = settings.webhook_url ? (current.webhook_secret ?? crypto.randomBytes(24).toString('hex')) : null;
  const values = {
    anomalySigma: settings.anomaly_sigma,
    volumeFloor: settings.volume_floor,
    zeroDayLookback: settings.zero_day_lookback,
    webhookUrl: settings.webhook_url,
    webhookSecret: secret,
    pacingLow: settings.pacing_low,
    pacingHigh: settings.pacing_high,
    staleAfterHour: settings.stale_after_hour,
  };
  await db
    .insert(agencyTrustSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: agencyTrustSettings.organizationId, set: { ...values, updatedAt: sql`now()` } });
  return loadAlertSettings(db, { organizationId });
}
