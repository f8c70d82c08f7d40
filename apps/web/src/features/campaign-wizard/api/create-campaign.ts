import { type CreateInventoryCampaignBody, type CreateNonInventoryCampaignBody } from '@portal/contracts';
import { callOperation } from '@/lib/api-client';
import { tenantParams, type TenantIds } from './drafts';

export function createInventoryCampaign(ids: TenantIds, body: CreateInventoryCampaignBody) {
  return callOperation('createInventoryCampaign', { params: tenantParams(ids), body });
}

export function createNonInventoryCampaign(ids: TenantIds, body: CreateNonInventoryCampaignBody) {
  return callOperation('createNonInventoryCampaign', { params: tenantParams(ids), body });
}
