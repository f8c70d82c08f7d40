import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatInteger, formatPercent, vehiclePlaceholderDataUrl, type TopVehiclesResponse } from '@portal/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { paths, rangeSearch } from '@/lib/paths';
import { useTopVehicles } from '../api/get-top-vehicles';
import { type ReportParams } from '../api/report-params';
import { compareWithAverage } from '../utils/format';
import { CreativeImage } from './creative-image';

type Highlight = NonNullable<TopVehiclesResponse['mostViewed']>;

const HIGHLIGHTS = [
  { key: 'highestCtr', label: 'Highest CTR' },
  { key: 'mostClicked', label: 'Most Clicked' },
  { key: 'mostViewed', label: 'Most Viewed' },
] as const;

function Figure({
  label,
  value,
  comparison,
}: {
  label: string;
  value: string;
  comparison: ReturnType<typeof compareWithAverage>;
}) {
  // The theme's text shades of green and red (4.5:1 on white); Mantine's green 8 is 3.3:1.
  const color =
    comparison.direction === 'up'
      ? 'var(--mantine-color-green-text)'
      : comparison.direction === 'down'
        ? 'var(--mantine-color-red-text)'
        : 'dimmed';
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {value}
        </Text>
        {comparison.text ? (
          <Text size="xs" c={color} fw={600}>
            {comparison.text}
          </Text>
        ) : null}
      </Group>
    </Group>
  );
}

function HighlightCard({
  label,
  vehicle,
  averages,
  params,
}: {
  label: string;
  vehicle: Highlight | null;
  averages: TopVehiclesResponse['averages'];
  params: ReportParams;
}) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb="xs">
        {label}
      </Text>
      {vehicle ? (
        <Stack gap="xs">
          <CreativeImage
            src={vehicle.image_url ?? vehicle.log_image_url}
            alt={vehicle.description}
            fallbackSrc={vehiclePlaceholderDataUrl(vehicle.description)}
            height={150}
            fit="cover"
          />
          <Anchor
            component={Link}
            to={`${paths.vehicle(params.organizationId, params.dealershipId, vehicle.log_vin_number)}${rangeSearch(params)}`}
            fw={600}
            lineClamp={1}
          >
            {vehicle.description}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {vehicle.log_vin_number}
          </Text>
          <Figure
            label="Impressions"
            value={formatInteger(vehicle.impressions)}
            comparison={compareWithAverage(vehicle.impressions, averages.impressions)}
          />
          <Figure
            label="Clicks"
            value={formatInteger(vehicle.clicks)}
            comparison={compareWithAverage(vehicle.clicks, averages.clicks)}
          />
          <Figure
            label="CTR"
            value={formatPercent(vehicle.ctr)}
            comparison={compareWithAverage(vehicle.ctr, averages.ctr)}
          />
        </Stack>
      ) : (
        <Text c="dimmed" size="sm" py="lg" ta="center">
          No vehicles found
        </Text>
      )}
    </Paper>
  );
}

/** Highest CTR, most clicked and most viewed vehicle, each against the averages per vehicle (spec 000 §2.7). */
export function VehicleHighlights({ params }: { params: ReportParams }) {
  const topVehicles = useTopVehicles(params);
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id={headingId}>
          Top Vehicles
        </Title>
        {topVehicles.data ? (
          <Text size="sm" c="dimmed">
            Averages per vehicle: {formatInteger(topVehicles.data.averages.impressions)} impressions,{' '}
            {formatInteger(topVehicles.data.averages.clicks)} clicks, {formatPercent(topVehicles.data.averages.ctr)} CTR
          </Text>
        ) : null}
      </Group>
      {topVehicles.isError ? (
        <ErrorState
          title="Top vehicles could not be loaded"
          error={topVehicles.error}
          onRetry={() => void topVehicles.refetch()}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {HIGHLIGHTS.map(({ key, label }) =>
            topVehicles.data ? (
              <HighlightCard
                key={key}
                label={label}
                vehicle={topVehicles.data[key]}
                averages={topVehicles.data.averages}
                params={params}
              />
            ) : (
              <Skeleton key={key} height={320} radius="md" />
            ),
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
