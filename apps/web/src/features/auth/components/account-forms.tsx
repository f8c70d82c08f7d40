import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { newPasswordSchema, type InvitationPreview, type Me, type PasswordResetPreview } from '@portal/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useAcceptInvitation, useRequestPasswordReset, useResetPassword } from '../api/accounts';
import { NewPasswordField } from './password-field';

/** The server's message for the password field (400 at `body.password`), else null. */
function passwordError(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.details?.find((detail) => detail.path.endsWith('password'))?.message ?? null;
}

function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const message = isApiError(error) ? error.message : 'Something went wrong. Please try again.';
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}

const roleNames: Record<number, string> = { 2: 'agency administrator', 3: 'dealership user' };

/** The invitee chooses a password (the server checks the rule) and is signed in. */
export function AcceptInvitationForm({
  token,
  invitation,
  onSuccess,
}: {
  token: string;
  invitation: InvitationPreview;
  onSuccess: (me: Me) => void;
}) {
  const [name, setName] = useState(invitation.name);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const accept = useAcceptInvitation({ onSuccess });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    accept.mutate({ token, password, name: name.trim() || undefined });
  };
  const serverField = passwordError(accept.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Accept the invitation">
      <Stack gap="md">
        <Text size="sm">
          {invitation.organization_name} invited <strong>{invitation.email}</strong> as{' '}
          {roleNames[invitation.role_id] ?? 'a user'}. Choose your password to finish.
        </Text>
        <TextInput
          label="Your name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          disabled={accept.isPending}
        />
        <NewPasswordField
          value={password}
          onChange={setPassword}
          error={fieldError ?? serverField ?? undefined}
          disabled={accept.isPending}
        />
        {accept.error && !serverField ? <ErrorAlert error={accept.error} /> : null}
        <Button type="submit" fullWidth loading={accept.isPending}>
          Create my account
        </Button>
      </Stack>
    </form>
  );
}

/** Asks for a reset link; the answer is the same whether or not an account has the address. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending || !email.trim()) return;
    request.mutate(email.trim());
  };
  if (request.data) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {request.data.message}
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="md">
        <Text size="sm">
          Enter the email address you sign in with. We will email you a link to choose a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          disabled={request.isPending}
          data-autofocus
        />
        <ErrorAlert error={request.error} />
        <Button type="submit" fullWidth loading={request.isPending}>
          Email me a link
        </Button>
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * Sets a new password from a reset link (checked usable before it is shown); then every session has
 * ended and the user signs in again.
 */
export function ResetPasswordForm({ token, link }: { token: string; link: PasswordResetPreview }) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const reset = useResetPassword();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    reset.mutate({ token, password });
  };
  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          Your password is changed. Every signed-in session has ended: sign in with the new password.
        </Alert>
        <Button component={Link} to="/login">
          Sign in
        </Button>
      </Stack>
    );
  }
  const serverField = passwordError(reset.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <Text size="sm">
          For <strong>{link.email}</strong>.
        </Text>
        {/* The account's name for password managers, which save the new password under it. */}
        <input type="hidden" name="username" autoComplete="username" value={link.email} readOnly />
        <NewPasswordField
          value={password}
          onChange={setPassword}
          error={fieldError ?? serverField ?? undefined}
          disabled={reset.isPending}
        />
        {reset.error && !serverField ? <ErrorAlert error={reset.error} /> : null}
        {reset.error && !serverField ? (
          <Anchor component={Link} to="/forgot-password" size="sm">
            Ask for a new link
          </Anchor>
        ) : null}
        <Button type="submit" fullWidth loading={reset.isPending}>
          Set the new password
        </Button>
      </Stack>
    </form>
  );
}
