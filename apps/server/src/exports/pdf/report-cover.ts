import { eq, max } from 'drizzle-orm';
import type { CampaignReport, ReportPaperSize } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignFreshness, managedCampaigns, systemState } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { loadDealershipBrandAssets } from '../../repositories/branding';
import { getOrganization } from '../../repositories/dealerships';

/** What the cover, header and footer of a report PDF show besides the report itself (issue 20 §1). */
export interface ReportCover {
  agency: {
    name: string;
    /** The agency's logo as a PNG/JPEG data URL; null: the cover shows the name only. */
    logo: string | null;
    /** The agency's primary colour (`#rrggbb`); null: the product's. */
    primaryColor?: string | null;
    paperSize: ReportPaperSize;
  };
  /** The zone the dates and times are shown in (the dealership's agency's; dealerships have none of their own). */
  timeZone: string;
  dataThrough: DataThrough;
  /** When the PDF was made (ISO instant). */
  generatedAt: string;
}

/** How fresh the report's data is: the last day with delivery and the newest ingestion seen. */
export interface DataThrough {
  /** The last day of the range with any delivery in the report's daily rows; null: none. */
  lastDay: string | null;
  /** The newest time the campaign's data was written by an ingestion (ISO instant); null: unknown. */
  ingestedAt: string | null;
}

/**
 * "Data through" of a report: the campaign's freshness record (issue 21 §1, docs/trust.md: the last
 * complete day its ingestion files delivered and when they arrived) — the same facts the report
 * header and the list show. A campaign without one (loaded before freshness was recorded) falls
 * back to the last day of `report.daily` with any delivery and the newest ingestion time the
 * database records for it (its row's `updated_at`, or the demo's `demo_loaded_at` when newer).
 */
export async function reportDataThrough(db: Db, report: CampaignReport): Promise<DataThrough> {
  const [recorded] = await db
    .select({ dataThrough: campaignFreshness.dataThrough, arrivedAt: campaignFreshness.arrivedAt })
    .from(campaignFreshness)
    .where(eq(campaignFreshness.campaignId, report.campaign.client_campaign_id));
  if (recorded) return { lastDay: recorded.dataThrough, ingestedAt: recorded.arrivedAt.toISOString() };
  const delivered = report.daily.filter(
    (day) => day.impressions > 0 || day.clicks > 0 || day.views > 0 || day.calls > 0 || day.leads > 0,
  );
  const lastDay = delivered.reduce<string | null>(
    (last, day) => (last === null || day.date > last ? day.date : last),
    null,
  );
  const [campaign] = await db
    .select({ at: managedCampaigns.updatedAt })
    .from(managedCampaigns)
    .where(eq(managedCampaigns.id, report.campaign.client_campaign_id));
  const [demo] = await db
    .select({ value: max(systemState.value) })
    .from(systemState)
    .where(eq(systemState.key, 'demo_loaded_at'));
  const times = [campaign?.at?.getTime(), demo?.value ? Date.parse(demo.value) : undefined].filter(
    (time): time is number => typeof time === 'number' && Number.isFinite(time),
  );
  return { lastDay, ingestedAt: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null };
}

/**
 * The agency of a report's dealership (its brand: display name, logo as a data URL, paper; issue 20
 * §4), its zone and the data-through facts. Without `storage` the logo is left out.
 */
export async function loadReportCover(
  db: Db,
  report: CampaignReport,
  now = new Date(),
  storage?: Storage,
): Promise<ReportCover> {
  const brand = await loadDealershipBrandAssets(db, storage, { dealershipId: report.campaign.dealership_id });
  const timeZone = brand
    ? ((await getOrganization(db, { organizationId: brand.organizationId }))?.timeZone ?? 'America/Chicago')
    : 'America/Chicago';
  return {
    agency: {
      name: brand?.name ?? '',
      logo: brand?.logo ? `data:${brand.logo.type};base64,${brand.logo.bytes.toString('base64')}` : null,
      primaryColor: brand?.primaryColor ?? null,
      paperSize: brand?.paperSize ?? 'letter',
    },
    timeZone,
    dataThrough: await reportDataThrough(db, report),
    generatedAt: now.toISOString(),
  };
}
