import type { emailDomainItemSchema, listEmailDomainsResponseSchema } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type ResponseOf } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

const domainsPath = (organizationId: number) => `/api/agencies/${organizationId}/email-domains`;
const domainsKey = (organizationId: number) => [...agencyKey(organizationId), 'email-domains'] as const;

/** `GET /api/agencies/{organization_id}/email-domains`: the domains the agency allows report emails to (roles 1–2). */
export const emailDomainsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: domainsKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listEmailDomainsResponseSchema>>(domainsPath(organizationId), { signal }),
  });
export function useEmailDomains(organizationId: number, enabled: boolean) {
  return useQuery({ ...emailDomainsQueryOptions(organizationId), enabled });
}

/** `POST …/email-domains` `{ domain }`; refreshes the list. */
export function useAddEmailDomain(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      api.post<ResponseOf<typeof emailDomainItemSchema>>(domainsPath(organizationId), { domain }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(organizationId) }),
  });
}

/** `DELETE …/email-domains/{domain}`; refreshes the list. */
export function useRemoveEmailDomain(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      apiRequest(`${domainsPath(organizationId)}/${encodeURIComponent(domain)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(organizationId) }),
  });
}
