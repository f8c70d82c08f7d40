import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealerships, managedCampaigns as campaigns, organizations } from '../../db/schema';

/** A campaign as every report call needs it: its settings, its dealership's flag and time zone. */
export interface ReportCampaignRecord {
  id: number;
  dealershipId: number;
  displayName: string;
  vendorCampaignName: string | null;
  campaignStatus: string;
  startDate: string;
  endDate: string;
  productCode: string;
  productName: string;
  campaignType: string;
  budget: number | null;
  demandLocalNet: number | null;
  bookedImpressions: number | null;
  showRoas: boolean;
  showSiteList: boolean;
  showAdPreviews: boolean;
  dealershipName: string;
  enableFacebookCampaignConversions: boolean;
  /** The organization's IANA time zone: calls and leads are counted by their local day in it. */
  timeZone: string;
}

/** The report range every breakdown takes: inclusive dealership-local days. */
export interface ReportRange {
  startDate: string;
  endDate: string;
}

/** A campaign of the dealership, or null when it does not exist or belongs to another dealership (→ 404). */
export async function findReportCampaign(
  db: Db,
  params: { dealershipId: number; campaignId: number },
): Promise<ReportCampaignRecord | null> {
  const [row] = await db
    .select({
      id: campaigns.id,
      dealershipId: campaigns.dealershipId,
      displayName: campaigns.displayName,
      vendorCampaignName: campaigns.vendorCampaignName,
      campaignStatus: campaigns.campaignStatus,
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
      productCode: campaigns.productCode,
      productName: campaigns.productName,
      campaignType: campaigns.campaignType,
      budget: campaigns.budget,
      demandLocalNet: campaigns.demandLocalNet,
      bookedImpressions: campaigns.bookedImpressions,
      showRoas: campaigns.showRoas,
      showSiteList: campaigns.showSiteList,
      showAdPreviews: campaigns.showAdPreviews,
      dealershipName: dealerships.name,
      enableFacebookCampaignConversions: dealerships.enableFacebookCampaignConversions,
      timeZone: organizations.timeZone,
    })
    .from(campaigns)
    .innerJoin(dealerships, eq(dealerships.id, campaigns.dealershipId))
    .innerJoin(organizations, eq(organizations.id, dealerships.organizationId))
    .where(and(eq(campaigns.id, params.campaignId), eq(campaigns.dealershipId, params.dealershipId)));
  return row ?? null;
}
