import { errorResponseSchema } from '../common/errors';
import { signedInSchema } from '../auth/me';
import { AGENCY_PATH, AGENCY_ROLES, commonErrors, defineOperation, noContentSchema } from '../operations/define';
import {
  acceptInvitationBodySchema,
  agencyInvitationParamsSchema,
  agencyUserParamsSchema,
  agencyUserSchema,
  createAgencyBodySchema,
  createAgencyResponseSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenBodySchema,
  inviteUserBodySchema,
  listAgencyUsersResponseSchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedSchema,
  updateAgencyUserBodySchema,
} from './users';
import { auditAgencyParamsSchema } from '../audit/audit-log';

const tags = ['users'] as const;
/** Administrator routes: 403 for a dealership user, 409 for a conflicting state (an email in use, oneself). */
const adminErrors = { ...commonErrors, 403: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema };
/** Routes of an emailed link: 400 for a bad body or password, 404 for an unknown, used or expired token. */
const linkErrors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * User administration (issue 23 §2, docs/users.md): agency administrators (role 2, and platform
 * staff for any agency) invite, change and deactivate the agency's users; the invitee accepts with
 * their own password; anyone may ask for a password reset link. Staff create agencies.
 */
export const userOperations = {
  listAgencyUsers: defineOperation({
    id: 'listAgencyUsers',
    method: 'GET',
    path: `${AGENCY_PATH}/users`,
    summary: 'Users and invitations of an agency (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: auditAgencyParamsSchema,
    response: { 200: listAgencyUsersResponseSchema, ...adminErrors },
  }),
  inviteUser: defineOperation({
    id: 'inviteUser',
    method: 'POST',
    path: `${AGENCY_PATH}/invitations`,
    summary: 'Invite a user by email (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: auditAgencyParamsSchema,
    body: inviteUserBodySchema,
    response: { 201: invitationSchema, ...adminErrors },
  }),
  resendInvitation: defineOperation({
    id: 'resendInvitation',
    method: 'POST',
    path: `${AGENCY_PATH}/invitations/:invitation_id/resend`,
    summary: 'Send an invitation again with a new link (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: agencyInvitationParamsSchema,
    response: { 200: invitationSchema, ...adminErrors },
  }),
  revokeInvitation: defineOperation({
    id: 'revokeInvitation',
    method: 'DELETE',
    path: `${AGENCY_PATH}/invitations/:invitation_id`,
    summary: 'Revoke an invitation (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: agencyInvitationParamsSchema,
    response: { 204: noContentSchema, ...adminErrors },
  }),
  updateAgencyUser: defineOperation({
    id: 'updateAgencyUser',
    method: 'PATCH',
    path: `${AGENCY_PATH}/users/:user_id`,
    summary: 'Change a user’s role or dealerships (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: agencyUserParamsSchema,
    body: updateAgencyUserBodySchema,
    response: { 200: agencyUserSchema, ...adminErrors },
  }),
  deactivateUser: defineOperation({
    id: 'deactivateUser',
    method: 'POST',
    path: `${AGENCY_PATH}/users/:user_id/deactivate`,
    summary: 'Deactivate a user: their sessions end at once (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: agencyUserParamsSchema,
    response: { 200: agencyUserSchema, ...adminErrors },
  }),
  reactivateUser: defineOperation({
    id: 'reactivateUser',
    method: 'POST',
    path: `${AGENCY_PATH}/users/:user_id/reactivate`,
    summary: 'Let a deactivated user sign in again (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: agencyUserParamsSchema,
    response: { 200: agencyUserSchema, ...adminErrors },
  }),
  createAgency: defineOperation({
    id: 'createAgency',
    method: 'POST',
    path: '/api/admin/agencies',
    summary: 'Create an agency and invite its first administrator (role 1)',
    tags,
    roles: [1],
    body: createAgencyBodySchema,
    response: {
      201: createAgencyResponseSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
      409: errorResponseSchema,
      503: errorResponseSchema,
    },
  }),
  getInvitation: defineOperation({
    id: 'getInvitation',
    method: 'POST',
    path: '/api/auth/invitation',
    summary: 'What an invitation link is for (no session)',
    tags,
    access: 'public',
    // The token is the credential and is sent in the body, never in a URL (logs, history).
    csrf: 'origin-only',
    rateLimit: 'login',
    body: invitationTokenBodySchema,
    response: { 200: invitationPreviewSchema, ...linkErrors },
  }),
  acceptInvitation: defineOperation({
    id: 'acceptInvitation',
    method: 'POST',
    path: '/api/auth/invitation/accept',
    summary: 'Accept an invitation with a new password and sign in (no session)',
    tags,
    access: 'public',
    csrf: 'origin-only',
    rateLimit: 'login',
    body: acceptInvitationBodySchema,
    response: { 200: signedInSchema, ...linkErrors },
  }),
  requestPasswordReset: defineOperation({
    id: 'requestPasswordReset',
    method: 'POST',
    path: '/api/auth/password-reset/request',
    summary: 'Email a password reset link (the same answer for every address)',
    tags,
    access: 'public',
    csrf: 'origin-only',
    rateLimit: 'login',
    body: passwordResetRequestBodySchema,
    response: { 202: passwordResetRequestedSchema, ...linkErrors },
  }),
  resetPassword: defineOperation({
    id: 'resetPassword',
    method: 'POST',
    path: '/api/auth/password-reset',
    summary: 'Set a new password from a reset link; every session of the user ends',
    tags,
    access: 'public',
    csrf: 'origin-only',
    rateLimit: 'login',
    body: passwordResetBodySchema,
    response: { 204: noContentSchema, ...linkErrors },
  }),
};
