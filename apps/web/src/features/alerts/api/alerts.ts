import type { AlertListQuery, AlertSettingsBody } from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/** The alert centre's filters as sent (the contract's query with its defaults optional). */
export type AlertFilters = Partial<AlertListQuery>;

/** `listAlerts` (`GET …/agencies/{organization_id}/alerts?…`) → `{ data, total, counts, dealerships }`. */
export const alertsQueryOptions = (organizationId: number, filters: AlertFilters) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'alerts', 'list', filters),
    queryFn: ({ signal }) =>
      callOperation('listAlerts', { params: { organization_id: organizationId }, query: filters, signal }),
    placeholderData: keepPreviousData,
  });
export function useAlerts(organizationId: number, filters: AlertFilters) {
  return useQuery(alertsQueryOptions(organizationId, filters));
}

export { useOpenAlertCount } from './alert-count';

/** A mutation of one alert that refreshes the list and the bell when it succeeds. */
function useAlertMutation<V, R>(organizationId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKey(organizationId, 'alerts') }),
  });
}

/** `acknowledgeAlert` (`POST …/alerts/{id}/acknowledge`) → the alert. */
export const useAcknowledgeAlert = (organizationId: number) =>
  useAlertMutation(organizationId, (alertId: number) =>
    callOperation('acknowledgeAlert', { params: { organization_id: organizationId, alert_id: alertId } }),
  );

/** `snoozeAlert` (`POST …/alerts/{id}/snooze` `{ until }`) → the alert, hidden through that day. */
export const useSnoozeAlert = (organizationId: number) =>
  useAlertMutation(organizationId, ({ alertId, until }: { alertId: number; until: string }) =>
    callOperation('snoozeAlert', { params: { organization_id: organizationId, alert_id: alertId }, body: { until } }),
  );

/** `commentAlert` (`POST …/alerts/{id}/comments` `{ body }`) → the alert with its comments. */
export const useCommentAlert = (organizationId: number) =>
  useAlertMutation(organizationId, ({ alertId, body }: { alertId: number; body: string }) =>
    callOperation('commentAlert', { params: { organization_id: organizationId, alert_id: alertId }, body: { body } }),
  );

/** `getAlertSettings` (`GET …/alert-settings`, roles 1–2) → the thresholds. */
export function useAlertSettings(organizationId: number, enabled: boolean) {
  return useQuery({
    queryKey: agencyKey(organizationId, 'alerts', 'settings'),
    queryFn: ({ signal }) => callOperation('getAlertSettings', { params: { organization_id: organizationId }, signal }),
    enabled,
  });
}

/** `updateAlertSettings` (`PUT …/alert-settings`) → the stored thresholds. */
export const useUpdateAlertSettings = (organizationId: number) =>
  useAlertMutation(organizationId, (body: AlertSettingsBody) =>
    callOperation('updateAlertSettings', { params: { organization_id: organizationId }, body }),
  );
