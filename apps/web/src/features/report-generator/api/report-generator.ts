import {
  type listReportSchedulesResponseSchema,
  type listReportTagsResponseSchema,
  REPORT_TAG_PAGE_SIZE,
  type reportRequestResponseSchema,
  type reportRowsResponseSchema,
  type sendScheduleNowResponseSchema,
  type serviceUserResponseSchema,
  type sheetAccessResponseSchema,
  type DateRange,
  type ReportRequest,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type ResponseOf } from '@/lib/api-client';
import { dealershipKey } from '@/lib/query-keys';

export interface TenantIds {
  organizationId: number;
  dealershipId: number;
}

const tenantPath = ({ organizationId, dealershipId }: TenantIds) =>
  `/api/agencies/${organizationId}/dealership/${dealershipId}`;
const keyOf = (ids: TenantIds) => dealershipKey(ids.organizationId, ids.dealershipId);

/** Campaign report rows of the period (spec 001 §7: onlyFlights 1, includeAdditionalMetrics 0): the campaigns to choose from. */
export const reportCampaignsQueryOptions = (ids: TenantIds, range: DateRange | null) =>
  queryOptions({
    queryKey: [...keyOf(ids), 'report-rows', range],
    enabled: range !== null,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof reportRowsResponseSchema>>(`${tenantPath(ids)}/campaigns/report-rows`, {
        query: { ...range!, onlyFlights: 1, includeAdditionalMetrics: 0 },
        signal,
      }),
  });
export function useReportCampaigns(ids: TenantIds, range: DateRange | null) {
  return useQuery(reportCampaignsQueryOptions(ids, range));
}

/** Conversion tag names (page size 100, spec 001 §9). */
export const reportTagsQueryOptions = (ids: TenantIds) =>
  queryOptions({
    queryKey: [...keyOf(ids), 'report-tags'],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listReportTagsResponseSchema>>(`${tenantPath(ids)}/campaigns/report-tags`, {
        query: { pageIndex: 0, pageSize: REPORT_TAG_PAGE_SIZE },
        signal,
      }),
  });
export function useReportTags(ids: TenantIds) {
  return useQuery(reportTagsQueryOptions(ids));
}

/** `GET .../utils/google_spreadsheet/service-user`: the service account to share a sheet with. */
export function useServiceUser(ids: TenantIds) {
  return useQuery({
    queryKey: [...keyOf(ids), 'google-service-user'],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof serviceUserResponseSchema>>(
        `${tenantPath(ids)}/utils/google_spreadsheet/service-user`,
        {
          signal,
        },
      ),
    staleTime: 5 * 60_000,
  });
}

/** The access check of a sheet URL for the service account (spec 001 §7). */
export function useCheckSheetAccess(ids: TenantIds) {
  return useMutation({
    mutationFn: (body: { spreadsheet_url: string; service_email: string | null }) =>
      api.post<ResponseOf<typeof sheetAccessResponseSchema>>(
        `${tenantPath(ids)}/utils/google_spreadsheet/check-access`,
        body,
      ),
  });
}

/** `POST .../campaigns/report-generator`; a recurring one refreshes the scheduled list. */
export function useGenerateReport(ids: TenantIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportRequest) =>
      api.post<ResponseOf<typeof reportRequestResponseSchema>>(`${tenantPath(ids)}/campaigns/report-generator`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keyOf(ids), 'report-schedules'] }),
  });
}

/** The signed-in user's scheduled reports. */
export const reportSchedulesQueryOptions = (ids: TenantIds) =>
  queryOptions({
    queryKey: [...keyOf(ids), 'report-schedules'],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listReportSchedulesResponseSchema>>(`${tenantPath(ids)}/campaigns/report-schedules`, {
        signal,
      }),
  });
export function useReportSchedules(ids: TenantIds) {
  return useQuery(reportSchedulesQueryOptions(ids));
}

/** Pause / resume or delete a scheduled report; both refresh the list. */
export function useUpdateReportSchedule(ids: TenantIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      apiRequest(`${tenantPath(ids)}/campaigns/report-schedules/${id}`, { method: 'PATCH', body: { paused } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keyOf(ids), 'report-schedules'] }),
  });
}
export function useDeleteReportSchedule(ids: TenantIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${tenantPath(ids)}/campaigns/report-schedules/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keyOf(ids), 'report-schedules'] }),
  });
}

/** `PATCH .../report-schedules/{id}` `{ request }`: replaces the schedule's report (409 for a copy of another). */
export function useEditReportSchedule(ids: TenantIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: number; request: ReportRequest }) =>
      apiRequest(`${tenantPath(ids)}/campaigns/report-schedules/${id}`, { method: 'PATCH', body: { request } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keyOf(ids), 'report-schedules'] }),
  });
}

/**
 * `POST .../report-schedules/{id}/send-now`: today's run now (one job however often it is clicked);
 * refreshes the list now and a few times over the next 20 s, so 'Last run' changes when the job has run.
 */
export function useSendScheduleNow(ids: TenantIds) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...keyOf(ids), 'report-schedules'] });
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ResponseOf<typeof sendScheduleNowResponseSchema>>(
        `${tenantPath(ids)}/campaigns/report-schedules/${id}/send-now`,
        {},
      ),
    onSuccess: () => {
      void refresh();
      for (const ms of [2000, 5000, 10_000, 20_000]) window.setTimeout(() => void refresh(), ms);
    },
  });
}
