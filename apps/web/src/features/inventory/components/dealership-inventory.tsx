import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { formatCurrency, formatInteger } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { tenantKey } from '@/lib/query-keys';
import { uploadInventoryFeed, useInventoryPage, useInventorySummary } from '../api/inventory-list';

const PAGE_SIZE = 50;

export interface DealershipInventoryProps {
  organizationId: number;
  dealershipId: number;
  page: number;
  onPage: (page: number) => void;
}

/** The dealership inventory page ('Import my inventory' of spec 001 §2.3): counts, vehicles and a CSV feed upload. */
export function DealershipInventory({ organizationId, dealershipId, page, onPage }: DealershipInventoryProps) {
  const summary = useInventorySummary(organizationId, dealershipId);
  const list = useInventoryPage(organizationId, dealershipId, page - 1, PAGE_SIZE);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      const result = await uploadInventoryFeed(organizationId, dealershipId, file);
      notifications.show({
        color: 'green',
        message: `Inventory updated: ${formatInteger(result.inserted)} new, ${formatInteger(result.updated)} updated vehicles`,
      });
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: tenantKey(organizationId, dealershipId, 'inventory') });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setUploading(false);
    }
  };

  const pages = Math.max(1, Math.ceil((list.data?.pagination.total ?? 0) / PAGE_SIZE));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1}>Inventory</Title>
        <Group gap="md">
          {/* Issue 22 §3: aged, gone-but-advertised, unshown and sold vehicles. */}
          <Anchor component={Link} to="insights" size="sm">
            Inventory insights
          </Anchor>
          {/* The dealership's sold vehicles and the DMS sales upload (issue 22 §1). */}
          <Anchor component={Link} to="../sales" size="sm">
            Sales
          </Anchor>
        </Group>
      </Group>
      {summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Group grow>
          {(
            [
              ['Total vehicles', summary.data?.totalVehicles],
              ['New vehicles', summary.data?.newVehicles],
              ['Used vehicles', summary.data?.usedVehicles],
            ] as const
          ).map(([label, value]) => (
            <Card key={label} withBorder>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              {summary.isPending ? (
                <Skeleton h={28} />
              ) : (
                <Text fz="xl" fw={700}>
                  {formatInteger(value)}
                </Text>
              )}
            </Card>
          ))}
        </Group>
      )}
      <Card withBorder>
        <Stack gap="xs">
          <Text fw={600}>Import my inventory</Text>
          <Text size="sm" c="dimmed">
            Upload a CSV feed with the columns vin, year, make, model, vehicle_state (New, Used or Certified used) and
            optionally stock_number, trim, price, mileage, image_url. Vehicles are added or updated by VIN.
          </Text>
          <Group align="flex-end">
            <FileInput
              label="Inventory feed (CSV)"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
              w={360}
            />
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => void upload()}
              disabled={!file}
              loading={uploading}
            >
              Upload feed
            </Button>
          </Group>
        </Stack>
      </Card>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton h={200} />
      ) : list.data.data.length === 0 ? (
        <Alert variant="light">No vehicles in your inventory yet. Upload a feed to add them.</Alert>
      ) : (
        <>
          <Table striped aria-label="Vehicles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>VIN</Table.Th>
                <Table.Th>Stock #</Table.Th>
                <Table.Th>Vehicle</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Mileage</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((v) => (
                <Table.Tr key={v.vin_number}>
                  <Table.Td>{v.vin_number}</Table.Td>
                  <Table.Td>{v.stock_number ?? ''}</Table.Td>
                  <Table.Td>
                    {v.year} {v.raw_make} {v.raw_model} {v.trim ?? ''}
                  </Table.Td>
                  <Table.Td>{v.vehicle_state}</Table.Td>
                  <Table.Td>{v.price === null ? '' : formatCurrency(v.price)}</Table.Td>
                  <Table.Td>{v.mileage === null ? '' : formatInteger(v.mileage)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={onPage} /> : null}
        </>
      )}
    </Stack>
  );
}
