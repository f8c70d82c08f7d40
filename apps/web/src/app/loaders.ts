import { parseDateRange } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { getAudienceMetricsQueryOptions } from '@/features/campaign-reports/api/get-audience-metrics';
import { getCampaignReportQueryOptions } from '@/features/campaign-reports/api/get-campaign-report';
import { getDisplayMetricsQueryOptions } from '@/features/campaign-reports/api/get-display-metrics';
import { getSocialMetricsQueryOptions } from '@/features/campaign-reports/api/get-social-metrics';
import { type ReportParams } from '@/features/campaign-reports/api/report-params';
import { reportKindOf, type ReportKind } from '@/features/campaign-reports/utils/report-kind';
import { getCampaignsSummaryQueryOptions } from '@/features/campaigns/api/get-campaigns-summary';
import { listManagedCampaignsQueryOptions } from '@/features/campaigns/api/list-managed-campaigns';
import { parseSortingParam } from '@/features/campaigns/utils/sorting';
import { getDealershipQueryOptions } from '@/features/dealerships/api/get-dealership';
import { listDealershipsQueryOptions } from '@/features/dealerships/api/list-dealerships';
import { toCampaignId, toId } from './routes/route-params';

/**
 * Route loaders that start a page's API requests as soon as its URL matches: in parallel with each
 * other and with the download of the route's code, instead of one after another as the nested
 * layouts render (session → agency → dealership → list). They never wait and never fail: each one
 * starts `prefetchQuery` with the same query options the page reads (STYLE.md §3), so the page
 * finds the answer in the cache or in flight and sends no second request (staleTime 30 s).
 * Errors are left to the page's own query, which shows them.
 */
export interface RouteLoaders {
  /** `/`: the signed-in user (`GET /api/me`). */
  session: () => null;
  /** `dashboard/agency/:organizationId`: the agency's dealerships (header). */
  agency: (args: LoaderFunctionArgs) => null;
  /** `…/dealership/:dealershipId`: the dealership (layout and pages). */
  dealership: (args: LoaderFunctionArgs) => null;
  /** `…/campaigns/list`: the summary cards and the list over the URL's range and sorting. */
  managedList: (args: LoaderFunctionArgs) => null;
  /**
   * `…/campaigns/{segment}/:campaignId` of product `productCode`: the report (header, totals, daily
   * rows, section counts) and, for the pages whose cards and charts come from a metrics call of their
   * own (DYD, FBD/DYN, audience), that call too — at once instead of after the report has answered.
   */
  campaignReport: (args: LoaderFunctionArgs, productCode: string) => null;
}

/**
 * A layout's loader runs again only when its own path parameters change, not on every change of the
 * page's search (a new date range re-runs the list's and the report's loaders only).
 */
export function revalidateOnParams(...names: string[]) {
  return ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
    names.some((name) => currentParams[name] !== nextParams[name]);
}

function dealershipIds(params: LoaderFunctionArgs['params']) {
  const organizationId = toId(params.organizationId);
  const dealershipId = toId(params.dealershipId);
  return organizationId !== null && dealershipId !== null ? { organizationId, dealershipId } : null;
}

/** The report pages whose numbers come from a metrics call of their own (spec 000 §2.5–§2.7). */
const PAGE_METRICS: Partial<Record<ReportKind, (queryClient: QueryClient, params: ReportParams) => Promise<void>>> = {
  'dynamic-display': (queryClient, params) => queryClient.prefetchQuery(getDisplayMetricsQueryOptions(params)),
  'social-dynamic': (queryClient, params) => queryClient.prefetchQuery(getSocialMetricsQueryOptions(params)),
  audience: (queryClient, params) => queryClient.prefetchQuery(getAudienceMetricsQueryOptions(params)),
};

export function createRouteLoaders(queryClient: QueryClient): RouteLoaders {
  return {
    session: () => {
      void queryClient.prefetchQuery(getMeQueryOptions());
      return null;
    },
    agency: ({ params }) => {
      const organizationId = toId(params.organizationId);
      if (organizationId !== null) void queryClient.prefetchQuery(listDealershipsQueryOptions(organizationId));
      return null;
    },
    dealership: ({ params }) => {
      const ids = dealershipIds(params);
      if (ids) void queryClient.prefetchQuery(getDealershipQueryOptions(ids.organizationId, ids.dealershipId));
      return null;
    },
    managedList: ({ params, request }) => {
      const ids = dealershipIds(params);
      if (!ids) return null;
      const search = new URL(request.url).searchParams;
      void queryClient.prefetchQuery(getCampaignsSummaryQueryOptions(ids.organizationId, ids.dealershipId));
      void queryClient.prefetchQuery(
        listManagedCampaignsQueryOptions({
          ...ids,
          ...parseDateRange(search),
          sorting: parseSortingParam(search.get('sorting')),
        }),
      );
      return null;
    },
    campaignReport: ({ params, request }, productCode) => {
      const ids = dealershipIds(params);
      const campaignId = toCampaignId(params.campaignId);
      if (!ids || campaignId === null) return null;
      const range = parseDateRange(new URL(request.url).searchParams);
      const report: ReportParams = { ...ids, campaignId, ...range };
      void queryClient.prefetchQuery(getCampaignReportQueryOptions(report));
      // The page's own metrics call, as the page asks for it (same key). A campaign of another product
      // is redirected to its own segment, whose loader asks again; this answer is then not read.
      const metrics = PAGE_METRICS[reportKindOf(productCode)];
      if (metrics) void metrics(queryClient, report);
      return null;
    },
  };
}
