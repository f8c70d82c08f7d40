import { type SelfServiceProductsResponse } from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callOperation, downloadOperation, type DownloadedFile } from '@/lib/api-client';
import {
  rangeQuery,
  reportPathParams,
  reportQueryKey,
  tableQuery,
  tableQueryKey,
  type ReportParams,
  type ReportTableParams,
} from './report-params';

/** `getSelfServiceCampaign` (`GET .../campaigns/self-service/{campaign_id}`): the campaign (name, account, import status). */
export const selfServiceCampaignQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey({ ...params, startDate: '', endDate: '' }, 'getSelfServiceCampaign'),
    queryFn: ({ signal }) => callOperation('getSelfServiceCampaign', { params: reportPathParams(params), signal }),
  });

export function useSelfServiceCampaign(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...selfServiceCampaignQueryOptions(params), enabled: options.enabled ?? true });
}

/** `getSelfServiceMetrics` (`GET .../self-service/{campaign_id}/metrics?`start_date&end_date`: daily rows, totals, product count. */
export const selfServiceMetricsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getSelfServiceMetrics'),
    queryFn: ({ signal }) =>
      callOperation('getSelfServiceMetrics', { params: reportPathParams(params), query: rangeQuery(params), signal }),
  });

export function useSelfServiceMetrics(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...selfServiceMetricsQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

/** `listSelfServiceProducts` (`GET .../self-service/{campaign_id}/products`, paged, clicks descending); CSV: `listSelfServiceProductsCsv`. */
export function useSelfServiceProducts(params: ReportTableParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: tableQueryKey(params, 'listSelfServiceProducts'),
    queryFn: ({ signal }): Promise<SelfServiceProductsResponse> =>
      callOperation('listSelfServiceProducts', { params: reportPathParams(params), query: tableQuery(params), signal }),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

/** `getSelfServiceReportPdf` (`GET .../self-service/{campaign_id}/report.pdf?start_date&end_date`). */
export function exportSelfServicePdf(params: ReportParams): Promise<DownloadedFile> {
  return downloadOperation('getSelfServiceReportPdf', {
    params: reportPathParams(params),
    query: rangeQuery(params),
    accept: 'application/pdf',
  });
}

export function useExportSelfServicePdf() {
  return useMutation({ mutationFn: exportSelfServicePdf });
}
