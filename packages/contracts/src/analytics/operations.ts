import { commonErrors, DEALERSHIP_PATH, defineOperation, noContentSchema } from '../operations/define';
import { tenantParamsSchema } from '../common/ids';
import { recordEventBodySchema } from './record-event';

/** Product analytics events (spec 000 §2.1). */
export const analyticsOperations = {
  recordEvent: defineOperation({
    id: 'recordEvent',
    method: 'POST',
    path: `${DEALERSHIP_PATH}/analytics/events`,
    summary: 'Record an analytics event',
    tags: ['analytics'],
    params: tenantParamsSchema,
    body: recordEventBodySchema,
    response: { 204: noContentSchema, ...commonErrors },
  }),
};
