import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, type SortingItem } from '@portal/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { saveFile } from '@/lib/save-file';
import { useDownloadTableCsv, type TableCsvOperation } from '../api/download-table-csv';
import { type ReportParams } from '../api/report-params';

export interface CsvExportButtonProps {
  params: ReportParams;
  /** The table's CSV export operation (e.g. `listLeadsCsv`). */
  csvOperation: TableCsvOperation;
  sorting: SortingItem[];
  /** File name when the server sends none. */
  fallbackFilename: string;
  /** Names the table for assistive technology after the visible text (label in name), e.g. "Export CSV of Vehicles". */
  label?: string;
}

/**
 * Downloads the whole table as CSV (spec 000 §4, §8): 'Downloading...', then 'Downloaded table!' or
 * 'Failed to download table at this time.' (5 s each); the button is disabled while downloading.
 */
export function CsvExportButton({ params, csvOperation, sorting, fallbackFilename, label }: CsvExportButtonProps) {
  const download = useDownloadTableCsv();
  const toastId = useId();

  const onClick = () => {
    notifications.show({ id: toastId, loading: true, message: 'Downloading...', autoClose: false });
    download.mutate(
      { ...params, csvOperation, sorting },
      {
        onSuccess: (file) => {
          saveFile(file.blob, file.filename ?? fallbackFilename);
          notifications.update({
            id: toastId,
            loading: false,
            color: 'green',
            message: 'Downloaded table!',
            autoClose: TOAST_DURATION_MS,
          });
        },
        onError: () => {
          notifications.update({
            id: toastId,
            loading: false,
            color: 'red',
            message: 'Failed to download table at this time.',
            autoClose: TOAST_DURATION_MS,
          });
        },
      },
    );
  };

  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={onClick}
      disabled={download.isPending}
      aria-label={label}
    >
      Export CSV
    </Button>
  );
}
