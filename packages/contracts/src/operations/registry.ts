import { analyticsOperations } from '../analytics/operations';
import { authOperations } from '../auth/operations';
import { campaignReportOperations } from '../campaign-reports/operations';
import { campaignOperations } from '../campaigns/operations';
import { dealershipOperations } from '../dealerships/operations';
import { fileOperations } from '../files/operations';
import { ingestionOperations } from '../ingestion/operations';
import { inventoryOperations } from '../inventory/operations';
import { campaignDraftOperations } from '../campaign-wizard/operations';
import { platformOperations, selfServiceCampaignOperations } from '../self-service/operations';
import { reportOperations } from '../reports/operations';
import { referenceOperations } from '../reference/operations';
import { agencyOverviewOperations } from '../agency-overview/operations';
import { auditOperations } from '../audit/operations';
import { userOperations } from '../users/operations';
import { trustOperations } from '../trust/operations';
import { alertOperations } from '../alerts/operations';
import { annotationOperations } from '../annotations/operations';
import { salesOperations } from '../sales/operations';
import { attributionOperations } from '../attribution/operations';
import { brandingOperations } from '../branding/operations';
import type { AnyOperation } from './define';

/**
 * Every API operation of the portal, by id (issue 19 §1). The server registers exactly these
 * routes (it refuses to start when one has no handler or a route has no descriptor); the OpenAPI
 * document, the web client and the test mocks read the same objects. Add an area's operations
 * here (docs/contributing.md "Add an API operation").
 */
export const operations = {
  ...authOperations,
  ...dealershipOperations,
  ...ingestionOperations,
  ...inventoryOperations,
  ...analyticsOperations,
  ...fileOperations,
  ...referenceOperations,
  ...campaignOperations,
  ...campaignReportOperations,
  ...reportOperations,
  ...selfServiceCampaignOperations,
  ...platformOperations,
  ...campaignDraftOperations,
  ...userOperations,
  ...auditOperations,
  ...agencyOverviewOperations,
  ...trustOperations,
  ...alertOperations,
  ...brandingOperations,
  ...annotationOperations,
  ...salesOperations,
  ...attributionOperations,
};

/** The id of an API operation. */
export type OperationId = keyof typeof operations;

/** Every operation as a list (registration order of the server). */
export const operationList: readonly AnyOperation[] = Object.values(operations);
