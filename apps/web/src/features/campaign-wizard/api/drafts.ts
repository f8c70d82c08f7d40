import {
  type createDraftResponseSchema,
  type listIncompleteResponseSchema,
  type CreateDraftBody,
  type Draft,
} from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { dealershipKey, tenantPath } from './keys';

export interface TenantIds {
  organizationId: number;
  dealershipId: number;
}

/** `POST .../campaigns`: creates the draft; returns its link_campaign_id. */
export async function createDraft({ organizationId, dealershipId }: TenantIds, body: CreateDraftBody) {
  const response = await apiRequest<ResponseOf<typeof createDraftResponseSchema>>(
    `${tenantPath(organizationId, dealershipId)}/campaigns`,
    {
      method: 'POST',
      body,
    },
  );
  return response.link_campaign_id;
}

/** `PATCH .../campaigns/{link_campaign_id}` with `{ data, link_campaign_id }`. */
export function patchDraft({ organizationId, dealershipId }: TenantIds, linkCampaignId: number, data: object) {
  return apiRequest<Draft>(`${tenantPath(organizationId, dealershipId)}/campaigns/${linkCampaignId}`, {
    method: 'PATCH',
    body: { link_campaign_id: linkCampaignId, data },
  });
}

/** Discards a draft and its creative (`DELETE .../campaigns/{id}/creative`, then `DELETE .../campaigns/{id}`). */
export async function discardDraft({ organizationId, dealershipId }: TenantIds, linkCampaignId: number) {
  const path = `${tenantPath(organizationId, dealershipId)}/campaigns/${linkCampaignId}`;
  await apiRequest(`${path}/creative`, { method: 'DELETE' });
  await apiRequest(path, { method: 'DELETE' });
}

export const incompleteDraftsKey = (ids: TenantIds) =>
  [...dealershipKey(ids.organizationId, ids.dealershipId), 'campaigns', 'incomplete'] as const;

/** `GET .../campaigns/incomplete` (not cached: always fetched fresh). */
export const incompleteDraftsQueryOptions = (ids: TenantIds) =>
  queryOptions({
    queryKey: incompleteDraftsKey(ids),
    queryFn: ({ signal }) =>
      apiRequest<ResponseOf<typeof listIncompleteResponseSchema>>(
        `${tenantPath(ids.organizationId, ids.dealershipId)}/campaigns/incomplete`,
        {
          query: { pageIndex: 0, pageSize: 10 },
          signal,
        },
      ),
    staleTime: 0,
    gcTime: 0,
  });

export const useIncompleteDrafts = (ids: TenantIds) => useQuery(incompleteDraftsQueryOptions(ids));
