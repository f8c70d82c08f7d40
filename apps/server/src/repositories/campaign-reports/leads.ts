import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignLeads as leads } from '../../db/schema';
import type { ReportCampaignRecord, ReportRange } from './campaign';
import { byText, filterValues, inLocalDays, isoDateTime, orderClauses, type Slice, type TableState } from './table';

export interface LeadTableParams extends ReportRange, TableState {
  campaign: Pick<ReportCampaignRecord, 'id' | 'timeZone'>;
}

function leadWhere(params: LeadTableParams): SQL {
  const conditions: SQL[] = [
    eq(leads.campaignId, params.campaign.id),
    inLocalDays(leads.datetime, params, params.campaign.timeZone),
  ];
  const types = filterValues(params.filters, 'lead_type').map((v) => v.toLowerCase());
  if (types.length > 0) conditions.push(inArray(sql`lower(${leads.leadType})`, types));
  const statuses = filterValues(params.filters, 'status').map((v) => v.toLowerCase());
  if (statuses.length > 0) conditions.push(inArray(sql`lower(${leads.status})`, statuses));
  return and(...conditions)!;
}

/**
 * One slice of the leads table: leads whose local day is in the range, newest first by default,
 * ties by lead id. Filters: `lead_type`, `status` (one or more values each).
 */
export function listLeads(db: Db, { slice, ...params }: LeadTableParams & { slice: Slice }) {
  return db
    .select({
      lead_id: leads.leadId,
      datetime: isoDateTime(leads.datetime),
      lead_type: leads.leadType,
      contact_name: leads.contactName,
      vehicle_vin: leads.vehicleVin,
      status: leads.status,
    })
    .from(leads)
    .where(leadWhere(params))
    .orderBy(
      ...orderClauses(
        params.sorting,
        {
          datetime: leads.datetime,
          lead_type: byText(leads.leadType),
          contact_name: byText(leads.contactName),
          status: byText(leads.status),
        },
        [desc(leads.datetime)],
        [asc(leads.leadId)],
      ),
    )
    .limit(slice.limit)
    .offset(slice.offset);
}

export async function countLeads(db: Db, params: LeadTableParams): Promise<number> {
  const [row] = await db.select({ total: count() }).from(leads).where(leadWhere(params));
  return row?.total ?? 0;
}
