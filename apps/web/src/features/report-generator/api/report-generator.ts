import { REPORT_TAG_PAGE_SIZE, type DateRange, type ReportRequest } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface TenantIds {
  organizationId: number;
  dealershipId: number;
}

/** The path parameters of the dealership's operations. */
const tenant = ({ organizationId, dealershipId }: TenantIds) => ({
  organization_id: organizationId,
  dealership_id: dealershipId,
});
/** The key of the scheduled reports (every change refreshes it). */
const schedulesKey = (ids: TenantIds) => tenantKey(ids.organizationId, ids.dealershipId, 'report-schedules');

/** Campaign report rows of the period (spec 001 §7: onlyFlights 1, includeAdditionalMetrics 0): the campaigns to choose from. */
export const reportCampaignsQueryOptions = (ids: TenantIds, range: DateRange | null) =>
  queryOptions({
    queryKey: tenantKey(ids.organizationId, ids.dealershipId, 'report-rows', range),
    enabled: range !== null,
    queryFn: ({ signal }) =>
      callOperation('listReportRows', {
        params: tenant(ids),
        query: { ...range!, onlyFlights: '1', includeAdditionalMetrics: '0' },
        signal,
      }),
  });
export function useReportCampaigns(ids: TenantIds, range: DateRange | null) {
  return useQuery(reportCampaignsQueryOptions(ids, range));
}

/** Conversion tag names (page size 100, spec 001 §9). */
export const reportTagsQueryOptions = (ids: TenantIds) =>
  queryOptions({
    queryKey: tenantKey(ids.organizationId, ids.dealershipId, 'report-tags'),
    queryFn: ({ signal }) =>
      callOperation('listReportTags', {
        params: tenant(ids),
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
    queryKey: tenantKey(ids.organizationId, ids.dealershipId, 'google-service-user'),
    queryFn: ({ signal }) => callOperation('getSheetsServiceUser', { params: tenant(ids), signal }),
    staleTime: 5 * 60_000,
  });
}

/** The access check of a sheet URL for the service account (spec 001 §7). */
export function useCheckSheetAccess(ids: TenantIds) {
  return useMutation({
    mutationFn: (body: { spreadsheet_url: string; service_email: string | null }) =>
      callOperation('checkSheetAccess', { params: tenant(ids), body }),
  });
}

/** `POST .../campaigns/report-generator`; a recurring one refreshes the scheduled list. */
export function useGenerateReport(ids: TenantIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportRequest) => callOperation('requestReport', { params: tenant(ids), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey(ids) }),
  });
}

/** The signed-in user's scheduled reports. */
export const reportSchedulesQueryOptions = (ids: TenantIds) =>
  queryOptions({
    queryKey: schedulesKey(ids),
    queryFn: ({ signal }) => callOperation('listReportSchedules', { params: tenant(ids), signal }),
  });
export function useReportSchedules(ids: TenantIds) {
  return useQuery(reportSchedulesQueryOptions(ids));
}

/**
 * The delivery log of one schedule (issue 21 §5), newest first. Its key is under the schedules' key,
 * so every change that refreshes the list refreshes it too.
 */
export const reportDeliveriesQueryOptions = (ids: TenantIds, scheduleId: number) =>
  queryOptions({
    queryKey: [...schedulesKey(ids), scheduleId, 'deliveries'] as const,
    queryFn: ({ signal }) =>
      callOperation('listReportDeliveries', { params: { ...tenant(ids), schedule_id: scheduleId }, signal }),
  });
export function useReportDeliveries(ids: TenantIds, scheduleId: number) {
  return useQuery(reportDeliveriesQueryOptions(ids, scheduleId));
}

/** Pause / resume or delete a scheduled report; both refresh the list. */
export function useUpdateReportSchedule(ids: TenantIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      callOperation('updateReportSchedule', { params: { ...tenant(ids), schedule_id: id }, body: { paused } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey(ids) }),
  });
}
export function useDeleteReportSchedule(ids: TenantIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation('deleteReportSchedule', { params: { ...tenant(ids), schedule_id: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey(ids) }),
  });
}

/** `PATCH .../report-schedules/{id}` `{ request }`: replaces the schedule's report (409 for a copy of another). */
export function useEditReportSchedule(ids: TenantIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: number; request: ReportRequest }) =>
      callOperation('updateReportSchedule', { params: { ...tenant(ids), schedule_id: id }, body: { request } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey(ids) }),
  });
}

/**
 * `POST .../report-schedules/{id}/send-now`: today's run now (one job however often it is clicked);
 * refreshes the list now and a few times over the next 20 s, so 'Last run' changes when the job has run.
 */
export function useSendScheduleNow(ids: TenantIds) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: schedulesKey(ids) });
  return useMutation({
    mutationFn: (id: number) => callOperation('sendReportScheduleNow', { params: { ...tenant(ids), schedule_id: id } }),
    onSuccess: () => {
      void refresh();
      for (const ms of [2000, 5000, 10_000, 20_000]) window.setTimeout(() => void refresh(), ms);
    },
  });
}
