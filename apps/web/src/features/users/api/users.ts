import type {
  agencyUserSchema,
  invitationSchema,
  InviteUserBody,
  listAgencyUsersResponseSchema,
  UpdateAgencyUserBody,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type ResponseOf } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

const base = (organizationId: number) => `/api/agencies/${organizationId}`;
const usersKey = (organizationId: number) => [...agencyKey(organizationId), 'users'] as const;

/** `GET /api/agencies/{organization_id}/users` → the agency's users and invitations (roles 1–2). */
export const agencyUsersQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: usersKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listAgencyUsersResponseSchema>>(`${base(organizationId)}/users`, { signal }),
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

/** `POST …/invitations` → 201 the invitation (emailed). */
export const useInviteUser = (organizationId: number) =>
  useUsersMutation(organizationId, (body: InviteUserBody) =>
    api.post<ResponseOf<typeof invitationSchema>>(`${base(organizationId)}/invitations`, body),
  );

/** `POST …/invitations/{id}/resend` → the invitation with a new link. */
export const useResendInvitation = (organizationId: number) =>
  useUsersMutation(organizationId, (invitationId: number) =>
    api.post<ResponseOf<typeof invitationSchema>>(`${base(organizationId)}/invitations/${invitationId}/resend`),
  );

/** `DELETE …/invitations/{id}` → 204. */
export const useRevokeInvitation = (organizationId: number) =>
  useUsersMutation(organizationId, (invitationId: number) =>
    apiRequest(`${base(organizationId)}/invitations/${invitationId}`, { method: 'DELETE' }),
  );

/** `PATCH …/users/{id}` `{ role_id?, dealership_ids? }` → the user. */
export const useUpdateUser = (organizationId: number) =>
  useUsersMutation(organizationId, ({ userId, body }: { userId: number; body: UpdateAgencyUserBody }) =>
    apiRequest<ResponseOf<typeof agencyUserSchema>>(`${base(organizationId)}/users/${userId}`, {
      method: 'PATCH',
      body,
    }),
  );

/** `POST …/users/{id}/deactivate` or `/reactivate` → the user. */
export const useSetUserActive = (organizationId: number) =>
  useUsersMutation(organizationId, ({ userId, active }: { userId: number; active: boolean }) =>
    api.post<ResponseOf<typeof agencyUserSchema>>(
      `${base(organizationId)}/users/${userId}/${active ? 'reactivate' : 'deactivate'}`,
    ),
  );
