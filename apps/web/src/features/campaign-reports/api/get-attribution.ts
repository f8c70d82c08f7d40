import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

/** A dealership and a range of sold days (dealership-local, inclusive). */
export interface AttributionParams {
  organizationId: number;
  dealershipId: number;
  startDate: string;
  endDate: string;
}

const tenantParams = ({ organizationId, dealershipId }: { organizationId: number; dealershipId: number }) => ({
  organization_id: organizationId,
  dealership_id: dealershipId,
});

/** `getAttributionSummary` (`GET …/attribution?startDate&endDate`): per campaign and product code, with the rule. */
export const attributionSummaryQueryOptions = (params: AttributionParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'attribution', 'summary', {
      startDate: params.startDate,
      endDate: params.endDate,
    }),
    queryFn: ({ signal }) =>
      callOperation('getAttributionSummary', {
        params: tenantParams(params),
        query: { startDate: params.startDate, endDate: params.endDate },
        signal,
      }),
  });
export function useAttributionSummary(params: AttributionParams) {
  return useQuery(attributionSummaryQueryOptions(params));
}

/** `listAttributedSales` (`GET …/attribution/sales`): one page of matched sales with their evidence. */
export function useAttributedSales(
  params: AttributionParams & { campaignId?: number | undefined; pageIndex: number; pageSize: number },
) {
  return useQuery({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'attribution', 'sales', {
      startDate: params.startDate,
      endDate: params.endDate,
      campaignId: params.campaignId,
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
    }),
    queryFn: ({ signal }) =>
      callOperation('listAttributedSales', {
        params: tenantParams(params),
        query: {
          startDate: params.startDate,
          endDate: params.endDate,
          ...(params.campaignId === undefined ? {} : { campaign_id: params.campaignId }),
          pageIndex: params.pageIndex,
          pageSize: params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
