/**
 * The one query-key factory of the web app (issue 19 §1). Every query of an agency or a dealership is
 * keyed under `['agencies', organizationId]` or `['agencies', organizationId, 'dealerships',
 * dealershipId]`, so switching dealership never mixes data and invalidating a tenant's prefix reaches
 * all of them; data of no tenant (the signed-in user, the agency list, reference tables) is keyed by
 * `sharedKey`. Features compose their keys from these functions only (no array literal of their own).
 */

/** An agency's key, or a key under it: `['agencies', organizationId, ...rest]`. */
export const agencyKey = <const Rest extends readonly unknown[]>(organizationId: number, ...rest: Rest) =>
  ['agencies', organizationId, ...rest] as const;

/** The dealership's key: `['agencies', organizationId, 'dealerships', dealershipId]`. */
export const dealershipKey = (organizationId: number, dealershipId: number) =>
  agencyKey(organizationId, 'dealerships', dealershipId);

/** A key under the dealership's: `[...dealershipKey, ...rest]`. */
export const tenantKey = <const Rest extends readonly unknown[]>(
  organizationId: number,
  dealershipId: number,
  ...rest: Rest
) => [...dealershipKey(organizationId, dealershipId), ...rest] as const;

/** The key of data that belongs to no tenant: `[name, ...rest]` (e.g. `['me']`, `['reference', 'zip-dmas']`). */
export const sharedKey = <
  const Name extends
    | 'me'
    | 'organizations'
    | 'invitation'
    | 'password-reset'
    | 'reference'
    | 'inventory-data-providers'
    | 'brands'
    | 'admin-agencies',
  const Rest extends readonly unknown[],
>(
  name: Name,
  ...rest: Rest
) => [name, ...rest] as const;
