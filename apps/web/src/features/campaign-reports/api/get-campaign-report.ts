import { previousPeriod, type CampaignReport } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

/** `GET .../campaigns/{id}/report`: header, totals, daily rows and section counts of every report page; 404 when the campaign is not the dealership's. */
export function getCampaignReport(params: ReportParams, signal?: AbortSignal): Promise<CampaignReport> {
  return callOperation('getCampaignReport', { params: reportPathParams(params), query: rangeQuery(params), signal });
}

export const getCampaignReportQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getCampaignReport'),
    queryFn: ({ signal }) => getCampaignReport(params, signal),
  });

export function useCampaignReport(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getCampaignReportQueryOptions(params),
    enabled: options.enabled ?? true,
    // Keep the page on screen while another range of the same campaign loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[6] === params.campaignId ? keepPreviousData(previous) : undefined,
  });
}

/**
 * The same call for the previous period of equal length (contracts `previousPeriod`: as many days,
 * ending the day before the range starts): the report cards' changes, as the PDF's summary.
 */
export function usePreviousPeriodReport(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getCampaignReportQueryOptions({ ...params, ...previousPeriod(params) }),
    enabled: options.enabled ?? true,
  });
}
