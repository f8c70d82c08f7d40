import type { AnnotationCampaignKind } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

/** Whose notes a chart shows: the tenant, the campaign (managed or self-service) and the range. */
export interface AnnotationParams {
  organizationId: number;
  dealershipId: number;
  campaignId: number;
  campaignKind: AnnotationCampaignKind;
  startDate: string;
  endDate: string;
}

const path = ({ organizationId, dealershipId }: Pick<AnnotationParams, 'organizationId' | 'dealershipId'>) => ({
  organization_id: organizationId,
  dealership_id: dealershipId,
});

/** Every notes query of a dealership: what a change invalidates. */
const annotationsKey = (organizationId: number, dealershipId: number) =>
  tenantKey(organizationId, dealershipId, 'annotations');

/**
 * `listAnnotations` (`GET …/dealership/{id}/annotations?start_date&end_date&campaign_id&campaign_kind`)
 * → `{ data }`: the dealership's and the campaign's notes of the range, flight start and end included.
 * Every daily chart of a page reads the same query (one request).
 */
export const annotationsQueryOptions = (params: AnnotationParams) =>
  queryOptions({
    queryKey: [
      ...annotationsKey(params.organizationId, params.dealershipId),
      params.campaignKind,
      params.campaignId,
      params.startDate,
      params.endDate,
    ],
    queryFn: ({ signal }) =>
      callOperation('listAnnotations', {
        params: path(params),
        query: {
          start_date: params.startDate,
          end_date: params.endDate,
          campaign_id: params.campaignId,
          campaign_kind: params.campaignKind,
        },
        signal,
      }),
  });
export function useAnnotations(params: AnnotationParams) {
  return useQuery(annotationsQueryOptions(params));
}

/** A mutation of the dealership's notes that refreshes every notes query of the dealership. */
function useAnnotationMutation<V, R>(params: AnnotationParams, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: annotationsKey(params.organizationId, params.dealershipId) }),
  });
}

/** `createAnnotation` (`POST …/annotations` `{ date, text, campaign_id, campaign_kind }`) → the note; `campaign_id` null: the whole dealership. */
export const useCreateAnnotation = (params: AnnotationParams) =>
  useAnnotationMutation(
    params,
    ({ date, text, wholeDealership }: { date: string; text: string; wholeDealership: boolean }) =>
      callOperation('createAnnotation', {
        params: path(params),
        body: {
          date,
          text,
          campaign_id: wholeDealership ? null : params.campaignId,
          campaign_kind: params.campaignKind,
        },
      }),
  );

/** `updateAnnotation` (`PATCH …/annotations/{id}` `{ date, text }`) → the note. */
export const useUpdateAnnotation = (params: AnnotationParams) =>
  useAnnotationMutation(params, ({ id, date, text }: { id: number; date: string; text: string }) =>
    callOperation('updateAnnotation', { params: { ...path(params), annotation_id: id }, body: { date, text } }),
  );

/** `deleteAnnotation` (`DELETE …/annotations/{id}`) → 204. */
export const useDeleteAnnotation = (params: AnnotationParams) =>
  useAnnotationMutation(params, (id: number) =>
    callOperation('deleteAnnotation', { params: { ...path(params), annotation_id: id } }),
  );
