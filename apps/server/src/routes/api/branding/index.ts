import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  LOGO_MAX_BYTES,
  ROLE_AGENCY_ADMIN,
  ROLE_PLATFORM_STAFF,
  brandingMessages,
  brandingOperations,
} from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { ApiError, forbidden, notFound } from '../../../lib/errors';
import { sniffType } from '../../../lib/storage/sniff';
import { noteAudit } from '../../../plugins/app/audit';
import {
  findOrganizationByAgencyParam,
  getOrganizationRow,
  listAgencies,
  setLogo,
  toBrand,
  toBranding,
  updateBranding,
} from '../../../repositories/branding';

/** Platform staff and agency administrators (roles 1–2) change the branding; a dealership user gets 403. */
async function requireAgencyAdmin(request: FastifyRequest) {
  if ((request.user?.role_id ?? 3) > ROLE_AGENCY_ADMIN)
    throw forbidden('Only an agency administrator may change the agency’s branding');
}

/**
 * White-label per agency (issue 20 §4, docs/users.md "Branding"). Under
 * `/api/agencies/{organization_id}/branding` the tenant check runs first (another agency's id: 404),
 * then roles 1–2 (403). `/api/brands/{agency}` is public and serves only name, colour and logo.
 * `GET /api/admin/agencies` is platform staff's (403 otherwise).
 */
const brandingRoutes: RouteModule = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.endsWith('/branding') || request.routeOptions.url?.endsWith('/branding/logo'))
      await requireAgencyAdmin(request);
  });

  const current = async (organizationId: number) => {
    const row = await getOrganizationRow(app.db, { organizationId });
    if (!row) throw notFound('Organization not found');
    return row;
  };

  /** `GET .../branding` → the settings: display name, colour, sender, reply-to, paper, logo URL, sign-in path. */
  registerOperation(app, brandingOperations.getAgencyBranding, async (request) =>
    toBranding(await current(request.params.organization_id)),
  );

  /**
   * `PUT .../branding` `{ display_name, primary_color (#rrggbb, white text on it ≥ 4.5:1), email_sender_name,
   * email_reply_to, paper_size: 'letter'|'a4' }` → the settings. null or '' falls back to the default.
   * 400 at the field for a colour too light for white text, or a reply-to that is not one address.
   */
  registerOperation(app, brandingOperations.updateAgencyBranding, async (request) => {
    const organizationId = request.params.organization_id;
    const before = await current(organizationId);
    const body = request.body;
    const row = await updateBranding(app.db, {
      organizationId,
      changes: {
        displayName: body.display_name,
        primaryColor: body.primary_color,
        emailSenderName: body.email_sender_name,
        emailReplyTo: body.email_reply_to,
        paperSize: body.paper_size,
      },
    });
    noteAudit(request, {
      target: `agency ${organizationId} (${before.name})`,
      summary: `Branding: name ${body.display_name ?? '(default)'}, colour ${body.primary_color ?? '(default)'}, sender ${body.email_sender_name ?? '(default)'}, reply-to ${body.email_reply_to ?? '(none)'}, paper ${body.paper_size}`,
    });
    return toBranding(row!);
  });

  /**
   * `PUT .../branding/logo` `{ content_type: 'image/png'|'image/jpeg', data_base64 }` → the settings
   * with the new `logo_url`. The bytes decide: 415 unless they are a PNG or JPEG of the declared type
   * (SVG, HTML, anything else refused); 413 above 512 KB. Stored through the storage abstraction.
   */
  registerOperation(
    app,
    brandingOperations.uploadAgencyLogo,
    async (request) => {
      const organizationId = request.params.organization_id;
      const before = await current(organizationId);
      const bytes = Buffer.from(request.body.data_base64, 'base64');
      if (bytes.length === 0) throw new ApiError(415 as number, 'BAD_REQUEST', brandingMessages.logoType);
      if (bytes.length > LOGO_MAX_BYTES) throw new ApiError(413 as number, 'BAD_REQUEST', brandingMessages.logoSize);
      const sniffed = await sniffType(bytes);
      if (sniffed !== request.body.content_type)
        throw new ApiError(415 as number, 'BAD_REQUEST', brandingMessages.logoType);
      const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      const key = `branding/${organizationId}/logo-${version}.${sniffed === 'image/png' ? 'png' : 'jpg'}`;
      await app.storage.put(key, bytes, { contentType: sniffed });
      const row = await setLogo(app.db, { organizationId, logo: { key, type: sniffed, version } });
      if (before.brandLogoKey && before.brandLogoKey !== key) await app.storage.delete(before.brandLogoKey);
      noteAudit(request, {
        target: `agency ${organizationId} (${before.name})`,
        summary: `Logo replaced (${sniffed}, ${bytes.length} bytes)`,
      });
      return toBranding(row!);
    },
    { bodyLimit: Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 64 * 1024 },
  );

  /** `DELETE .../branding/logo` → the settings without a logo (idempotent). */
  registerOperation(app, brandingOperations.deleteAgencyLogo, async (request) => {
    const organizationId = request.params.organization_id;
    const before = await current(organizationId);
    const row = await setLogo(app.db, { organizationId, logo: null });
    if (before.brandLogoKey) await app.storage.delete(before.brandLogoKey);
    noteAudit(request, { target: `agency ${organizationId} (${before.name})`, summary: 'Logo removed' });
    return toBranding(row!);
  });

  /** `GET /api/brands/{agency}` (no session; id or slug) → `{ organization_id, slug, name, primary_color, logo_url }`; 404 unknown. */
  registerOperation(app, brandingOperations.getAgencyBrand, async (request) => {
    const row = await findOrganizationByAgencyParam(app.db, { agency: request.params.agency });
    if (!row) throw notFound('Unknown agency');
    return toBrand(row);
  });

  /** `GET /api/brands/{agency}/logo?v=` (no session) → the PNG/JPEG bytes; cached a day (the URL changes with the logo). 404 without one. */
  registerOperation(app, brandingOperations.getAgencyBrandLogo, async (request, reply) => {
    const row = await findOrganizationByAgencyParam(app.db, { agency: request.params.agency });
    if (!row?.brandLogoKey || !row.brandLogoType) throw notFound('No logo');
    const object = await app.storage.getStream(row.brandLogoKey);
    if (!object) throw notFound('No logo');
    return reply
      .header('content-type', row.brandLogoType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .header('content-length', String(object.totalSize))
      .send(object.body);
  });

  /** `GET /api/admin/agencies` (platform staff) → `{ data: [{ id, name, slug, time_zone, dealership_count, user_count }] }` by name. */
  registerOperation(app, brandingOperations.listAgencies, async (request) => {
    if (request.user!.role_id !== ROLE_PLATFORM_STAFF) throw forbidden('Only platform staff list agencies');
    return { data: await listAgencies(app.db) };
  });
};
export default brandingRoutes;
