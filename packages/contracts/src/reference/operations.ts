import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { dmaBoundariesSchema } from '../campaign-reports/dma-boundaries';
import { listMediaMarketsResponseSchema, zipDmaTableSchema } from '../campaign-wizard/api';
import { defineOperation } from '../operations/define';

/** Reference data shipped with the project, for any signed-in user. */
export const referenceOperations = {
  getDmaBoundaries: defineOperation({
    id: 'getDmaBoundaries',
    method: 'GET',
    path: '/api/reference/dma-boundaries',
    summary: 'DMA boundaries (GeoJSON) for the DMA map',
    tags: ['reference'],
    response: { 200: dmaBoundariesSchema, 304: z.null(), 401: errorResponseSchema },
  }),
  listMediaMarkets: defineOperation({
    id: 'listMediaMarkets',
    method: 'GET',
    path: '/api/reference/media-markets',
    summary: 'The media markets (DMAs) for the location picker',
    tags: ['reference'],
    response: { 200: listMediaMarketsResponseSchema, 401: errorResponseSchema },
  }),
  getZipDmas: defineOperation({
    id: 'getZipDmas',
    method: 'GET',
    path: '/api/reference/zip-dmas',
    summary: 'ZIP code → media market table',
    tags: ['reference'],
    response: { 200: zipDmaTableSchema, 401: errorResponseSchema },
  }),
};
