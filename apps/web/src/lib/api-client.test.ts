import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { ApiError, api, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('throws an ApiError with the code, status and message of the error shape', async () => {
    mockApi({ 'GET /api/thing': apiError(429, 'RATE_LIMITED', 'Too many attempts, try again later') });
    const error = await api.get('/api/thing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, message: 'Too many attempts, try again later' });
  });

  it('sends the session cookie and JSON bodies', async () => {
    const { fetch } = mockApi({ 'POST /api/things': { status: 204 } });
    await api.post('/api/things', { a: 1 });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends the user to sign in on a 401, except for /api/me and the login call', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    window.history.replaceState(null, '', '/dashboard/agency/1/dealership/2/campaigns/list?startDate=2026-01-01');
    mockApi({
      'GET /api/me': apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
      'POST /api/auth/login': apiError(401, 'UNAUTHENTICATED', 'Invalid email or password'),
      'GET /api/agencies/1/dealerships': apiError(401, 'UNAUTHENTICATED', 'Session expired'),
    });

    await expect(api.get('/api/me')).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/api/auth/login', {})).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();

    await expect(api.get('/api/agencies/1/dealerships')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('/dashboard/agency/1/dealership/2/campaigns/list?startDate=2026-01-01');
  });

  it('reports a network failure as an ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/me')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});
