import { Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  monthOverMonthFilterLabels,
  monthOverMonthFilters,
  monthOverMonthFilterSchema,
  TOAST_DURATION_MS,
  type MonthOverMonthFilter,
} from '@portal/contracts';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useId } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useEmailMonthOverMonthExcel, useExportMonthOverMonthPdf } from '../api/export-month-over-month';
import { useMonthOverMonth } from '../api/get-month-over-month';
import { MonthOverMonthTable } from './month-over-month-table';

/** The `dateFilter` of the URL, or 3_month when missing or unknown (spec 001 §2.12). */
export function parseDateFilter(value: string | null): MonthOverMonthFilter {
  const parsed = monthOverMonthFilterSchema.safeParse(value);
  return parsed.success ? parsed.data : '3_month';
}

export interface MonthOverMonthReportProps {
  organizationId: number;
  dealershipId: number;
  dateFilter: MonthOverMonthFilter;
  onDateFilterChange: (filter: MonthOverMonthFilter) => void;
}

/**
 * The Month over Month view (spec 001 §2.12): 'Showing' last 3 or 6 months, the Export menu (Excel
 * emailed by the server, PDF downloaded) and one table per campaign.
 */
export function MonthOverMonthReport({
  organizationId,
  dealershipId,
  dateFilter,
  onDateFilterChange,
}: MonthOverMonthReportProps) {
  const params = { organizationId, dealershipId, dateFilter };
  const query = useMonthOverMonth(params);
  const pdf = useExportMonthOverMonthPdf();
  const excel = useEmailMonthOverMonthExcel();
  const toastId = useId();

  const exportPdf = () => {
    notifications.show({ id: toastId, loading: true, message: 'Generating report...', autoClose: false });
    pdf.mutate(params, {
      onSuccess: (file) => {
        saveFile(file.blob, file.filename ?? `campaigns_${monthOverMonthFilterLabels[dateFilter]}.pdf`);
        notifications.update({
          id: toastId,
          loading: false,
          color: 'green',
          message: 'Report generated successfully',
          autoClose: TOAST_DURATION_MS,
        });
      },
      onError: (error) =>
        notifications.update({
          id: toastId,
          loading: false,
          color: 'red',
          message: isApiError(error) ? error.message : 'An error has occured',
          autoClose: TOAST_DURATION_MS,
        }),
    });
  };
  const exportExcel = () => {
    excel.mutate(params, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: 'You will receive an email shortly with the report!',
          autoClose: TOAST_DURATION_MS,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: isApiError(error) ? error.message : 'An error has occured',
          autoClose: TOAST_DURATION_MS,
        }),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Showing"
          w={200}
          allowDeselect={false}
          data={monthOverMonthFilters.map((value) => ({ value, label: monthOverMonthFilterLabels[value] }))}
          value={dateFilter}
          onChange={(value) => onDateFilterChange(parseDateFilter(value))}
        />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              loading={pdf.isPending || excel.isPending}
            >
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={exportExcel}>
              Excel
            </Menu.Item>
            <Menu.Item leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={exportPdf}>
              PDF
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {query.isPending ? (
        <PageLoader label="Loading month over month" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.campaigns.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No campaigns found
        </Text>
      ) : (
        <Stack gap="md" aria-busy={query.isFetching}>
          {query.data.campaigns.map((campaign) => (
            <MonthOverMonthTable
              key={campaign.id}
              campaign={campaign}
              organizationId={organizationId}
              dealershipId={dealershipId}
              showBudgetType={query.data.show_budget_type}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
