import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/** The filters of the audit log page (URL search parameters). */
export interface AuditLogFilters {
  user_id?: number | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageIndex: number;
}

/** `listAuditLog` (`GET …/agencies/{organization_id}/audit-log?…`) → a page of 50 rows, newest first (roles 1–2). */
export const auditLogQueryOptions = (organizationId: number, filters: AuditLogFilters) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'audit-log', filters),
    queryFn: ({ signal }) =>
      callOperation('listAuditLog', {
        params: { organization_id: organizationId },
        query: { ...filters, pageSize: 50 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export function useAuditLog(organizationId: number, filters: AuditLogFilters) {
  return useQuery(auditLogQueryOptions(organizationId, filters));
}

/** `exportAuditLogCsv` (`GET …/audit-log/csv?…`) → every matching row as CSV. */
export function useDownloadAuditLog(organizationId: number) {
  return useMutation({
    mutationFn: (filters: Omit<AuditLogFilters, 'pageIndex'>) =>
      downloadOperation('exportAuditLogCsv', {
        params: { organization_id: organizationId },
        query: { ...filters },
        accept: 'text/csv',
      }),
  });
}
