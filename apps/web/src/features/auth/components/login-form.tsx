import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginBodySchema, type Me } from '@portal/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';

interface FieldErrors {
  email?: string;
  password?: string;
}

export interface LoginFormProps {
  onSuccess: (me: Me) => void;
}

/** Email + password sign-in; the API's message (wrong password, rate limit) is shown above the button. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const loginMutation = useLogin({ onSuccess });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    loginMutation.mutate(parsed.data);
  };

  const error = loginMutation.error;
  const errorMessage = error ? (isApiError(error) ? error.message : 'Something went wrong. Please try again.') : null;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldErrors.email}
          disabled={loginMutation.isPending}
          data-autofocus
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password}
          disabled={loginMutation.isPending}
          // Its own name keeps 'Password' the label of the input alone.
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
        />
        {errorMessage ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth loading={loginMutation.isPending} disabled={loginMutation.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
