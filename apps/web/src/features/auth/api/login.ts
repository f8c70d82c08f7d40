import { type LoginBody, type Me } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export function login(body: LoginBody): Promise<Me> {
  return callOperation('login', { body });
}

export function useLogin(options: { onSuccess?: (me: Me) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, me);
      options.onSuccess?.(me);
    },
  });
}
