/** Query keys of the wizard's data, under the dealership's key so a dealership switch never mixes them. */
export const dealershipKey = (organizationId: number, dealershipId: number) =>
  ['agencies', organizationId, 'dealerships', dealershipId] as const;

export const tenantPath = (organizationId: number, dealershipId: number) =>
  `/api/agencies/${organizationId}/dealership/${dealershipId}`;
