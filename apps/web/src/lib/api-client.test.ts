import type { DealershipDetail, Me } from '@portal/contracts';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { apiError, mockApi, mockOperations } from '@/testing/mock-api';
import {
  ApiError,
  api,
  callOperation,
  downloadOperation,
  filenameFromContentDisposition,
  setUnauthorizedHandler,
  type CallOptions,
  type OperationResponse,
} from './api-client';

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

  it('says when to try again for a 429 without the error shape (a proxy’s), from Retry-After', async () => {
    mockApi({
      'GET /api/export.pdf': { status: 429, text: 'slow down', headers: { 'Retry-After': '30' } },
      'GET /api/other.pdf': { status: 429, text: '' },
    });
    await expect(api.get('/api/export.pdf')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'Too many requests right now. Try again in 30 s.',
    });
    await expect(api.get('/api/other.pdf')).rejects.toMatchObject({
      message: 'Too many requests right now. Try again in a moment.',
    });
  });

  it('keeps field details of the error shape, and answers a generic error for a body of another shape', async () => {
    mockApi({
      'POST /api/form': {
        status: 400,
        body: {
          error: { code: 'VALIDATION_ERROR', message: 'Invalid', details: [{ path: 'name', message: 'Required' }] },
        },
      },
      'GET /api/proxy': { status: 502, body: { error: 'Bad gateway' } },
      'GET /api/odd': { status: 400, body: { error: { code: 'BAD_REQUEST', message: 'x', details: [{ path: 1 }] } } },
    });
    await expect(api.post('/api/form', {})).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      details: [{ path: 'name', message: 'Required' }],
    });
    await expect(api.get('/api/proxy')).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });
    await expect(api.get('/api/odd')).rejects.toMatchObject({ code: 'BAD_REQUEST', status: 400, details: undefined });
  });

  it('returns the JSON answer as sent, and nothing for 204 or a body that is not JSON', async () => {
    mockApi({
      'GET /api/thing': { body: { id: 7, name: 'Spring Sale' } },
      'GET /api/text': { text: 'plain' },
    });
    await expect(api.get('/api/thing')).resolves.toEqual({ id: 7, name: 'Spring Sale' });
    await expect(api.get('/api/text')).resolves.toBeUndefined();
  });

  it('sends the session cookie and JSON bodies', async () => {
    const { fetch } = mockApi({ 'POST /api/things': { status: 204 } });
    await api.post('/api/things', { a: 1 });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends the CSRF token of sign-in or /api/me on every state-changing request, and forgets it on sign-out', async () => {
    const { fetch } = mockApi({
      'POST /api/auth/login': { body: { id: 1, csrf_token: 'token-from-login' } },
      'GET /api/me': { body: { id: 1, csrf_token: 'token-from-me' } },
      'POST /api/things': { status: 204 },
      'GET /api/things': { body: [] },
      'POST /api/auth/logout': { status: 204 },
    });
    const headersOf = (call: number) => (fetch.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
    await api.post('/api/auth/login', { email: 'a@b.test', password: 'x' });
    await api.post('/api/things', { a: 1 });
    expect(headersOf(1)['X-CSRF-Token']).toBe('token-from-login');
    await api.get('/api/me');
    await api.get('/api/things');
    expect(headersOf(3)['X-CSRF-Token']).toBeUndefined();
    await api.post('/api/things');
    expect(headersOf(4)['X-CSRF-Token']).toBe('token-from-me');
    await api.post('/api/auth/logout');
    await api.post('/api/things');
    expect(headersOf(6)['X-CSRF-Token']).toBeUndefined();
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

  it('downloads a file with the name the server gives in Content-Disposition', async () => {
    mockApi({
      'GET /api/file/csv': {
        text: 'a,b\n1,2\n',
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="Spring Sale_Vehicles.csv"',
        },
      },
      'GET /api/broken/csv': apiError(500, 'INTERNAL', 'Something went wrong'),
    });
    const file = await api.download('/api/file/csv', { query: { start_date: '2026-01-01' } });
    expect(file.filename).toBe('Spring Sale_Vehicles.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    await expect(api.download('/api/broken/csv')).rejects.toMatchObject({ status: 500, code: 'INTERNAL' });
  });

  it('reads file names from Content-Disposition headers', () => {
    expect(filenameFromContentDisposition('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(filenameFromContentDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(
      filenameFromContentDisposition(`attachment; filename="x.csv"; filename*=UTF-8''Caf%C3%A9%20Sale_Vehicles.csv`),
    ).toBe('Café Sale_Vehicles.csv');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });

  it('calls an operation by id: method and path from its descriptor, parameters encoded, query and body sent', async () => {
    const api = mockOperations({
      removeEmailDomain: { status: 204 },
      listManagedCampaigns: { body: { data: [], pagination: { total: 0 } } as never },
      getCampaignReportPdf: { text: '%PDF', headers: { 'Content-Type': 'application/pdf' } },
    });
    await callOperation('removeEmailDomain', { params: { organization_id: 1, domain: 'a b/c' } });
    await callOperation('listManagedCampaigns', {
      params: { organization_id: 1, dealership_id: 2 },
      query: { pageIndex: 0, pageSize: 10, sorting: undefined, startDate: '2026-02-01', endDate: '2026-02-03' },
    });
    const file = await downloadOperation('getCampaignReportPdf', {
      params: { organization_id: 1, dealership_id: 2, campaign_id: 3 },
      query: { start_date: '2026-02-01', end_date: '2026-02-03' },
    });
    expect(await file.blob.text()).toBe('%PDF');
    expect(api.calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([
      'DELETE /api/agencies/1/email-domains/a%20b%2Fc',
      'GET /api/agencies/1/dealership/2/campaigns?pageIndex=0&pageSize=10&startDate=2026-02-01&endDate=2026-02-03',
      'GET /api/agencies/1/dealership/2/campaigns/3/report.pdf?start_date=2026-02-01&end_date=2026-02-03',
    ]);
    expect(() => callOperation('getDealership', { params: { organization_id: 1 } as never })).toThrow(/dealership_id/);
  });

  it('types params, query, body and answer from the descriptor', () => {
    expectTypeOf<OperationResponse<'getDealership'>>().toEqualTypeOf<DealershipDetail>();
    expectTypeOf<OperationResponse<'getMe'>>().toExtend<Me>();
    expectTypeOf<OperationResponse<'logout'>>().toEqualTypeOf<void>();
    expectTypeOf<CallOptions<'getDealership'>['params']>().toEqualTypeOf<{
      organization_id: string | number;
      dealership_id: string | number;
    }>();
    expectTypeOf<CallOptions<'login'>['body']>().toExtend<{ email: string; password: string }>();
    expectTypeOf<CallOptions<'getMe'>>().toExtend<{ params?: undefined; query?: undefined; body?: undefined }>();
  });
});
