import { errorResponseSchema } from '../common/errors';
import { commonErrors, DEALERSHIP_PATH, defineOperation, noContentSchema } from '../operations/define';
import {
  annotationListQuerySchema,
  annotationListResponseSchema,
  annotationParamsSchema,
  annotationSchema,
  annotationsParamsSchema,
  createAnnotationBodySchema,
  updateAnnotationBodySchema,
} from './annotations';

const tags = ['annotations'] as const;
const errors = { ...commonErrors, 403: errorResponseSchema };

/**
 * Notes on a date (issue 21 §4, docs/trust.md "Annotations"). Every user who may open the
 * dealership reads and adds notes; a note is changed or deleted by its author, an agency
 * administrator or staff (403 for anyone else); automatic notes are read-only.
 */
export const annotationOperations = {
  listAnnotations: defineOperation({
    id: 'listAnnotations',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/annotations`,
    summary:
      'Notes of a range of days: the dealership’s and, with campaign_id, the campaign’s (automatic ones included)',
    tags,
    params: annotationsParamsSchema,
    query: annotationListQuerySchema,
    response: { 200: annotationListResponseSchema, ...errors },
  }),
  createAnnotation: defineOperation({
    id: 'createAnnotation',
    method: 'POST',
    path: `${DEALERSHIP_PATH}/annotations`,
    summary: 'Add a note on a date to the dealership or one of its campaigns',
    tags,
    params: annotationsParamsSchema,
    body: createAnnotationBodySchema,
    response: { 201: annotationSchema, ...errors },
  }),
  updateAnnotation: defineOperation({
    id: 'updateAnnotation',
    method: 'PATCH',
    path: `${DEALERSHIP_PATH}/annotations/:annotation_id`,
    summary: 'Change a note’s date or text (its author, roles 1–2)',
    tags,
    params: annotationParamsSchema,
    body: updateAnnotationBodySchema,
    response: { 200: annotationSchema, ...errors },
  }),
  deleteAnnotation: defineOperation({
    id: 'deleteAnnotation',
    method: 'DELETE',
    path: `${DEALERSHIP_PATH}/annotations/:annotation_id`,
    summary: 'Delete a note (its author, roles 1–2)',
    tags,
    params: annotationParamsSchema,
    response: { 204: noContentSchema, ...errors },
  }),
};
