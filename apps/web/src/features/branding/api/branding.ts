import type { UpdateAgencyBrandingBody, UploadAgencyLogoBody } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey, sharedKey } from '@/lib/query-keys';

/** `getAgencyBranding` (`GET …/agencies/{organization_id}/branding`) → the settings (roles 1–2). */
export const agencyBrandingQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'branding'),
    queryFn: ({ signal }) =>
      callOperation('getAgencyBranding', { params: { organization_id: organizationId }, signal }),
  });
export function useAgencyBranding(organizationId: number) {
  return useQuery(agencyBrandingQueryOptions(organizationId));
}

/** A branding mutation: the settings, the public brand (shell) and the audit log refresh on success. */
function useBrandingMutation<V>(organizationId: number, mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agencyKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: sharedKey('brands') }),
      ]);
    },
  });
}

/** `updateAgencyBranding` (`PUT …/branding`) → the settings. */
export const useUpdateAgencyBranding = (organizationId: number) =>
  useBrandingMutation(organizationId, (body: UpdateAgencyBrandingBody) =>
    callOperation('updateAgencyBranding', { params: { organization_id: organizationId }, body }),
  );

/** `uploadAgencyLogo` (`PUT …/branding/logo` `{ content_type, data_base64 }`) → the settings. */
export const useUploadAgencyLogo = (organizationId: number) =>
  useBrandingMutation(organizationId, (body: UploadAgencyLogoBody) =>
    callOperation('uploadAgencyLogo', { params: { organization_id: organizationId }, body }),
  );

/** `deleteAgencyLogo` (`DELETE …/branding/logo`) → the settings. */
export const useDeleteAgencyLogo = (organizationId: number) =>
  useBrandingMutation(organizationId, () =>
    callOperation('deleteAgencyLogo', { params: { organization_id: organizationId } }),
  );
