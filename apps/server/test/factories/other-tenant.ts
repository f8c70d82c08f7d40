import { userDealerships, users } from '../../src/db/schema';
import type { Db } from '../../src/db/client';
import { ingestFolder } from '../../src/ingestion';
import { hashPassword } from '../../src/repositories/auth';
import { writeFiles } from '../helper';

/** A second agency (id 2) with one dealership (9001), one campaign (990001) and its users. */
export const OTHER = {
  organizationId: 2,
  dealershipId: 9001,
  campaignId: 990001,
  adminEmail: 'admin@other.test',
  dealerEmail: 'dealer@other.test',
  password: 'other-password',
};

/** Loads the other tenant through the ingestion path (idempotent: safe on a shared database). */
export async function createOtherTenant(db: Db) {
  const dir = await writeFiles({
    'organizations.csv': 'id,name,show_budget_type,time_zone\n2,Other Agency,1,America/New_York\n',
    'dealerships.csv':
      'id,organization_id,name,street,city,state,zip,dma_code,enable_facebook_campaign_conversions,has_sold_report_source\n' +
      '9001,2,Other Motors,1 Main St,Boston,MA,02108,506,0,0\n',
    'campaigns.csv':
      'client_campaign_id,dealership_id,client_campaign_display_name,vendor_campaign_name,campaign_status,start_date,end_date,product_code,product_name,campaign_type,vendor,budget,demand_local_net,booked_impressions,show_roas,show_site_list,show_ad_previews\n' +
      '990001,9001,Other Motors DYD,,active,2026-11-01,2026-11-30,DYD,Dynamic Inventory Display,display,TabMo,1000,800,50000,1,1,1\n',
    'campaign_daily_metrics.csv':
      'client_campaign_id,date,impressions,clicks,views,reach,spend,conversions,sales,calls,leads\n' +
      '990001,2026-11-10,777,7,0,,0,0,0,0,0\n',
  });
  const outcome = await ingestFolder(db, dir);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  const passwordHash = await hashPassword(OTHER.password);
  for (const [email, roleId] of [
    [OTHER.adminEmail, 2],
    [OTHER.dealerEmail, 3],
  ] as const) {
    const [row] = await db
      .insert(users)
      .values({ email, name: email, passwordHash, organizationId: OTHER.organizationId, roleId })
      .onConflictDoUpdate({ target: users.email, set: { passwordHash } })
      .returning({ id: users.id });
    if (roleId === 3)
      await db
        .insert(userDealerships)
        .values({ userId: row!.id, dealershipId: OTHER.dealershipId })
        .onConflictDoNothing();
  }
}
