import * as z from 'zod';
import { idParamSchema } from '../common/ids';
import { isTimeZone } from '../common/calendar';
import { mailboxPattern } from '../reports/email-domains';

/**
 * Users, invitations and password reset (issue 23 §2, docs/users.md). Roles: 2 agency administrator,
 * 3 dealership user; platform staff (1) are not invited through these calls.
 */

/** A password set from now on (issue 23 §2, ASVS 2.1.1): at least this many characters. */
export const PASSWORD_MIN_LENGTH = 12;
/** Longer passwords are refused (argon2 runs on every byte; ASVS 2.1.2 allows at least 64). */
export const PASSWORD_MAX_LENGTH = 128;
/** An invitation link is valid this long after it was sent (or sent again). */
export const INVITATION_TTL_HOURS = 72;
/** A password reset link is valid this long. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const userMessages = {
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  /** The server's answer when the password is in the breached-password list or built from it. */
  passwordBreached: 'This password appears in lists of breached passwords. Choose another one.',
  passwordGuessable:
    'This password is too easy to guess (common words, names, sequences or repeats). Choose another one.',
  /** The server's answer when the password contains the user's name or their email's name part. */
  passwordPersonal: 'This password contains your name or email address. Choose another one.',
  emailInvalid: 'Enter one email address, such as name@example.com',
  dealershipsRequired: 'Choose at least one dealership for a dealership user',
  dealershipsUnknown: 'One of these dealerships is not of this agency',
  invitationInvalid: 'This invitation link is not valid. Ask your administrator for a new one.',
  invitationExpired: 'This invitation link has expired. Ask your administrator to send it again.',
  invitationUsed: 'This invitation link has already been used. Sign in with your email and password.',
  resetInvalid: 'This password reset link is not valid or has expired. Ask for a new one.',
  resetRequested:
    'If an account uses this email address, we have sent it a link to choose a new password. The link works for 30 minutes.',
} as const;

/** A new password: 12–128 characters (the breached-password check runs on the server). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, userMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, userMessages.passwordTooLong);

/** An email as invitations take it: trimmed, lower-cased, one plain ASCII mailbox. */
export const userEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, userMessages.emailInvalid)
  .regex(mailboxPattern, userMessages.emailInvalid);

/** Roles an administrator may give: 2 agency administrator, 3 dealership user. */
export const assignableRoleSchema = z.union([z.literal(2), z.literal(3)]);
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

const dealershipIdsSchema = z.array(idParamSchema).max(1000);

/** Path of the agency's user routes. */
export const agencyUserParamsSchema = z.object({ organization_id: idParamSchema, user_id: idParamSchema });
export const agencyInvitationParamsSchema = z.object({ organization_id: idParamSchema, invitation_id: idParamSchema });

/** A user of the agency as administrators see it. `created_at`, `deactivated_at`: ISO instants. */
export const agencyUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role_id: z.number().int(),
  dealership_ids: z.array(z.number().int()),
  active: z.boolean(),
  created_at: z.string(),
  deactivated_at: z.string().nullable(),
  /** The user's IANA zone (their morning alert digest comes at 08:00 in it); null: the agency's. */
  time_zone: z.string().nullable(),
});
export type AgencyUser = z.infer<typeof agencyUserSchema>;

/**
 * An invitation: `status` pending (sent, not used, not expired), expired, accepted or revoked;
 * `expires_at`, `sent_at`, `created_at` ISO instants. The link's token is never answered.
 */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role_id: z.number().int(),
  dealership_ids: z.array(z.number().int()),
  status: z.enum(['pending', 'expired', 'accepted', 'revoked']),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /api/agencies/{organization_id}/users` → users (name order) and open or recent invitations (newest first). */
export const listAgencyUsersResponseSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  users: z.array(agencyUserSchema),
  invitations: z.array(invitationSchema),
});
export type ListAgencyUsersResponse = z.infer<typeof listAgencyUsersResponseSchema>;

/** `POST /api/agencies/{organization_id}/invitations`: who, which role, and for role 3 the dealerships. */
export const inviteUserBodySchema = z.object({
  email: userEmailSchema,
  name: z.string().trim().min(1, 'Enter a name').max(200),
  role_id: assignableRoleSchema,
  dealership_ids: dealershipIdsSchema.default([]),
});
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;

/** An IANA time zone a user may keep (e.g. `America/Denver`). */
export const userTimeZoneSchema = z
  .string()
  .max(64)
  .refine((value) => isTimeZone(value), { message: 'Choose a time zone from the list, e.g. America/Denver' });

/**
 * `PATCH /api/agencies/{organization_id}/users/{user_id}`: a new role, dealerships and/or time zone
 * (`time_zone` null: the agency's).
 */
export const updateAgencyUserBodySchema = z
  .object({
    role_id: assignableRoleSchema.optional(),
    dealership_ids: dealershipIdsSchema.optional(),
    time_zone: userTimeZoneSchema.nullable().optional(),
  })
  .refine((body) => body.role_id !== undefined || body.dealership_ids !== undefined || body.time_zone !== undefined, {
    message: 'Change the role, the dealerships or the time zone',
  });
export type UpdateAgencyUserBody = z.infer<typeof updateAgencyUserBodySchema>;

/** A token from an emailed link (base64url of 32 random bytes; the server keeps only its SHA-256). */
export const linkTokenSchema = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid link');

/** `POST /api/auth/invitation`: what an invitation link is for, before the invitee sets a password. */
export const invitationTokenBodySchema = z.object({ token: linkTokenSchema });
export const invitationPreviewSchema = z.object({
  email: z.string(),
  name: z.string(),
  organization_name: z.string(),
  role_id: z.number().int(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** `POST /api/auth/invitation/accept`: the token, the invitee's own password and (optionally) their name. */
export const acceptInvitationBodySchema = z.object({
  token: linkTokenSchema,
  password: newPasswordSchema,
  name: z.string().trim().min(1).max(200).optional(),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/** `POST /api/auth/password-reset/request`. */
export const passwordResetRequestBodySchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email address').max(254),
});
/** Its answer, the same whether or not the address belongs to an account. */
export const passwordResetRequestedSchema = z.object({ message: z.string() });

/**
 * `POST /api/auth/password-reset/check`: whether a reset link can still be used, before the user types a
 * new password; the account's email (for password managers) and when the link expires (UTC, ISO 8601).
 */
export const passwordResetTokenBodySchema = z.object({ token: linkTokenSchema });
export const passwordResetPreviewSchema = z.object({ email: z.string(), expires_at: z.string() });
export type PasswordResetPreview = z.infer<typeof passwordResetPreviewSchema>;

/** `POST /api/auth/password-reset`: the emailed token and the new password. */
export const passwordResetBodySchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** `POST /api/admin/agencies` (platform staff): a new agency and the invitation of its first administrator. */
export const createAgencyBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter the agency name').max(200),
  time_zone: z
    .enum([
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
    ])
    .default('America/Chicago'),
  admin_email: userEmailSchema,
  admin_name: z.string().trim().min(1, 'Enter the administrator’s name').max(200),
});
export type CreateAgencyBody = z.infer<typeof createAgencyBodySchema>;
export const createAgencyResponseSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  invitation: invitationSchema,
});
