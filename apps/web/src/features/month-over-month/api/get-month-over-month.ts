import { type MonthOverMonthFilter, type MonthOverMonthResponse } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface MonthOverMonthParams {
  organizationId: number;
  dealershipId: number;
  dateFilter: MonthOverMonthFilter;
}

/** The path parameters of the month-over-month operations. */
export const monthOverMonthParams = ({ organizationId, dealershipId }: Omit<MonthOverMonthParams, 'dateFilter'>) => ({
  organization_id: organizationId,
  dealership_id: dealershipId,
});

/** `getMonthOverMonth` (`GET .../campaigns/month-over-month?dateFilter`): one table per campaign, one row per flight month (spec 001 §2.12). */
export function getMonthOverMonth(params: MonthOverMonthParams, signal?: AbortSignal): Promise<MonthOverMonthResponse> {
  return callOperation('getMonthOverMonth', {
    params: monthOverMonthParams(params),
    query: { dateFilter: params.dateFilter },
    signal,
  });
}

export const getMonthOverMonthQueryOptions = (params: MonthOverMonthParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'month-over-month', params.dateFilter),
    queryFn: ({ signal }) => getMonthOverMonth(params, signal),
  });

export function useMonthOverMonth(params: MonthOverMonthParams) {
  return useQuery({ ...getMonthOverMonthQueryOptions(params), placeholderData: keepPreviousData });
}
