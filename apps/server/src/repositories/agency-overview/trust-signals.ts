import type { TrustSignals } from '@portal/contracts';
import type { Db } from '../../db/client';

/**
 * SLOT FOR ISSUE 21 (pacing, alerts, data freshness — branch i21-trust): the overview's pacing state,
 * open alerts and data freshness of each rooftop come from here. Until issue 21's functions are
 * wired in at merge, every rooftop answers "not available" (`available: false`, values null) and
 * the page, CSV and PDF show "Not available". Replace the body, keep the signature:
 * `dealershipIds` are the agency's rooftops, `asOf` the range's last day (dealership-local).
 */
export async function loadTrustSignals(
  _db: Db,
  { dealershipIds }: { organizationId: number; dealershipIds: number[]; asOf: string },
): Promise<Map<number, TrustSignals>> {
  return new Map(dealershipIds.map((id) => [id, NOT_AVAILABLE_SIGNALS]));
}

/** What a rooftop shows while the signals are not available. */
export const NOT_AVAILABLE_SIGNALS: TrustSignals = {
  available: false,
  pacing_state: null,
  open_alerts: null,
  data_freshness: null,
};
