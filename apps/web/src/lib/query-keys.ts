/**
 * The one tenant query-key factory (issue 19 §1): every query of an agency or a dealership is keyed
 * under `['agencies', organizationId]` or `['agencies', organizationId, 'dealerships', dealershipId]`,
 * so switching dealership never mixes data and invalidating a tenant's prefix reaches all of them.
 */
export const agencyKey = (organizationId: number) => ['agencies', organizationId] as const;

/** The dealership's key: `['agencies', organizationId, 'dealerships', dealershipId]`. */
export const dealershipKey = (organizationId: number, dealershipId: number) =>
  [...agencyKey(organizationId), 'dealerships', dealershipId] as const;

/** A key under the dealership's: `[...dealershipKey, ...rest]`. */
export const tenantKey = <const Rest extends readonly unknown[]>(
  organizationId: number,
  dealershipId: number,
  ...rest: Rest
) => [...dealershipKey(organizationId, dealershipId), ...rest] as const;
