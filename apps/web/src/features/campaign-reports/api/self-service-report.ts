import {
  type selfServiceCampaignSchema,
  type selfServiceMetricsResponseSchema,
  type selfServiceProductsResponseSchema,
  type SelfServiceProductsResponse,
} from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, type DownloadedFile, type ResponseOf } from '@/lib/api-client';
import {
  campaignsApiPath,
  rangeQuery,
  reportQueryKey,
  tableQuery,
  tableQueryKey,
  type ReportParams,
  type ReportTableParams,
} from './report-params';

/** `.../campaigns/self-service/{campaign_id}`: every self-service report call starts here (spec 001 §7). */
export function selfServicePath(params: ReportParams): string {
  return `${campaignsApiPath(params)}/self-service/${params.campaignId}`;
}

/** `GET .../campaigns/self-service/{campaign_id}`: the campaign (name, account, import status). */
export const selfServiceCampaignQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: [...reportQueryKey({ ...params, startDate: '', endDate: '' }, 'getSelfServiceCampaign')],
    queryFn: ({ signal }) => api.get<ResponseOf<typeof selfServiceCampaignSchema>>(selfServicePath(params), { signal }),
  });

export function useSelfServiceCampaign(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...selfServiceCampaignQueryOptions(params), enabled: options.enabled ?? true });
}

/** `GET .../self-service/{campaign_id}/metrics?start_date&end_date`: daily rows, totals, product count. */
export const selfServiceMetricsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getSelfServiceMetrics'),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof selfServiceMetricsResponseSchema>>(`${selfServicePath(params)}/metrics`, {
        query: rangeQuery(params),
        signal,
      }),
  });

export function useSelfServiceMetrics(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...selfServiceMetricsQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

/** `GET .../self-service/{campaign_id}/products` (paged, clicks descending); CSV at the same path + `/csv`. */
export const listSelfServiceProductsPath = (params: ReportParams) => `${selfServicePath(params)}/products`;

export function useSelfServiceProducts(params: ReportTableParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: tableQueryKey(params, 'listSelfServiceProducts'),
    queryFn: ({ signal }): Promise<SelfServiceProductsResponse> =>
      api.get<ResponseOf<typeof selfServiceProductsResponseSchema>>(listSelfServiceProductsPath(params), {
        query: tableQuery(params),
        signal,
      }),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

/** `GET .../self-service/{campaign_id}/report.pdf?start_date&end_date`. */
export function exportSelfServicePdf(params: ReportParams): Promise<DownloadedFile> {
  return api.download(`${selfServicePath(params)}/report.pdf`, {
    query: rangeQuery(params),
    accept: 'application/pdf',
  });
}

export function useExportSelfServicePdf() {
  return useMutation({ mutationFn: exportSelfServicePdf });
}
