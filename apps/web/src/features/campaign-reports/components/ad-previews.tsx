import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useCreatives, type CreativeRow } from '../api/list-creatives';
import { type ReportParams } from '../api/report-params';
import { CreativeImage } from './creative-image';

/** At most this many previews (spec 000 §9). */
export const MAX_AD_PREVIEWS = 3;

/** The first creatives with distinct images, in the order given (impressions descending). */
export function distinctPreviews(creatives: CreativeRow[], max = MAX_AD_PREVIEWS): CreativeRow[] {
  const seen = new Set<string>();
  const previews: CreativeRow[] = [];
  for (const creative of creatives) {
    if (!creative.image_url || seen.has(creative.image_url)) continue;
    seen.add(creative.image_url);
    previews.push(creative);
    if (previews.length === max) break;
  }
  return previews;
}

/** Up to 3 distinct ad previews (shown only when show_ad_previews is on, spec 000 §2.7). */
export function AdPreviews({ params }: { params: ReportParams }) {
  // The creatives with the most impressions; enough rows to find three distinct images.
  const creatives = useCreatives({
    ...params,
    pageIndex: 0,
    pageSize: 30,
    sorting: [{ id: 'impressions', desc: true }],
  });
  const headingId = useId();
  const previews = creatives.data ? distinctPreviews(creatives.data.data) : [];

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Ad Previews
      </Title>
      {creatives.isError ? (
        <ErrorState
          title="Ad previews could not be loaded"
          error={creatives.error}
          onRetry={() => void creatives.refetch()}
        />
      ) : creatives.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {Array.from({ length: MAX_AD_PREVIEWS }, (_, index) => (
            <Skeleton key={index} height={260} radius="md" />
          ))}
        </SimpleGrid>
      ) : previews.length === 0 ? (
        <Text c="dimmed">No ad previews for this date range</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {previews.map((creative) => (
            <Paper
              key={creative.creative_id}
              withBorder
              radius="md"
              p="md"
              role="figure"
              aria-label={creative.creative_name}
            >
              <CreativeImage src={creative.image_url} alt={creative.creative_name} height={220} />
              <Text size="sm" fw={600} mt="sm" lineClamp={1}>
                {creative.creative_name}
              </Text>
              <Text size="xs" c="dimmed">
                {creative.creative_size}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
