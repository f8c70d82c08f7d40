import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneCalls as calls } from '../../db/schema';
import type { ReportCampaignRecord, ReportRange } from './campaign';
import {
  containsText,
  filterValues,
  inLocalDays,
  isoDateTime,
  orderClauses,
  type Slice,
  type TableState,
} from './table';

export interface CallTableParams extends ReportRange, TableState {
  campaign: Pick<ReportCampaignRecord, 'id' | 'timeZone'>;
}

/** A phone call row before its recording key becomes a signed URL. */
export interface PhoneCallRecord {
  phone_call_vendor_id: string;
  phone_number: string;
  datetime: string;
  duration: number;
  recordingKey: string | null;
}

/**
 * Calls whose local day (organization time zone) is in the range; filter `phone_number`: digits
 * typed are matched against the number's digits ('8645550101' finds '+1 (864) 555-0101').
 */
function callWhere(params: CallTableParams): SQL {
  const conditions: SQL[] = [
    eq(calls.campaignId, params.campaign.id),
    inLocalDays(calls.datetime, params, params.campaign.timeZone),
  ];
  for (const text of filterValues(params.filters, 'phone_number')) {
    const digits = text.replace(/\D/g, '');
    conditions.push(
      digits.length > 0
        ? containsText(sql`regexp_replace(${calls.phoneNumber}, '[^0-9]', '', 'g')`, digits)
        : containsText(calls.phoneNumber, text),
    );
  }
  return and(...conditions)!;
}

/** One slice of the phone calls table (spec 000 §2.7): default datetime descending, ties by call id. */
export function listCalls(
  db: Db,
  { slice, ...params }: CallTableParams & { slice: Slice },
): Promise<PhoneCallRecord[]> {
  return db
    .select({
      phone_call_vendor_id: calls.phoneCallVendorId,
      phone_number: calls.phoneNumber,
      datetime: isoDateTime(calls.datetime),
      duration: calls.duration,
      recordingKey: calls.recordingKey,
    })
    .from(calls)
    .where(callWhere(params))
    .orderBy(
      ...orderClauses(
        params.sorting,
        { phone_number: sql`${calls.phoneNumber} collate "C"`, datetime: calls.datetime, duration: calls.duration },
        [desc(calls.datetime)],
        [asc(calls.phoneCallVendorId)],
      ),
    )
    .limit(slice.limit)
    .offset(slice.offset);
}

export async function countCalls(db: Db, params: CallTableParams): Promise<number> {
  const [row] = await db.select({ total: count() }).from(calls).where(callWhere(params));
  return row?.total ?? 0;
}
