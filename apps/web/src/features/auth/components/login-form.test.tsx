import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('submits on Enter and shows the API error message inline', async () => {
    const api = mockOperations({ login: apiError(401, 'UNAUTHENTICATED', 'Invalid email or password') });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/^email/i, { selector: 'input' }), 'agency@demo.test');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'wrong-password{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ email: 'agency@demo.test', password: 'wrong-password' });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('disables the button while signing in and reports the signed-in user', async () => {
    let release: () => void = () => {};
    const me = {
      id: 1,
      email: 'agency@demo.test',
      name: 'Agency Admin',
      organization_id: 1,
      dealership_ids: [],
      role_id: 2,
      csrf_token: 'csrf-token',
    };
    mockOperations({
      login: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: me });
        }),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/^email/i, { selector: 'input' }), 'Agency@Demo.test');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    release();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(me));
  });

  it('validates the fields before calling the API', async () => {
    const api = mockOperations({});
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
