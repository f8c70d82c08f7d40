import { CREATIVES_BUCKET, type NonInventoryProductCode } from '@portal/contracts';
import { ApiError, callOperation } from '@/lib/api-client';
import { tenantParams, type TenantIds } from './drafts';

/**
 * Uploads a creative: asks for a signed upload URL (`mimeType`, `fileName`, `bucket_name`), then
 * PUTs the file to it; returns the creative's link. The server enforces type and size again.
 */
export async function uploadCreative(ids: TenantIds, product: NonInventoryProductCode, file: File): Promise<string> {
  const signed = await callOperation('signCreativeUpload', {
    params: tenantParams(ids),
    body: {
      mimeType: file.type || 'application/octet-stream',
      fileName: file.name,
      bucket_name: CREATIVES_BUCKET,
      product_code: product,
      fileSize: file.size,
    },
  });
  const response = await fetch(signed.uploadUrl, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    credentials: 'omit',
  });
  if (!response.ok) {
    let message = 'The file could not be uploaded';
    try {
      message = ((await response.json()) as { error?: { message?: string } }).error?.message ?? message;
    } catch {
      // S3 answers XML: keep the generic message.
    }
    throw new ApiError({ code: 'BAD_REQUEST', status: response.status, message });
  }
  return signed.link;
}

/** `recordCreative` (`POST .../campaigns/creative`): records an uploaded creative on the draft. */
export function recordCreative(ids: TenantIds, linkCampaignId: number, link: string) {
  return callOperation('recordCreative', {
    params: tenantParams(ids),
    body: { link_campaign_id: linkCampaignId, is_active: 1, creative_image: link },
  });
}
