/** Query keys of the wizard's data, under the dealership's key so a dealership switch never mixes them. */
export { dealershipKey } from '@/lib/query-keys';

export const tenantPath = (organizationId: number, dealershipId: number) =>
  `/api/agencies/${organizationId}/dealership/${dealershipId}`;
