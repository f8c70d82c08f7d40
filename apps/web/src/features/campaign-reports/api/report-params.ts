import { REPORT_PAGE_SIZE, type DateRangeQuery, type SortingItem } from '@portal/contracts';
import { tenantKey } from '@/lib/query-keys';

/** What every report call names: the tenant, the campaign and the range (URL `startDate`/`endDate`). */
export interface ReportParams extends DateRangeQuery {
  organizationId: number;
  dealershipId: number;
  campaignId: number;
}

/** A report table's state: page (size 10, spec 000 §9) and sorting; filters are not used by these pages. */
export interface ReportTableParams extends ReportParams {
  pageIndex: number;
  pageSize?: number;
  sorting: SortingItem[];
}

/** The path parameters of every report operation: the tenant and the campaign (spec 000 §7). */
export function reportPathParams({ organizationId, dealershipId, campaignId }: ReportParams) {
  return { organization_id: organizationId, dealership_id: dealershipId, campaign_id: campaignId };
}

/** Report calls take the range as `start_date` / `end_date`. */
export function rangeQuery({ startDate, endDate }: DateRangeQuery) {
  return { start_date: startDate, end_date: endDate };
}

/** A table page's query: `pageIndex`, `pageSize`, `sorting` as a JSON array, and the range. */
export function tableQuery(params: ReportTableParams) {
  return {
    pageIndex: params.pageIndex,
    pageSize: params.pageSize ?? REPORT_PAGE_SIZE,
    sorting: params.sorting.length > 0 ? JSON.stringify(params.sorting) : undefined,
    ...rangeQuery(params),
  };
}

/** A CSV export's query: the whole sorted set over the range (no paging). */
export function csvQuery(params: ReportParams & { sorting: SortingItem[] }) {
  return {
    sorting: params.sorting.length > 0 ? JSON.stringify(params.sorting) : undefined,
    ...rangeQuery(params),
  };
}

/** Query keys of a campaign's report calls share this prefix, so one invalidation reaches them all. */
export function reportQueryKey(params: ReportParams, operation: string, extra: Record<string, unknown> = {}) {
  return tenantKey(params.organizationId, params.dealershipId, 'campaigns', 'report', params.campaignId, operation, {
    startDate: params.startDate,
    endDate: params.endDate,
    ...extra,
  });
}

/** Query key of a table page. */
export function tableQueryKey(params: ReportTableParams, operation: string, extra: Record<string, unknown> = {}) {
  return reportQueryKey(params, operation, {
    pageIndex: params.pageIndex,
    pageSize: params.pageSize ?? REPORT_PAGE_SIZE,
    sorting: params.sorting,
    ...extra,
  });
}
