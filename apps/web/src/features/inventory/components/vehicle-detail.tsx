import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatCurrency,
  formatInteger,
  formatPercent,
  productCatalog,
  vehiclePlaceholderDataUrl,
  type VehicleDetail as VehicleDetailData,
  formatDisplayDate,
} from '@portal/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { ErrorState } from '@/components/ui/error-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { StatCard } from '@/components/ui/stat-card';
import { useDateRangeParams } from '@/hooks/use-date-range-params';
import { isNotFound } from '@/lib/api-client';
import { paths, rangeSearch } from '@/lib/paths';
import { useVehicle } from '../api/get-vehicle';

export interface VehicleDetailProps {
  organizationId: number;
  dealershipId: number;
  vin: string;
}

/** The vehicle's photo; its make/model placeholder (no stock image) when there is none or it fails to load. */
function VehicleImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Image
        src={vehiclePlaceholderDataUrl(alt)}
        alt={`${alt} (no photo)`}
        h={220}
        fit="contain"
        radius="md"
        bg="gray.1"
        data-placeholder
      />
    );
  }
  return <Image src={src} alt={alt} h={220} fit="cover" radius="md" onError={() => setFailed(true)} />;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

function titleOf(data: VehicleDetailData): string {
  const vehicle = data.vehicle;
  if (!vehicle) return `Vehicle ${data.vin}`;
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
}

function productName(code: string): string {
  return (productCatalog as Record<string, { name: string }>)[code.toUpperCase()]?.name ?? code;
}

/** A vehicle of the dealership: its facts and its ad results per campaign over the range. */
export function VehicleDetail({ organizationId, dealershipId, vin }: VehicleDetailProps) {
  const [range, setRange] = useDateRangeParams();
  const vehicleQuery = useVehicle({ organizationId, dealershipId, vin, ...range });
  const backTo = `${paths.campaigns(organizationId, dealershipId, 'list')}${rangeSearch(range)}`;

  if (vehicleQuery.isError && isNotFound(vehicleQuery.error)) {
    return (
      <NotFoundState
        title="Vehicle not found"
        description="This dealership has no vehicle with this VIN."
        linkTo={paths.campaigns(organizationId, dealershipId, 'list')}
        linkLabel="Back to campaigns"
      />
    );
  }
  if (vehicleQuery.isError) {
    return (
      <ErrorState
        title="The vehicle could not be loaded"
        error={vehicleQuery.error}
        onRetry={() => void vehicleQuery.refetch()}
        retrying={vehicleQuery.isFetching}
      />
    );
  }

  const data = vehicleQuery.data;
  if (!data) {
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton height={32} width={360} />
        <Skeleton height={220} />
        <Skeleton height={200} />
      </Stack>
    );
  }

  const vehicle = data.vehicle;
  const title = titleOf(data);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backTo} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          <span>Back to campaigns</span>
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          Inventory
        </Text>
        <Group gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {vehicle ? (
            <Badge variant="light" radius="sm" color={vehicle.vehicle_state.toLowerCase() === 'new' ? 'blue' : 'gray'}>
              {vehicle.vehicle_state}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" ff="monospace">
          VIN {data.vin}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-label="Vehicle facts">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <VehicleImage src={vehicle?.image_url ?? null} alt={title} />
          {vehicle ? (
            <SimpleGrid cols={2} spacing="md" verticalSpacing="sm" style={{ gridColumn: 'span 2' }}>
              <Fact label="Year make model" value={`${vehicle.year} ${vehicle.make} ${vehicle.model}`} />
              <Fact label="Trim" value={vehicle.trim ?? '—'} />
              <Fact label="VIN" value={data.vin} />
              <Fact label="Stock" value={vehicle.stock_number ?? '—'} />
              <Fact label="State" value={vehicle.vehicle_state} />
              <Fact label="Price" value={vehicle.price === null ? '—' : formatCurrency(vehicle.price)} />
              <Fact label="Mileage" value={vehicle.mileage === null ? '—' : `${formatInteger(vehicle.mileage)} mi`} />
              <Fact label="Color" value={vehicle.exterior_color ?? '—'} />
              <Fact label="Body style" value={vehicle.body_style ?? '—'} />
              <Fact
                label="First seen"
                value={vehicle.first_seen_date ? formatDisplayDate(vehicle.first_seen_date) : '—'}
              />
            </SimpleGrid>
          ) : (
            <Text c="dimmed" style={{ gridColumn: 'span 2' }}>
              This vehicle is no longer in the dealership's inventory; its ad results are below.
            </Text>
          )}
        </SimpleGrid>
      </Paper>

      <Group align="flex-end" gap="sm">
        <DateRangeFilter value={range} onChange={setRange} />
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <StatCard label="Impressions" value={formatInteger(data.totals.impressions)} />
        <StatCard label="Clicks" value={formatInteger(data.totals.clicks)} />
        <StatCard label="CTR" value={formatPercent(data.totals.ctr)} />
      </SimpleGrid>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="vehicle-campaigns-title">
        <Title order={2} size="h4" mb="sm" id="vehicle-campaigns-title">
          Ad results by campaign
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table
            verticalSpacing="xs"
            aria-labelledby="vehicle-campaigns-title"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Campaign</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Impressions</Table.Th>
                <Table.Th ta="right">Clicks</Table.Th>
                <Table.Th ta="right">CTR</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.campaigns.map((campaign) => (
                <Table.Tr key={campaign.client_campaign_id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${paths.campaignReport(organizationId, dealershipId, campaign.product_code, campaign.client_campaign_id)}${rangeSearch(range)}`}
                      size="sm"
                      fw={600}
                    >
                      {campaign.client_campaign_display_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {productName(campaign.product_code)} ({campaign.product_code})
                  </Table.Td>
                  <Table.Td ta="right">{formatInteger(campaign.impressions)}</Table.Td>
                  <Table.Td ta="right">{formatInteger(campaign.clicks)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(campaign.ctr)}</Table.Td>
                </Table.Tr>
              ))}
              {data.campaigns.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="lg">
                      No ad results for this vehicle in this date range
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
