import type {
  AcceptInvitationBody,
  InvitationPreview,
  Me,
  PasswordResetBody,
  PasswordResetPreview,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { sharedKey } from '@/lib/query-keys';
import { meQueryKey } from './get-me';

/** `getInvitation` (`POST …/auth/invitation` `{ token }`) → what the invitation is for (404 with the reason when it cannot be used). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: sharedKey('invitation', token),
    queryFn: (): Promise<InvitationPreview> => callOperation('getInvitation', { body: { token: token! } }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** `acceptInvitation`: creates the account and signs in (the answer is the signed-in user). */
export function useAcceptInvitation(options: { onSuccess?: (me: Me) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => callOperation('acceptInvitation', { body }),
    onSuccess: (me) => {
      queryClient.clear();
      // The next `getMe` read carries the session's CSRF token; until then the page only navigates.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      options.onSuccess?.(me);
    },
  });
}

/** `requestPasswordReset` `{ email }` → the same message for every address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => callOperation('requestPasswordReset', { body: { email } }),
  });
}

/**
 * `checkPasswordReset` (`POST …/auth/password-reset/check` `{ token }`) → the account's email and when
 * the link expires; 404 with the reason when the link is unknown, used or expired.
 */
export function usePasswordResetPreview(token: string | null) {
  return useQuery({
    queryKey: sharedKey('password-reset', token),
    queryFn: (): Promise<PasswordResetPreview> => callOperation('checkPasswordReset', { body: { token: token! } }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** `resetPassword` `{ token, password }` → 204; every session of the user has ended. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetBody) => callOperation('resetPassword', { body }),
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
