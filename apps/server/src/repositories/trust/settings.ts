import { eq } from 'drizzle-orm';
import { DEFAULT_PACING_BAND, DEFAULT_STALE_AFTER_HOUR, type PacingBand } from '@portal/contracts';
import type { Db } from '../../db/client';
import { agencyTrustSettings, organizations } from '../../db/schema';

export interface TrustSettings {
  timeZone: string;
  band: PacingBand;
  staleAfterHour: number;
}

/** An agency's time zone, on-track pacing band and stale hour (defaults when it has not set its own). */
export async function loadTrustSettings(
  db: Db,
  { organizationId }: { organizationId: number },
): Promise<TrustSettings> {
  const [row] = await db
    .select({
      timeZone: organizations.timeZone,
      low: agencyTrustSettings.pacingLow,
      high: agencyTrustSettings.pacingHigh,
      staleAfterHour: agencyTrustSettings.staleAfterHour,
    })
    .from(organizations)
    .leftJoin(agencyTrustSettings, eq(agencyTrustSettings.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return trustSettingsOf(row);
}

/**
 * Trust settings from a row of `organizations` left-joined to `agency_trust_settings` (the band's
 * bounds null without a settings row: the defaults).
 */
export function trustSettingsOf(
  row:
    | {
        timeZone: string | null;
        low: number | string | null;
        high: number | string | null;
        staleAfterHour: number | null;
      }
    | undefined,
): TrustSettings {
  return {
    timeZone: row?.timeZone ?? 'America/Chicago',
    band:
      row?.low !== null && row?.low !== undefined && row.high !== null
        ? { low: Number(row.low), high: Number(row.high) }
        : { ...DEFAULT_PACING_BAND },
    staleAfterHour: row?.staleAfterHour ?? DEFAULT_STALE_AFTER_HOUR,
  };
}
