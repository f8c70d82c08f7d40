import { Anchor, AppShell, Box, Group, Text } from '@mantine/core';
import { LAYOUT_MAX_WIDTH, ROLE_PLATFORM_STAFF, type Me } from '@portal/contracts';
import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { ErrorState } from '@/components/ui/error-state';
import { Toasts } from '@/components/ui/toasts';
import { useMe } from '@/features/auth/api/get-me';
import { useAgencyBrand } from '@/features/branding/api/get-agency-brand';
import { BrandMark, brandStyle } from '@/features/branding/components/brand-mark';
import { UserMenu } from '@/features/auth/components/user-menu';
import { AlertBell } from '@/features/alerts/components/alert-bell';
import { DealershipSwitcher } from '@/features/dealerships/components/dealership-switcher';
import { paths, switchDealershipPath } from '@/lib/paths';
import { useRouteIds } from './route-params';

/** Platform staff only: loaded when a staff member's header renders. */
const AgencySwitcher = lazy(() =>
  import('@/features/dealerships/components/agency-switcher').then((m) => ({ default: m.AgencySwitcher })),
);

/**
 * The header (issue 20 §4): the agency's brand (logo, name, colour) for every user of the agency —
 * a dealership user sees their agency's, never the product's; staff see the agency they are in.
 */
function Header({ me }: { me: Me }) {
  const { organizationId, dealershipId } = useRouteIds();
  const navigate = useNavigate();
  const location = useLocation();
  const currentOrganizationId = organizationId ?? me.organization_id;
  const brand = useAgencyBrand(currentOrganizationId).data;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Anchor
          component={Link}
          to={paths.home()}
          aria-label={`${brand?.name ?? 'Campaign Portal'} home`}
          c="inherit"
          underline="never"
        >
          <BrandMark
            brand={brand}
            fallback={
              <Text fw={700} visibleFrom="md">
                Campaign Portal
              </Text>
            }
          />
        </Anchor>
        {me.role_id === ROLE_PLATFORM_STAFF ? (
          <Suspense fallback={null}>
            <AgencySwitcher
              organizationId={currentOrganizationId}
              onChange={(nextOrganizationId) => void navigate(paths.agency(nextOrganizationId))}
            />
          </Suspense>
        ) : null}
        {organizationId !== null ? (
          <DealershipSwitcher
            organizationId={organizationId}
            dealershipId={dealershipId ?? 0}
            onChange={(nextDealershipId) =>
              void navigate(switchDealershipPath(location.pathname, location.search, organizationId, nextDealershipId))
            }
          />
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <AlertBell organizationId={currentOrganizationId} />
        <UserMenu
          me={me}
          organizationId={currentOrganizationId}
          onSignedOut={() => void navigate(paths.login(), { replace: true })}
        />
      </Group>
    </Group>
  );
}

/** Signed-in area: the guard, then the shell (header with switchers and user menu, centered content). */
export function AppLayout() {
  const meQuery = useMe();
  const location = useLocation();

  if (meQuery.isPending) return <PageLoader />;
  if (meQuery.isError) {
    return (
      <Box p="md" maw={640} mx="auto" mt="xl">
        <ErrorState error={meQuery.error} onRetry={() => void meQuery.refetch()} retrying={meQuery.isFetching} />
      </Box>
    );
  }
  if (!meQuery.data) {
    return <Navigate to={paths.login(`${location.pathname}${location.search}`)} replace />;
  }

  return (
    <BrandedShell organizationId={meQuery.data.organization_id}>
      {/* Toasts live in the signed-in area only, so the sign-in page does not load them. */}
      <Toasts />
      <AppShell.Header style={{ borderTop: '4px solid var(--brand-color, var(--mantine-primary-color-filled))' }}>
        <Header me={meQuery.data} />
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Box maw={LAYOUT_MAX_WIDTH} mx="auto" px={{ base: 0, sm: 'md' }} py="md">
          <Outlet />
        </Box>
      </AppShell.Main>
    </BrandedShell>
  );
}

/**
 * The shell in the colour of the agency in the URL (staff) or the user's own — set on the document's
 * root, so modals, menus and toasts (rendered outside the shell, in portals) wear it too.
 */
function BrandedShell({ organizationId, children }: { organizationId: number; children: ReactNode }) {
  const ids = useRouteIds();
  const color = useAgencyBrand(ids.organizationId ?? organizationId).data?.primary_color;
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const before = root.cssText;
    for (const [name, value] of Object.entries(brandStyle(color) ?? {})) root.setProperty(name, value as string);
    return () => void (root.cssText = before);
  }, [color]);
  return (
    <AppShell header={{ height: 64 }} padding="md">
      {children}
    </AppShell>
  );
}
