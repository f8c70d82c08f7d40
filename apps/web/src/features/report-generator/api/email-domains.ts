import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

const domainsKey = (organizationId: number) => agencyKey(organizationId, 'email-domains');

/** `listEmailDomains` (`GET …/agencies/{organization_id}/email-domains`): the domains the agency allows report emails to (roles 1–2). */
export const emailDomainsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: domainsKey(organizationId),
    queryFn: ({ signal }) => callOperation('listEmailDomains', { params: { organization_id: organizationId }, signal }),
  });
export function useEmailDomains(organizationId: number, enabled: boolean) {
  return useQuery({ ...emailDomainsQueryOptions(organizationId), enabled });
}

/** `addEmailDomain` (`POST …/email-domains` `{ domain }`); refreshes the list. */
export function useAddEmailDomain(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      callOperation('addEmailDomain', { params: { organization_id: organizationId }, body: { domain } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(organizationId) }),
  });
}

/** `removeEmailDomain` (`DELETE …/email-domains/{domain}`); refreshes the list. */
export function useRemoveEmailDomain(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      callOperation('removeEmailDomain', { params: { organization_id: organizationId, domain } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(organizationId) }),
  });
}
