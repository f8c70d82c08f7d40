import type { TrustSignals } from '@portal/contracts';
import type { Db } from '../../db/client';
import { localDate } from '@portal/contracts';
import { openAlertsByDealership } from '../alerts';
import { loadCampaignTrust, loadTrustSettings } from '../trust';

/**
 * Issue 21's signals of each rooftop on the agency overview (issue 23): pacing and data freshness
 * of its managed campaigns at `now` (the server's clock; docs/trust.md), from the same functions as
 * the managed list and the report header, and its open alerts (issue 21 §3: unresolved, not
 * snoozed; acknowledged ones count until they clear). `asOf` (the range's last day) is not used:
 * pacing, freshness and alerts are always as of today.
 */
export async function loadTrustSignals(
  db: Db,
  {
    organizationId,
    dealershipIds,
    now = new Date(),
  }: { organizationId: number; dealershipIds: number[]; asOf: string; now?: Date | undefined },
): Promise<Map<number, TrustSignals>> {
  const settings = await loadTrustSettings(db, { organizationId });
  const campaigns = await loadCampaignTrust(db, { dealershipIds, now, settings });
  const alerts = await openAlertsByDealership(db, { organizationId, today: localDate(now, settings.timeZone) });
  return new Map(
    dealershipIds.map((id) => {
      const own = campaigns.filter((c) => c.dealership_id === id);
      return [
        id,
        {
          available: true,
          pacing_state: pacingState(own),
          open_alerts: alerts.get(id) ?? 0,
          data_freshness: dataFreshness(own),
        },
      ];
    }),
  );
}

type Campaigns = Awaited<ReturnType<typeof loadCampaignTrust>>;

/** "2 under, 1 over of 6 paced", "All 4 on track", or "No paced campaigns". */
function pacingState(campaigns: Campaigns): string {
  const paced = campaigns.filter((c) => c.pacing !== null);
  if (paced.length === 0) return 'No paced campaigns';
  const under = paced.filter((c) => c.pacing!.state === 'under').length;
  const over = paced.filter((c) => c.pacing!.state === 'over').length;
  if (under + over === 0) return `All ${paced.length} on track`;
  const parts = [under > 0 ? `${under} under` : null, over > 0 ? `${over} over` : null].filter(Boolean);
  return `${parts.join(', ')} of ${paced.length} paced`;
}

/** "Stale: 1 of 3 running", else the newest stamp of its running campaigns, or "No running campaigns". */
function dataFreshness(campaigns: Campaigns): string {
  const running = campaigns.filter((c) => c.freshness.expected_through !== null);
  if (running.length === 0) return 'No running campaigns';
  const stale = running.filter((c) => c.freshness.stale).length;
  if (stale > 0) return `Stale: ${stale} of ${running.length} running`;
  const newest = running.reduce((a, b) => ((b.freshness.updated_at ?? '') > (a.freshness.updated_at ?? '') ? b : a));
  return newest.freshness.label;
}

/** What a rooftop shows while the signals are not available. */
export const NOT_AVAILABLE_SIGNALS: TrustSignals = {
  available: false,
  pacing_state: null,
  open_alerts: null,
  data_freshness: null,
};
