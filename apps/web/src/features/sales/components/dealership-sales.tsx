import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  formatCurrency,
  formatInteger,
  requiredSalesFields,
  salesFieldLabels,
  salesFields,
  type SalesField,
  type SalesMapping,
  type SalesPreviewResponse,
  type SalesUploadResult,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { isApiError } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';
import { previewSales, uploadSales, useSalesPage } from '../api/sales';

const PAGE_SIZE = 50;
const NOT_IN_FILE = '';

export interface DealershipSalesProps {
  organizationId: number;
  dealershipId: number;
  page: number;
  onPage: (page: number) => void;
}

const money = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === ''
    ? ''
    : typeof value === 'number'
      ? formatCurrency(value)
      : value;

/**
 * The dealership's Sales page (issue 22 §1, docs/ingestion.md "Sales upload"): a DMS export (CSV)
 * chosen, its columns mapped to the portal's sale fields (prefilled with the server's suggestion),
 * a preview of the first rows with every error by line and column, an all-or-nothing upload and
 * its summary; below, the dealership's recorded sales, newest first. A failed upload keeps the
 * file and the mapping.
 */
export function DealershipSales({ organizationId, dealershipId, page, onPage }: DealershipSalesProps) {
  const queryClient = useQueryClient();
  const list = useSalesPage(organizationId, dealershipId, page - 1, PAGE_SIZE);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [mapping, setMapping] = useState<SalesMapping | null>(null);
  const [preview, setPreview] = useState<SalesPreviewResponse | null>(null);
  const [result, setResult] = useState<SalesUploadResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'upload' | null>(null);

  const runPreview = async (text: string, next: SalesMapping | null) => {
    setBusy('preview');
    setFailure(null);
    try {
      const answer = await previewSales(organizationId, dealershipId, {
        csv: text,
        ...(next ? { mapping: next } : {}),
      });
      setPreview(answer);
      setMapping(answer.mapping);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setPreview(null);
    setMapping(null);
    setCsv(null);
    if (!chosen) return;
    const text = await chosen.text();
    setCsv(text);
    await runPreview(text, null);
  };

  const changeMapping = (field: SalesField, column: string | null) => {
    if (!csv || !mapping) return;
    const next = { ...mapping, [field]: column === NOT_IN_FILE ? null : column };
    setMapping(next);
    void runPreview(csv, next);
  };

  const upload = async () => {
    if (!csv || !mapping) return;
    setBusy('upload');
    setFailure(null);
    try {
      const answer = await uploadSales(organizationId, dealershipId, { csv, mapping });
      setResult(answer);
      await queryClient.invalidateQueries({ queryKey: tenantKey(organizationId, dealershipId, 'sales') });
    } catch (error) {
      // The file and the mapping stay; a refused file shows its errors again.
      setFailure(
        isApiError(error) && error.status === 422
          ? 'Nothing was loaded: the file has errors (listed below).'
          : (error as Error).message,
      );
      if (isApiError(error) && error.status === 422) {
        setBusy(null);
        await runPreview(csv, mapping);
      }
    } finally {
      setBusy(null);
    }
  };

  const options = [
    { value: NOT_IN_FILE, label: '(not in the file)' },
    ...(preview?.headers ?? []).filter((h) => h !== '').map((h) => ({ value: h, label: h })),
  ];
  const errors = preview?.errors ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.pagination.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="lg">
      <Title order={1}>Sales</Title>
      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>Upload sales from your DMS</Text>
          <Text size="sm" c="dimmed">
            Export your sold vehicles from the dealer management system as CSV. Map its columns to VIN, sold date and
            deal type (and optionally sale price, front and back gross in dollars, customer ZIP), check the preview,
            then upload. Nothing is loaded unless every row is valid; uploading the same file again changes nothing.
          </Text>
          <FileInput
            label="Sales export (CSV)"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={(chosen) => void choose(chosen)}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
            w={360}
          />
          {preview && mapping ? (
            <>
              <Text fw={600} mt="sm">
                Columns
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                {salesFields.map((field) => (
                  <Select
                    key={field}
                    label={salesFieldLabels[field]}
                    required={requiredSalesFields.includes(field)}
                    data={options}
                    value={mapping[field] ?? NOT_IN_FILE}
                    onChange={(value) => changeMapping(field, value)}
                    allowDeselect={false}
                    disabled={busy !== null}
                  />
                ))}
              </SimpleGrid>
              <Text size="sm">
                {formatInteger(preview.rows)} rows in the file
                {preview.preview.length < preview.rows ? `; the first ${preview.preview.length} are shown` : ''}.
              </Text>
              <Table striped aria-label="Preview" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    {salesFields.map((field) => (
                      <Table.Th key={field}>{salesFieldLabels[field].replace(/ \(.*\)$/, '')}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.preview.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      {salesFields.map((field) => (
                        <Table.Td key={field}>
                          {['sale_price', 'front_gross', 'back_gross'].includes(field)
                            ? money(row.values[field])
                            : (row.values[field] ?? '')}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {errors.length > 0 ? (
                <Alert color="red" variant="light" title={`${formatInteger(errors.length)} problems to fix`}>
                  <Table aria-label="Errors">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Line</Table.Th>
                        <Table.Th>Column</Table.Th>
                        <Table.Th>Problem</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {errors.slice(0, 200).map((error, index) => (
                        <Table.Tr key={index}>
                          <Table.Td>{error.line ?? ''}</Table.Td>
                          <Table.Td>{error.column ?? (error.field ? salesFieldLabels[error.field] : '')}</Table.Td>
                          <Table.Td>{error.message}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Alert>
              ) : null}
              <Group>
                <Button
                  leftSection={<IconUpload size={16} aria-hidden />}
                  onClick={() => void upload()}
                  disabled={errors.length > 0 || busy === 'preview'}
                  loading={busy === 'upload'}
                >
                  Upload sales
                </Button>
              </Group>
            </>
          ) : busy === 'preview' ? (
            <Skeleton h={120} />
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          {result ? (
            <Alert color="green" variant="light" role="status" title="Sales uploaded">
              {formatInteger(result.rows)} rows: {formatInteger(result.inserted)} new, {formatInteger(result.updated)}{' '}
              updated, {formatInteger(result.unchanged)} unchanged.
            </Alert>
          ) : null}
        </Stack>
      </Card>
      <Title order={2}>Recorded sales</Title>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton h={200} />
      ) : list.data.data.length === 0 ? (
        <Alert variant="light">No sales recorded yet. Upload a DMS export to add them.</Alert>
      ) : (
        <>
          <Text size="sm">{formatInteger(list.data.pagination.total)} sales</Text>
          <Table striped aria-label="Sales">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sold</Table.Th>
                <Table.Th>VIN</Table.Th>
                <Table.Th>Vehicle</Table.Th>
                <Table.Th>Deal</Table.Th>
                <Table.Th>Sale price</Table.Th>
                <Table.Th>Front gross</Table.Th>
                <Table.Th>Back gross</Table.Th>
                <Table.Th>Customer ZIP</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((sale) => (
                <Table.Tr key={`${sale.vin}-${sale.sold_date}`}>
                  <Table.Td>{sale.sold_date}</Table.Td>
                  <Table.Td>{sale.vin}</Table.Td>
                  <Table.Td>
                    {sale.vehicle ? `${sale.vehicle.year} ${sale.vehicle.make} ${sale.vehicle.model}` : ''}
                  </Table.Td>
                  <Table.Td>{sale.deal_type}</Table.Td>
                  <Table.Td>{money(sale.sale_price)}</Table.Td>
                  <Table.Td>
                    {money(sale.front_gross)}
                    {sale.gross_derived && sale.front_gross !== null ? (
                      <Badge ml={4} size="xs" variant="light" title="Derived from the price, not reported">
                        derived
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{money(sale.back_gross)}</Table.Td>
                  <Table.Td>{sale.customer_zip ?? ''}</Table.Td>
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
