import { type Me } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation, isApiError } from '@/lib/api-client';
import { sharedKey } from '@/lib/query-keys';

export const meQueryKey = sharedKey('me');

/** The signed-in user, or null when there is no session (`getMe` answers 401). */
export async function getMe(): Promise<Me | null> {
  try {
    return await callOperation('getMe');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const getMeQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60_000 });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
