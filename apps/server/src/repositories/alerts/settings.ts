import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_ALERT_THRESHOLDS,
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
  const { webhook_url: _url, webhook_secret: _secret, ...thresholds } = await loadAlertSettings(db, { organizationId });
  return thresholds;
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
    })
    .from(agencyTrustSettings)
    .where(eq(agencyTrustSettings.organizationId, organizationId));
  if (!row) return { ...DEFAULT_ALERT_THRESHOLDS, webhook_url: null, webhook_secret: null };
  return {
    anomaly_sigma: Number(row.sigma),
    volume_floor: row.floor,
    zero_day_lookback: row.lookback,
    webhook_url: row.webhookUrl,
    webhook_secret: row.webhookUrl ? row.webhookSecret : null,
  };
}

/**
 * Stores the agency's alert settings (the pacing band and stale hour keep their values). The first
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
  };
  await db
    .insert(agencyTrustSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: agencyTrustSettings.organizationId, set: { ...values, updatedAt: sql`now()` } });
  return loadAlertSettings(db, { organizationId });
}
