import type { ErrorCode } from '@portal/contracts';

/** An error the API answers with its own status and code; the message is shown to the user. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Array<{ path: string; message: string }>,
    /** Headers the error answer carries (e.g. `retry-after` of a 429 or 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, 'NOT_FOUND', what);
export const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', 'Sign in to continue');
export const forbidden = (message = 'You may not do this') => new ApiError(403, 'FORBIDDEN', message);
export const csrfFailed = (message = 'The request was refused: reload the page and try again') =>
  new ApiError(403, 'CSRF_FAILED', message);
