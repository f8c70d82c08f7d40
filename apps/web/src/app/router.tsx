import { productCodes, reportRouteSegment } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { createRouteLoaders, revalidateOnParams, type RouteLoaders } from './loaders';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/** Route modules are lazy so the sign-in page's first load carries only what it needs. */
const campaignsModule = () => import('./routes/campaigns/campaigns');
const createModule = () => import('./routes/campaigns/create-campaign');

/** `create/*` under a tab route: the modal with its child routes (spec 000 §2.2, 001 §2.1). */
function createCampaignRoutes(): RouteObject[] {
  return [
    {
      path: 'create',
      children: [
        { index: true, lazy: () => createModule().then((m) => ({ Component: m.SourceStepRoute })) },
        { path: 'select', lazy: () => createModule().then((m) => ({ Component: m.SourceStepRoute })) },
        { path: 'terms', lazy: () => createModule().then((m) => ({ Component: m.TermsRoute })) },
        { path: 'new', lazy: () => createModule().then((m) => ({ Component: m.NewCampaignRoute })) },
        { path: 'import/*', lazy: () => createModule().then((m) => ({ Component: m.ImportCampaignsRoute })) },
        { path: '*', lazy: () => createModule().then((m) => ({ Component: m.CreateRedirectRoute })) },
      ],
    },
  ];
}

/** One report route per product code, named by its lower-cased code (spec 000 §2.2). */
function campaignReportRoutes(loaders: RouteLoaders | undefined): RouteObject[] {
  return productCodes.map((code) => ({
    path: `${reportRouteSegment(code)}/:campaignId`,
    handle: { productSegment: reportRouteSegment(code) },
    loader: loaders ? (args: LoaderFunctionArgs) => loaders.campaignReport(args, code) : undefined,
    lazy: () => import('./routes/campaigns/campaign-report').then((m) => ({ Component: m.CampaignReportRoute })),
  }));
}

/**
 * The app's routes. With `loaders`, each page route starts its API requests as soon as it matches
 * (`./loaders.ts`); without, pages fetch as they render (the route table as a structure, in tests).
 */
export function createRoutes(loaders?: RouteLoaders): RouteObject[] {
  return [
    {
      path: '/login',
      lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })),
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <PageLoader />,
    },
    {
      path: '/sign-in',
      lazy: () => import('./routes/login').then((m) => ({ Component: m.SignInRedirect })),
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <PageLoader />,
    },
    ...(
      [
        ['/accept-invitation', 'AcceptInvitationRoute'],
        ['/forgot-password', 'ForgotPasswordRoute'],
        ['/reset-password', 'ResetPasswordRoute'],
      ] as const
    ).map(([path, name]) => ({
      path,
      lazy: () => import('./routes/account-pages').then((m) => ({ Component: m[name] })),
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <PageLoader />,
    })),
    {
      path: '/',
      loader: loaders?.session,
      shouldRevalidate: () => false,
      lazy: () => import('./routes/app-layout').then((m) => ({ Component: m.AppLayout })),
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        { index: true, lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })) },
        {
          path: 'admin/agencies',
          lazy: () => import('./routes/agency-admin').then((m) => ({ Component: m.AdminAgenciesRoute })),
        },
        {
          path: 'dashboard/agency/:organizationId',
          loader: loaders?.agency,
          shouldRevalidate: revalidateOnParams('organizationId'),
          children: [
            { index: true, lazy: () => import('./routes/home').then((m) => ({ Component: m.AgencyHomeRoute })) },
            ...(
              [
                ['overview', 'AgencyOverviewRoute'],
                ['users', 'UsersRoute'],
                ['audit-log', 'AuditLogRoute'],
                ['data-health', 'DataHealthRoute'],
                ['branding', 'BrandingRoute'],
                ['attribution', 'AttributionSettingsRoute'],
              ] as const
            ).map(([path, name]) => ({
              path,
              lazy: () => import('./routes/agency-admin').then((m) => ({ Component: m[name] })),
            })),
            { path: 'alerts', lazy: () => import('./routes/alerts').then((m) => ({ Component: m.AlertsRoute })) },
            {
              path: 'dealership/:dealershipId',
              loader: loaders?.dealership,
              shouldRevalidate: revalidateOnParams('organizationId', 'dealershipId'),
              lazy: () => import('./routes/dealership-layout').then((m) => ({ Component: m.DealershipLayout })),
              children: [
                { index: true, element: <Navigate to="campaigns/list" replace /> },
                {
                  path: 'campaigns',
                  children: [
                    {
                      lazy: () => campaignsModule().then((m) => ({ Component: m.CampaignsTabsLayout })),
                      children: [
                        { index: true, element: <Navigate to="list" replace /> },
                        {
                          path: 'list',
                          loader: loaders?.managedList,
                          lazy: () => campaignsModule().then((m) => ({ Component: m.ManagedCampaignsRoute })),
                          children: createCampaignRoutes(),
                        },
                        {
                          path: 'self-service/list',
                          lazy: () =>
                            import('./routes/campaigns/self-service-campaigns').then((m) => ({
                              Component: m.SelfServiceCampaignsRoute,
                            })),
                          children: createCampaignRoutes(),
                        },
                        {
                          path: 'breakdown',
                          lazy: () =>
                            import('./routes/campaigns/month-over-month').then((m) => ({
                              Component: m.MonthOverMonthRoute,
                            })),
                          // `breakdown/create` is the report generator (spec 001 §2.12, §2.13).
                          children: [
                            {
                              path: 'create',
                              lazy: () =>
                                import('./routes/campaigns/report-generator').then((m) => ({
                                  Component: m.ReportGeneratorRoute,
                                })),
                            },
                          ],
                        },
                      ],
                    },
                    {
                      path: 'self-service/:campaignId',
                      lazy: () =>
                        import('./routes/campaigns/self-service-report').then((m) => ({
                          Component: m.SelfServiceReportRoute,
                        })),
                    },
                    ...campaignReportRoutes(loaders),
                    { path: '*', lazy: () => campaignsModule().then((m) => ({ Component: m.CampaignsRedirect })) },
                  ],
                },
                {
                  path: 'inventory',
                  lazy: () =>
                    import('./routes/inventory/dealership-inventory').then((m) => ({
                      Component: m.DealershipInventoryRoute,
                    })),
                },
                {
                  path: 'sales',
                  lazy: () =>
                    import('./routes/sales/dealership-sales').then((m) => ({ Component: m.DealershipSalesRoute })),
                },
                {
                  path: 'customers/audiences/:audienceId/details',
                  lazy: () =>
                    import('./routes/customers/audience-details').then((m) => ({ Component: m.AudienceDetailsRoute })),
                },
                {
                  path: 'accounts',
                  lazy: () => import('./routes/accounts').then((m) => ({ Component: m.LinkedPlatformsRoute })),
                },
                {
                  path: 'inventory/insights',
                  lazy: () =>
                    import('./routes/inventory/dealership-inventory').then((m) => ({
                      Component: m.InventoryInsightsRoute,
                    })),
                },
                {
                  path: 'inventory/vehicles/:vin',
                  lazy: () => import('./routes/inventory/vehicle').then((m) => ({ Component: m.VehicleRoute })),
                },
                { path: '*', lazy: () => campaignsModule().then((m) => ({ Component: m.CampaignsRedirect })) },
              ],
            },
            { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
          ],
        },
        { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
      ],
    },
  ];
}

/** The route table without loaders: its structure (route coverage tests). */
export const routes: RouteObject[] = createRoutes();

/** The browser router, its loaders prefetching into `queryClient`. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(createRouteLoaders(queryClient)));
}
