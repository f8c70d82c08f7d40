import * as z from 'zod';

/** Analytics event names the web app records (spec 000 §2.1, §9). */
export const analyticsEventNames = ['create_campaign'] as const;

/** Body of `POST .../analytics/events`: the event name and the screen it came from. */
export const recordEventBodySchema = z.object({
  name: z.enum(analyticsEventNames),
  properties: z
    .object({ tab: z.enum(['list', 'self-service/list', 'breakdown']).optional() })
    .strict()
    .default({}),
});
export type RecordEventBody = z.infer<typeof recordEventBodySchema>;
