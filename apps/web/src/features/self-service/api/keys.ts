import { agencyKey, tenantKey } from '@/lib/query-keys';
/** Query keys of the agency's platform calls and of a dealership's self-service calls. */
export const platformsKey = (organizationId: number) => [...agencyKey(organizationId), 'platforms'] as const;
export const selfServiceKey = (organizationId: number, dealershipId: number) =>
  tenantKey(organizationId, dealershipId, 'self-service');
export const agencyApi = (organizationId: number) => `/api/agencies/${organizationId}`;
export const selfServiceApi = (organizationId: number, dealershipId: number) =>
  `/api/agencies/${organizationId}/dealership/${dealershipId}/campaigns/self-service`;
