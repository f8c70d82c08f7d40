import type { FastifyRequest } from 'fastify';
import { annotationOperations, ROLE_AGENCY_ADMIN } from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { forbidden, notFound } from '../../../lib/errors';
import {
  campaignFlight,
  createAnnotation,
  deleteAnnotation,
  getAnnotation,
  listAnnotations,
  updateAnnotation,
  type AnnotationCampaign,
  type AnnotationViewer,
} from '../../../repositories/annotations';

/**
 * Notes on a date (issue 21 §4, docs/trust.md "Annotations"), under a dealership's path: the tenant
 * check runs first (another agency or a dealership the user may not open: 404). A campaign named in
 * the query or body must be the dealership's (404 'Campaign not found'); a note of another
 * dealership is 404. Changing or deleting a note is for its author, an agency administrator or staff
 * (403 for another user; automatic notes are read-only: 403). Nothing is kept by the response cache.
 */
const annotationRoutes: RouteModule = async (app, options) => {
  const viewerOf = (request: FastifyRequest): AnnotationViewer => ({
    userId: request.user!.id,
    roleId: request.user!.role_id ?? 3,
  });
  const flightOf = async (dealershipId: number, campaign: AnnotationCampaign) => {
    const flight = await campaignFlight(app.db, { dealershipId, campaign });
    if (!flight) throw notFound('Campaign not found');
    return flight;
  };
  /** The stored note the user may change: 404 when not the dealership's, 403 when not theirs to change. */
  const editableNote = async (
    request: FastifyRequest & { params: { dealership_id: number; annotation_id: number } },
  ) => {
    const viewer = viewerOf(request);
    const note = await getAnnotation(app.db, {
      dealershipId: request.params.dealership_id,
      annotationId: request.params.annotation_id,
      viewer,
    });
    if (!note) throw notFound('Note not found');
    if (note.kind !== 'user') throw forbidden('Automatic notes cannot be changed');
    if (!note.editable)
      throw forbidden(
        viewer.roleId <= ROLE_AGENCY_ADMIN
          ? 'You may not change this note'
          : 'Only its author or an agency administrator may change this note',
      );
    return viewer;
  };
  const answer = async (dealershipId: number, annotationId: number, viewer: AnnotationViewer) => {
    const { authorId: _, ...note } = (await getAnnotation(app.db, { dealershipId, annotationId, viewer }))!;
    return note;
  };

  /**
   * `GET .../dealership/{dealership_id}/annotations?start_date&end_date[&campaign_id&campaign_kind]`
   * → `{ data }`: the dealership's notes of the range and, with a campaign, the campaign's stored
   * notes and its flight start and end (derived), oldest day first.
   */
  registerOperation(app, annotationOperations.listAnnotations, async (request) => {
    const { dealership_id: dealershipId } = request.params;
    const { start_date: startDate, end_date: endDate, campaign_id, campaign_kind } = request.query;
    const campaign = campaign_id === undefined ? undefined : { kind: campaign_kind, id: campaign_id };
    const flight = campaign ? await flightOf(dealershipId, campaign) : null;
    const data = await listAnnotations(app.db, {
      dealershipId,
      campaign,
      flight,
      startDate,
      endDate,
      viewer: viewerOf(request),
    });
    return { data };
  });

  /** `POST .../annotations` `{ date, text, campaign_id?, campaign_kind? }` → 201 the note, written by the user. */
  registerOperation(app, annotationOperations.createAnnotation, async (request, reply) => {
    const { organization_id: organizationId, dealership_id: dealershipId } = request.params;
    const { date, text, campaign_id, campaign_kind } = request.body;
    const campaign = campaign_id == null ? null : { kind: campaign_kind, id: campaign_id };
    if (campaign) await flightOf(dealershipId, campaign);
    const id = await createAnnotation(app.db, {
      organizationId,
      dealershipId,
      campaign,
      date,
      text,
      authorId: request.user!.id,
    });
    return reply.code(201).send(await answer(dealershipId, id, viewerOf(request)));
  });

  /** `PATCH .../annotations/{annotation_id}` `{ date?, text? }` → the changed note (author, roles 1–2; else 403). */
  registerOperation(app, annotationOperations.updateAnnotation, async (request) => {
    const viewer = await editableNote(request);
    await updateAnnotation(app.db, {
      annotationId: request.params.annotation_id,
      date: request.body.date,
      text: request.body.text,
      now: options.clock(),
    });
    return answer(request.params.dealership_id, request.params.annotation_id, viewer);
  });

  /** `DELETE .../annotations/{annotation_id}` → 204 (author, roles 1–2; else 403). */
  registerOperation(app, annotationOperations.deleteAnnotation, async (request, reply) => {
    await editableNote(request);
    await deleteAnnotation(app.db, { annotationId: request.params.annotation_id });
    return reply.code(204).send(null);
  });
};
export default annotationRoutes;
