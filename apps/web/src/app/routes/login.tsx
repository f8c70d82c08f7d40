import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useMe } from '@/features/auth/api/get-me';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeNextPath } from '@/lib/paths';

/** `/login?next=…`: sign in, then go back where the user was heading. */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const navigate = useNavigate();
  const meQuery = useMe();

  if (meQuery.isPending) return <PageLoader />;
  if (meQuery.data) return <Navigate to={next} replace />;

  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Campaign Portal
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
