import { errorResponseSchema } from '../common/errors';
import { AGENCY_PATH, AGENCY_ROLES, commonErrors, defineOperation } from '../operations/define';
import {
  alertCommentBodySchema,
  alertCountResponseSchema,
  alertListQuerySchema,
  alertListResponseSchema,
  alertParamsSchema,
  alertSchema,
  alertSettingsBodySchema,
  alertSettingsSchema,
  alertsAgencyParamsSchema,
  snoozeAlertBodySchema,
} from './alerts';

const tags = ['alerts'] as const;
const errors = { ...commonErrors, 403: errorResponseSchema };

/**
 * The alert centre (issue 21 §3, docs/trust.md "Alerts"). Every signed-in user of the agency may
 * read and act on the alerts of the dealerships they may open (a dealership user: their own only);
 * the thresholds are the administrators'.
 */
export const alertOperations = {
  listAlerts: defineOperation({
    id: 'listAlerts',
    method: 'GET',
    path: `${AGENCY_PATH}/alerts`,
    summary: 'Alerts of the dealerships the user may open, with filters',
    tags,
    params: alertsAgencyParamsSchema,
    query: alertListQuerySchema,
    response: { 200: alertListResponseSchema, ...errors },
  }),
  countOpenAlerts: defineOperation({
    id: 'countOpenAlerts',
    method: 'GET',
    path: `${AGENCY_PATH}/alerts/count`,
    summary: 'How many open alerts the user may see (the bell)',
    tags,
    params: alertsAgencyParamsSchema,
    response: { 200: alertCountResponseSchema, ...errors },
  }),
  acknowledgeAlert: defineOperation({
    id: 'acknowledgeAlert',
    method: 'POST',
    path: `${AGENCY_PATH}/alerts/:alert_id/acknowledge`,
    summary: 'Acknowledge an alert',
    tags,
    params: alertParamsSchema,
    response: { 200: alertSchema, ...errors },
  }),
  snoozeAlert: defineOperation({
    id: 'snoozeAlert',
    method: 'POST',
    path: `${AGENCY_PATH}/alerts/:alert_id/snooze`,
    summary: 'Snooze an alert until a date',
    tags,
    params: alertParamsSchema,
    body: snoozeAlertBodySchema,
    response: { 200: alertSchema, ...errors },
  }),
  commentAlert: defineOperation({
    id: 'commentAlert',
    method: 'POST',
    path: `${AGENCY_PATH}/alerts/:alert_id/comments`,
    summary: 'Comment on an alert',
    tags,
    params: alertParamsSchema,
    body: alertCommentBodySchema,
    response: { 200: alertSchema, ...errors },
  }),
  getAlertSettings: defineOperation({
    id: 'getAlertSettings',
    method: 'GET',
    path: `${AGENCY_PATH}/alert-settings`,
    summary: 'The agency’s alert thresholds (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: alertsAgencyParamsSchema,
    response: { 200: alertSettingsSchema, ...errors },
  }),
  updateAlertSettings: defineOperation({
    id: 'updateAlertSettings',
    method: 'PUT',
    path: `${AGENCY_PATH}/alert-settings`,
    summary: 'Change the agency’s alert thresholds (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: alertsAgencyParamsSchema,
    body: alertSettingsBodySchema,
    response: { 200: alertSettingsSchema, ...errors },
  }),
};
