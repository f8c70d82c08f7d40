import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ALERT_THRESHOLDS, type AlertThresholds } from '@portal/contracts';
import type { Db } from '../../db/client';
import { agencyTrustSettings } from '../../db/schema';

/** The agency's alert thresholds (issue 21 §3), the defaults when it has not set its own. */
export async function loadAlertThresholds(
  db: Db,
  { organizationId }: { organizationId: number },
): Promise<AlertThresholds> {
  const [row] = await db
    .select({
      sigma: agencyTrustSettings.anomalySigma,
      floor: agencyTrustSettings.volumeFloor,
      lookback: agencyTrustSettings.zeroDayLookback,
    })
    .from(agencyTrustSettings)
    .where(eq(agencyTrustSettings.organizationId, organizationId));
  if (!row) return { ...DEFAULT_ALERT_THRESHOLDS };
  return { anomaly_sigma: Number(row.sigma), volume_floor: row.floor, zero_day_lookback: row.lookback };
}

/** Stores the agency's alert thresholds (the pacing band and stale hour keep their values). */
export async function saveAlertThresholds(
  db: Db,
  { organizationId, thresholds }: { organizationId: number; thresholds: AlertThresholds },
): Promise<AlertThresholds> {
  const values = {
    anomalySigma: thresholds.anomaly_sigma,
    volumeFloor: thresholds.volume_floor,
    zeroDayLookback: thresholds.zero_day_lookback,
  };
  await db
    .insert(agencyTrustSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: agencyTrustSettings.organizationId, set: { ...values, updatedAt: sql`now()` } });
  return loadAlertThresholds(db, { organizationId });
}
