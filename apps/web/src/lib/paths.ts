/** URL builders of the app's routes, so links and redirects agree on one shape. */
export type CampaignTab = 'list' | 'self-service/list' | 'breakdown';

export const campaignTabs: CampaignTab[] = ['list', 'self-service/list', 'breakdown'];

export const paths = {
  home: () => '/',
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  agency: (organizationId: number | string) => `/dashboard/agency/${organizationId}`,
  /** The agency overview, Users and Audit log pages (issue 23; roles 1–2). */
  agencyOverview: (organizationId: number | string) => `/dashboard/agency/${organizationId}/overview`,
  agencyUsers: (organizationId: number | string) => `/dashboard/agency/${organizationId}/users`,
  agencyAuditLog: (organizationId: number | string) => `/dashboard/agency/${organizationId}/audit-log`,
  /** The agency's Branding page (issue 20 §4; roles 1–2). */
  agencyBranding: (organizationId: number | string) => `/dashboard/agency/${organizationId}/branding`,
  /** Platform staff's Agencies page (issue 23 §2). */
  adminAgencies: () => '/admin/agencies',
  /** The Data health page (issue 21 §1; roles 1–2). */
  agencyDataHealth: (organizationId: number | string) => `/dashboard/agency/${organizationId}/data-health`,
  /** The alert centre (issue 21 §3; every role, each sees the dealerships they may open). */
  agencyAlerts: (organizationId: number | string) => `/dashboard/agency/${organizationId}/alerts`,
  dealership: (organizationId: number | string, dealershipId: number | string) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}`,
  campaigns: (organizationId: number | string, dealershipId: number | string, tab: CampaignTab = 'list') =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/campaigns/${tab}`,
  campaignsRoot: (organizationId: number | string, dealershipId: number | string) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/campaigns`,
  /** A campaign's report: `campaigns/{lower-cased product code}/{id}/` (spec 000 §2.3). */
  campaignReport: (organizationId: number | string, dealershipId: number | string, productCode: string, id: number) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/campaigns/${productCode.toLowerCase()}/${id}/`,
  /** A self-service campaign's report (spec 001 §2.11). */
  selfServiceReport: (organizationId: number | string, dealershipId: number | string, id: number) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/campaigns/self-service/${id}`,
  /** The Linked Platforms page (spec 001 §2.9). */
  linkedPlatforms: (organizationId: number | string, dealershipId: number | string) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/accounts`,
  /** The vehicle page that report vehicle links open (`../../inventory/vehicles/{vin}` from a report). */
  vehicle: (organizationId: number | string, dealershipId: number | string, vin: string) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/inventory/vehicles/${encodeURIComponent(vin)}`,
  /** The dealership inventory page ('Import my inventory', spec 001 §2.3). */
  inventory: (organizationId: number | string, dealershipId: number | string) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/inventory`,
  /** A saved audience's details page (spec 001 §2.7). */
  audienceDetails: (organizationId: number | string, dealershipId: number | string, id: number) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/customers/audiences/${id}/details`,
  /** '+ Create a new audience' (spec 001 §2.7). */
  createAudience: (organizationId: number | string, dealershipId: number | string) =>
    `/dashboard/agency/${organizationId}/dealership/${dealershipId}/customers/audiences/list/create/select-type`,
};

/** `?startDate=…&endDate=…` of a report range, to carry it along links. */
export function rangeSearch(range: { startDate: string; endDate: string }): string {
  return `?${new URLSearchParams({ startDate: range.startDate, endDate: range.endDate }).toString()}`;
}

/** Keeps a `next` redirect inside the app: a same-origin absolute path, never `//host` or a URL. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/login')) return '/';
  return next;
}

/**
 * The same view for another dealership: the campaigns tab the user is on (list, self-service
 * list or breakdown), keeping the report range; anything dealership-specific (a campaign report,
 * a create modal) falls back to the tab's list.
 */
export function switchDealershipPath(
  pathname: string,
  search: string,
  organizationId: number,
  dealershipId: number,
): string {
  const rest = /^\/dashboard\/agency\/[^/]+\/dealership\/[^/]+\/?(.*)$/.exec(pathname)?.[1] ?? '';
  const tab: CampaignTab = rest.startsWith('campaigns/self-service/list')
    ? 'self-service/list'
    : rest.startsWith('campaigns/breakdown')
      ? 'breakdown'
      : 'list';
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['startDate', 'endDate']) {
    const value = current.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return `${paths.campaigns(organizationId, dealershipId, tab)}${query ? `?${query}` : ''}`;
}
