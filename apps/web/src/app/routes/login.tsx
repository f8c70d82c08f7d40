import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useMe } from '@/features/auth/api/get-me';
import { useAgencyBrand } from '@/features/branding/api/get-agency-brand';
import { BrandMark, brandStyle } from '@/features/branding/components/brand-mark';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeNextPath } from '@/lib/paths';

/**
 * `/login?next=…&agency=…`: sign in, then go back where the user was heading. Reached through an
 * agency's link (`agency`: its id or slug; issue 20 §4) the page shows that agency's logo, name and
 * colour, read from the public brand endpoint; an unknown agency shows the product's page.
 */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const agency = searchParams.get('agency');
  const brand = useAgencyBrand(agency && /^[a-z0-9-]{1,120}$/.test(agency) ? agency : null).data;
  const navigate = useNavigate();
  const meQuery = useMe();

  if (meQuery.isPending) return <PageLoader />;
  if (meQuery.data) return <Navigate to={next} replace />;

  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main" style={brandStyle(brand?.primary_color)}>
      <Paper
        withBorder
        shadow="sm"
        radius="md"
        p="xl"
        w="100%"
        maw={420}
        style={brand?.primary_color ? { borderTop: `6px solid ${brand.primary_color}` } : undefined}
      >
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              <BrandMark brand={brand} size="lg" fallback="Campaign Portal" />
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to review your campaigns.
            </Text>
          </Stack>
          <LoginForm onSuccess={() => void navigate(next, { replace: true })} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

/** `/sign-in?agency=…`: the agency link's other spelling (issue 20 §4), sent to `/login` with its query. */
export function SignInRedirect() {
  const location = useLocation();
  return <Navigate to={`/login${location.search}`} replace />;
}
