import type {
  AcceptInvitationBody,
  InvitationPreview,
  invitationPreviewSchema,
  Me,
  PasswordResetBody,
  passwordResetRequestedSchema,
  signedInSchema,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { meQueryKey } from './get-me';

/** `POST /api/auth/invitation` `{ token }` → what the invitation is for (404 with the reason when it cannot be used). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: (): Promise<InvitationPreview> =>
      api.post<ResponseOf<typeof invitationPreviewSchema>>('/api/auth/invitation', { token }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** `POST /api/auth/invitation/accept`: creates the account and signs in (the answer is the signed-in user). */
export function useAcceptInvitation(options: { onSuccess?: (me: Me) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      api.post<ResponseOf<typeof signedInSchema>>('/api/auth/invitation/accept', body),
    onSuccess: (me) => {
      queryClient.clear();
      // The next `/api/me` read carries the session's CSRF token; until then the page only navigates.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      options.onSuccess?.(me);
    },
  });
}

/** `POST /api/auth/password-reset/request` `{ email }` → the same message for every address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<ResponseOf<typeof passwordResetRequestedSchema>>('/api/auth/password-reset/request', { email }),
  });
}

/** `POST /api/auth/password-reset` `{ token, password }` → 204; every session of the user has ended. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetBody) => api.post('/api/auth/password-reset', body),
    onSuccess: () => queryClient.clear(),
  });
}

/**
 * The token of an emailed link: the `token` of the URL's fragment (`#token=…`, never sent to a
 * server). Read once; the fragment is then removed from the address bar and history.
 */
export function takeLinkToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return token;
}
