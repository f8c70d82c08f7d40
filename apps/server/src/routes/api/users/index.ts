import type { FastifyRequest } from 'fastify';
import { AGENCY_PATH, ROLE_AGENCY_ADMIN, ROLE_PLATFORM_STAFF, userOperations } from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { ApiError, forbidden, notFound } from '../../../lib/errors';
import { noteAudit } from '../../../plugins/app/audit';
import { emailInvitation } from '../../../accounts/links';
import { getOrganization } from '../../../repositories/dealerships';
import {
  createInvitation,
  createOrganization,
  emailInUse,
  getAgencyUser,
  listAgencyUsers,
  renewInvitation,
  revokeInvitation,
  setUserActive,
  updateAgencyUser,
} from '../../../repositories/users';

/** Platform staff and agency administrators (roles 1–2) administer users; a dealership user gets 403. */
async function requireAgencyAdmin(request: FastifyRequest) {
  if ((request.user?.role_id ?? 3) > ROLE_AGENCY_ADMIN)
    throw forbidden('Only an agency administrator may manage users');
}

const roleLabel = (roleId: number) => (roleId === 2 ? 'agency administrator' : 'dealership user');
const dealershipsLabel = (ids: number[]) => (ids.length > 0 ? ` with dealerships ${ids.join(', ')}` : '');

/**
 * User administration of an agency (issue 23 §2, docs/users.md), under
 * `/api/agencies/{organization_id}`: the tenant check runs first (another agency's id answers 404,
 * and so does a user or invitation of another agency), then roles 1–2 (403 otherwise). An
 * administrator changes neither their own account (409) nor a platform staff account (404).
 * `POST /api/admin/agencies` is platform staff's (403 otherwise).
 */
const userRoutes: RouteModule = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith(`${AGENCY_PATH}/`)) await requireAgencyAdmin(request);
  });

  const organizationName = async (organizationId: number) =>
    (await getOrganization(app.db, { organizationId }))?.name ?? `Agency ${organizationId}`;

  /** 409 for the signed-in user's own account: nobody locks themselves out or raises their own role here. */
  const notOneself = (request: FastifyRequest, userId: number) => {
    if (request.user!.id === userId) throw new ApiError(409, 'CONFLICT', 'You cannot change your own account here');
  };

  /**
   * `GET .../users` → `{ organization, users, invitations }`: the agency's users (name order; staff
   * accounts only for staff) with role, dealerships and whether active, and its invitations with
   * their state (pending, expired, accepted, revoked), newest first.
   */
  registerOperation(app, userOperations.listAgencyUsers, async (request) => {
    const found = await listAgencyUsers(app.db, {
      organizationId: request.params.organization_id,
      includeStaff: request.user!.role_id === ROLE_PLATFORM_STAFF,
      now: app.clock(),
    });
    if (!found) throw notFound('Organization not found');
    return found;
  });

  /**
   * `POST .../invitations` `{ email, name, role_id: 2|3, dealership_ids }` → 201 the invitation,
   * emailed with a single-use link valid 72 h. 400 at `dealership_ids` for role 3 without one, or
   * with a dealership of another agency; 409 when the address has an account or a pending
   * invitation here; 503 when the email could not be sent (the invitation is kept).
   */
  registerOperation(app, userOperations.inviteUser, async (request, reply) => {
    const organizationId = request.params.organization_id;
    const { invitation, token } = await createInvitation(app.db, {
      organizationId,
      email: request.body.email,
      name: request.body.name,
      roleId: request.body.role_id,
      dealershipIds: request.body.dealership_ids,
      invitedBy: request.user!.id,
      now: app.clock(),
    });
    noteAudit(request, {
      target: `invitation ${invitation.id} (${invitation.email})`,
      summary: `Invited ${invitation.email} as ${roleLabel(invitation.role_id)}${dealershipsLabel(invitation.dealership_ids)}`,
    });
    await emailInvitation(app, request, {
      invitation,
      token,
      organizationName: await organizationName(organizationId),
      inviterName: request.user!.name,
      organizationId,
    });
    return reply.code(201).send({ ...invitation, invited_by: request.user!.email });
  });

  /** `POST .../invitations/{invitation_id}/resend` → the invitation with a new link (the old one stops working), 72 h from now. 409 when accepted or revoked. */
  registerOperation(app, userOperations.resendInvitation, async (request) => {
    const organizationId = request.params.organization_id;
    const { invitation, token } = await renewInvitation(app.db, {
      organizationId,
      invitationId: request.params.invitation_id,
      now: app.clock(),
    });
    noteAudit(request, {
      target: `invitation ${invitation.id} (${invitation.email})`,
      summary: `Sent the invitation of ${invitation.email} again; the earlier link no longer works`,
    });
    await emailInvitation(app, request, {
      invitation,
      token,
      organizationName: await organizationName(organizationId),
      inviterName: request.user!.name,
      organizationId,
    });
    return invitation;
  });

  /** `DELETE .../invitations/{invitation_id}` → 204; its link stops working. 409 when it was accepted. */
  registerOperation(app, userOperations.revokeInvitation, async (request, reply) => {
    const invitation = await revokeInvitation(app.db, {
      organizationId: request.params.organization_id,
      invitationId: request.params.invitation_id,
      now: app.clock(),
    });
    noteAudit(request, {
      target: `invitation ${invitation.id} (${invitation.email})`,
      summary: `Revoked the invitation of ${invitation.email}`,
    });
    return reply.code(204).send(null);
  });

  /**
   * `PATCH .../users/{user_id}` `{ role_id?, dealership_ids?, time_zone? }` → the user. Role 2 opens
   * every dealership; role 3 needs at least one of the agency's (400 at `dealership_ids`); `time_zone`
   * an IANA zone or null for the agency's (their morning alert digest, issue 21 §3). Takes effect on
   * the user's next request (the session cache is emptied by the write's notification).
   */
  registerOperation(app, userOperations.updateAgencyUser, async (request) => {
    const { organization_id: organizationId, user_id: userId } = request.params;
    notOneself(request, userId);
    const before = await getAgencyUser(app.db, { organizationId, userId, includeStaff: false });
    const after = await updateAgencyUser(app.db, {
      organizationId,
      userId,
      roleId: request.body.role_id,
      dealershipIds: request.body.dealership_ids,
      timeZone: request.body.time_zone,
    });
    const zone = (value: string | null) => value ?? "the agency's";
    noteAudit(request, {
      target: `user ${after.id} (${after.email})`,
      summary: `Role ${roleLabel(before.role_id)} → ${roleLabel(after.role_id)}; dealerships [${before.dealership_ids.join(', ')}] → [${after.dealership_ids.join(', ')}]${
        before.time_zone !== after.time_zone ? `; time zone ${zone(before.time_zone)} → ${zone(after.time_zone)}` : ''
      }`,
    });
    return after;
  });

  /** `POST .../users/{user_id}/deactivate` → the user, inactive: every session ends before the answer, and sign-in is refused. */
  registerOperation(app, userOperations.deactivateUser, async (request) => {
    const { organization_id: organizationId, user_id: userId } = request.params;
    notOneself(request, userId);
    const user = await setUserActive(app.db, { organizationId, userId, active: false, now: app.clock() });
    noteAudit(request, {
      target: `user ${user.id} (${user.email})`,
      summary: `Deactivated ${user.email}; every session ended`,
    });
    return user;
  });

  /** `POST .../users/{user_id}/reactivate` → the user, active again (with the password they had). */
  registerOperation(app, userOperations.reactivateUser, async (request) => {
    const { organization_id: organizationId, user_id: userId } = request.params;
    notOneself(request, userId);
    const user = await setUserActive(app.db, { organizationId, userId, active: true, now: app.clock() });
    noteAudit(request, { target: `user ${user.id} (${user.email})`, summary: `Reactivated ${user.email}` });
    return user;
  });

  /**
   * `POST /api/admin/agencies` `{ name, time_zone, admin_email, admin_name }` (platform staff) → 201
   * `{ organization, invitation }`: a new agency (id from its own sequence) and the emailed
   * invitation of its first administrator. 403 for other roles; 409 for a name or email in use.
   */
  registerOperation(app, userOperations.createAgency, async (request, reply) => {
    if (request.user!.role_id !== ROLE_PLATFORM_STAFF) throw forbidden('Only platform staff create agencies');
    // Checked before the agency is created, so a refused address leaves no agency behind.
    if (await emailInUse(app.db, { email: request.body.admin_email }))
      throw new ApiError(409, 'CONFLICT', 'A user with this email address already exists');
    const organization = await createOrganization(app.db, {
      name: request.body.name,
      timeZone: request.body.time_zone,
    });
    const { invitation, token } = await createInvitation(app.db, {
      organizationId: organization.id,
      email: request.body.admin_email,
      name: request.body.admin_name,
      roleId: ROLE_AGENCY_ADMIN,
      dealershipIds: [],
      invitedBy: request.user!.id,
      now: app.clock(),
    });
    noteAudit(request, {
      organizationId: organization.id,
      target: `agency ${organization.id} (${organization.name})`,
      summary: `Created the agency ${organization.name} and invited ${invitation.email} as its administrator`,
    });
    await emailInvitation(app, request, {
      invitation,
      token,
      organizationName: organization.name,
      inviterName: request.user!.name,
      organizationId: organization.id,
    });
    return reply.code(201).send({ organization, invitation: { ...invitation, invited_by: request.user!.email } });
  });
};
export default userRoutes;
