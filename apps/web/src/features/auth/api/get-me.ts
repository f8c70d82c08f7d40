import { type meSchema, type Me } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, type ResponseOf } from '@/lib/api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when there is no session (`GET /api/me` answers 401). */
export async function getMe(): Promise<Me | null> {
  try {
    return await api.get<ResponseOf<typeof meSchema>>('/api/me');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const getMeQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60_000 });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
