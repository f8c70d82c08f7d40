import type { InviteUserBody, UpdateAgencyUserBody } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/** `listAgencyUsers` (`GET …/agencies/{organization_id}/users`) → the agency's users and invitations (roles 1–2). */
export const agencyUsersQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'users'),
    queryFn: ({ signal }) => callOperation('listAgencyUsers', { params: { organization_id: organizationId }, signal }),
  });
export function useAgencyUsers(organizationId: number) {
  return useQuery(agencyUsersQueryOptions(organizationId));
}

/** A mutation of the users page that refreshes the list (and the audit log) when it succeeds. */
function useUsersMutation<V, R>(organizationId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKey(organizationId) }),
  });
}

/** `inviteUser` (`POST …/invitations`) → 201 the invitation (emailed). */
export const useInviteUser = (organizationId: number) =>
  useUsersMutation(organizationId, (body: InviteUserBody) =>
    callOperation('inviteUser', { params: { organization_id: organizationId }, body }),
  );

/** `resendInvitation` (`POST …/invitations/{id}/resend`) → the invitation with a new link. */
export const useResendInvitation = (organizationId: number) =>
  useUsersMutation(organizationId, (invitationId: number) =>
    callOperation('resendInvitation', { params: { organization_id: organizationId, invitation_id: invitationId } }),
  );

/** `revokeInvitation` (`DELETE …/invitations/{id}`) → 204. */
export const useRevokeInvitation = (organizationId: number) =>
  useUsersMutation(organizationId, (invitationId: number) =>
    callOperation('revokeInvitation', { params: { organization_id: organizationId, invitation_id: invitationId } }),
  );

/** `updateAgencyUser` (`PATCH …/users/{id}` `{ role_id?, dealership_ids?, time_zone? }`) → the user. */
export const useUpdateUser = (organizationId: number) =>
  useUsersMutation(organizationId, ({ userId, body }: { userId: number; body: UpdateAgencyUserBody }) =>
    callOperation('updateAgencyUser', { params: { organization_id: organizationId, user_id: userId }, body }),
  );

/** `reactivateUser` / `deactivateUser` (`POST …/users/{id}/reactivate` or `/deactivate`) → the user. */
export const useSetUserActive = (organizationId: number) =>
  useUsersMutation(organizationId, ({ userId, active }: { userId: number; active: boolean }) =>
    callOperation(active ? 'reactivateUser' : 'deactivateUser', {
      params: { organization_id: organizationId, user_id: userId },
    }),
  );
