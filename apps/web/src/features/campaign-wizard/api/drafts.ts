import { type CreateDraftBody, type Draft } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface TenantIds {
  organizationId: number;
  dealershipId: number;
}

/** The path parameters of the dealership's operations. */
export const tenantParams = ({ organizationId, dealershipId }: TenantIds) => ({
  organization_id: organizationId,
  dealership_id: dealershipId,
});

/** `createDraft` (`POST .../campaigns`): creates the draft; returns its link_campaign_id. */
export async function createDraft(ids: TenantIds, body: CreateDraftBody) {
  const response = await callOperation('createDraft', { params: tenantParams(ids), body });
  return response.link_campaign_id;
}

/** `patchDraft` (`PATCH .../campaigns/{link_campaign_id}`) with `{ data, link_campaign_id }`. */
export function patchDraft(ids: TenantIds, linkCampaignId: number, data: object): Promise<Draft> {
  return callOperation('patchDraft', {
    params: { ...tenantParams(ids), link_campaign_id: linkCampaignId },
    body: { link_campaign_id: linkCampaignId, data },
  });
}

/** Discards a draft and its creative (`deleteDraftCreatives`, then `deleteDraft`). */
export async function discardDraft(ids: TenantIds, linkCampaignId: number) {
  const params = { ...tenantParams(ids), link_campaign_id: linkCampaignId };
  await callOperation('deleteDraftCreatives', { params });
  await callOperation('deleteDraft', { params });
}

export const incompleteDraftsKey = (ids: TenantIds) =>
  tenantKey(ids.organizationId, ids.dealershipId, 'campaigns', 'incomplete');

/** `listIncompleteDrafts` (`GET .../campaigns/incomplete`; not cached: always fetched fresh). */
export const incompleteDraftsQueryOptions = (ids: TenantIds) =>
  queryOptions({
    queryKey: incompleteDraftsKey(ids),
    queryFn: ({ signal }) =>
      callOperation('listIncompleteDrafts', {
        params: tenantParams(ids),
        query: { pageIndex: 0, pageSize: 10 },
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });

export const useIncompleteDrafts = (ids: TenantIds) => useQuery(incompleteDraftsQueryOptions(ids));
