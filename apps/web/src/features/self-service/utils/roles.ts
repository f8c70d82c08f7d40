import { ROLE_AGENCY_ADMIN, ROLE_DEALERSHIP_USER } from '@portal/contracts';

/** Role 2 or lower connects platforms itself; above 2 (3 when missing) asks the agency administrator (spec 001 §2.9, §6). */
export function canConnectPlatforms(roleId: number | null | undefined): boolean {
  return (roleId ?? ROLE_DEALERSHIP_USER) <= ROLE_AGENCY_ADMIN;
}
