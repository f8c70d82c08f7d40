import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '@/app/theme';
import { createQueryClient } from '@/lib/query-client';

export interface RenderOptions {
  /** Route path pattern the element is mounted at, e.g. '/dashboard/agency/:organizationId/...'. */
  path?: string;
  /** The URL the memory router starts at. */
  url?: string;
  /** Extra routes (e.g. the targets of links) beside the element's route. */
  routes?: RouteObject[];
}

/** Renders inside the app's providers and a memory router; returns the router to inspect the URL. */
export function renderWithProviders(ui: ReactNode, { path = '/', url = '/', routes = [] }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: Infinity },
  });
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [url] });
  const result: RenderResult = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * Renders the app's own route tree (lazy modules included) at `url`. `routes` may be a function of
 * the query client, for route trees whose loaders prefetch into it (`createRoutes(createRouteLoaders(…))`).
 */
export function renderRoutes(routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]), url: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: Infinity },
  });
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [url],
  });
  const result: RenderResult = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}
