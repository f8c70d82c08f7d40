/** Query keys of the agency's platform calls and of a dealership's self-service calls. */
export const platformsKey = (organizationId: number) => ['agencies', organizationId, 'platforms'] as const;
export const selfServiceKey = (organizationId: number, dealershipId: number) =>
  ['agencies', organizationId, 'dealerships', dealershipId, 'self-service'] as const;
export const agencyApi = (organizationId: number) => `/api/agencies/${organizationId}`;
export const selfServiceApi = (organizationId: number, dealershipId: number) =>
  `/api/agencies/${organizationId}/dealership/${dealershipId}/campaigns/self-service`;
