import {
  type createCampaignResponseSchema,
  type CreateInventoryCampaignBody,
  type CreateNonInventoryCampaignBody,
} from '@portal/contracts';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { tenantPath } from './keys';
import type { TenantIds } from './drafts';

export function createInventoryCampaign(ids: TenantIds, body: CreateInventoryCampaignBody) {
  return apiRequest<ResponseOf<typeof createCampaignResponseSchema>>(
    `${tenantPath(ids.organizationId, ids.dealershipId)}/campaigns/create-inventory-campaign`,
    {
      method: 'POST',
      body,
    },
  );
}

export function createNonInventoryCampaign(ids: TenantIds, body: CreateNonInventoryCampaignBody) {
  return apiRequest<ResponseOf<typeof createCampaignResponseSchema>>(
    `${tenantPath(ids.organizationId, ids.dealershipId)}/campaigns/create-noninventory-campaign`,
    {
      method: 'POST',
      body,
    },
  );
}
