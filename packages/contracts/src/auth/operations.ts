import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { defineOperation, noContentSchema } from '../operations/define';
import { loginBodySchema } from './login';
import { signedInSchema } from './me';

/** Sign-in, sign-out and the signed-in user (issue 2 §5, docs/security.md). */
export const authOperations = {
  health: defineOperation({
    id: 'health',
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database readiness',
    tags: ['health'],
    access: 'public',
    response: { 200: z.object({ status: z.literal('ok') }), 503: errorResponseSchema },
  }),
  login: defineOperation({
    id: 'login',
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    tags: ['auth'],
    access: 'public',
    // No session yet: cross-site requests are refused, no token is asked.
    csrf: 'origin-only',
    rateLimit: 'login',
    body: loginBodySchema,
    response: { 200: signedInSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
  }),
  logout: defineOperation({
    id: 'logout',
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out',
    tags: ['auth'],
    access: 'public',
    // So an expired page can always sign out.
    csrf: 'origin-only',
    response: { 204: noContentSchema, 403: errorResponseSchema },
  }),
  getMe: defineOperation({
    id: 'getMe',
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user',
    tags: ['auth'],
    response: { 200: signedInSchema, 401: errorResponseSchema },
  }),
};
