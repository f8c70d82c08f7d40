import {
  type monthOverMonthResponseSchema,
  type MonthOverMonthFilter,
  type MonthOverMonthResponse,
} from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface MonthOverMonthParams {
  organizationId: number;
  dealershipId: number;
  dateFilter: MonthOverMonthFilter;
}

export const monthOverMonthPath = ({ organizationId, dealershipId }: Omit<MonthOverMonthParams, 'dateFilter'>) =>
  `/api/agencies/${organizationId}/dealership/${dealershipId}/campaigns/month-over-month`;

/** `GET .../campaigns/month-over-month?dateFilter`: one table per campaign, one row per flight month (spec 001 §2.12). */
export function getMonthOverMonth(params: MonthOverMonthParams, signal?: AbortSignal): Promise<MonthOverMonthResponse> {
  return api.get<ResponseOf<typeof monthOverMonthResponseSchema>>(monthOverMonthPath(params), {
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
