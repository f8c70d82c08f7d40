import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export function logout(): Promise<void> {
  return callOperation('logout');
}

export function useLogout(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
      options.onSuccess?.();
    },
  });
}
