import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { takeLinkToken, useInvitationPreview, usePasswordResetPreview } from '@/features/auth/api/accounts';
import { AcceptInvitationForm, ForgotPasswordForm, ResetPasswordForm } from '@/features/auth/components/account-forms';

/** The card of the signed-out pages (as the sign-in page). */
function AccountCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={460}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

function MissingToken({ what }: { what: string }) {
  return (
    <Stack gap="sm">
      <Text size="sm" role="alert">
        This page needs the link from your {what} email. Open the link in the email again.
      </Text>
      <Anchor component={Link} to="/login" size="sm">
        Go to sign in
      </Anchor>
    </Stack>
  );
}

/** `/accept-invitation#token=…` (issue 23 §2): the invitee chooses a password and is signed in. */
export function AcceptInvitationRoute() {
  const [token] = useState(takeLinkToken);
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  return (
    <AccountCard title="Welcome to the Campaign Portal">
      {token === null ? (
        <MissingToken what="invitation" />
      ) : preview.isPending ? (
        <PageLoader />
      ) : preview.isError ? (
        <ErrorState title="This invitation cannot be used" error={preview.error} />
      ) : (
        <AcceptInvitationForm
          token={token}
          invitation={preview.data}
          onSuccess={() => void navigate('/', { replace: true })}
        />
      )}
    </AccountCard>
  );
}

/** `/forgot-password`: asks for a reset link by email. */
export function ForgotPasswordRoute() {
  return (
    <AccountCard title="Forgot your password?">
      <ForgotPasswordForm />
    </AccountCard>
  );
}

/**
 * `/reset-password#token=…`: chooses a new password from an emailed link (valid 30 minutes, once). The
 * link is checked first, so a used or expired one says so before anything is typed.
 */
export function ResetPasswordRoute() {
  const [token] = useState(takeLinkToken);
  const preview = usePasswordResetPreview(token);
  return (
    <AccountCard title="Choose a new password" subtitle="Every signed-in session of your account ends when it changes.">
      {token === null ? (
        <MissingToken what="password reset" />
      ) : preview.isPending ? (
        <PageLoader />
      ) : preview.isError ? (
        <Stack gap="sm">
          <ErrorState title="This link cannot be used" error={preview.error} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Ask for a new link
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Go to sign in
          </Anchor>
        </Stack>
      ) : (
        <ResetPasswordForm token={token} link={preview.data} />
      )}
    </AccountCard>
  );
}
