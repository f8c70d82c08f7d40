import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@portal/contracts';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useId } from 'react';
import { isApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useExportReportPdf } from '../api/export-report-pdf';
import { useExportSelfServicePdf } from '../api/self-service-report';
import { type ReportParams } from '../api/report-params';

/**
 * 'Export as PDF' (spec 000 §4, §8): 'Generating report...', then 'Report generated successfully'
 * and the file is downloaded; an error toast when the report cannot be generated.
 */
export function ExportPdfButton({
  params,
  campaignName,
  selfService = false,
}: {
  params: ReportParams;
  campaignName: string;
  /** A self-service campaign's report (`.../campaigns/self-service/{id}/report.pdf`). */
  selfService?: boolean;
}) {
  const managedPdf = useExportReportPdf();
  const selfServicePdf = useExportSelfServicePdf();
  const exportPdf = selfService ? selfServicePdf : managedPdf;
  const toastId = useId();

  const onClick = () => {
    notifications.show({ id: toastId, loading: true, message: 'Generating report...', autoClose: false });
    exportPdf.mutate(params, {
      onSuccess: (file) => {
        const fallback = `${campaignName.replace(/[^\w.-]+/g, '_')}-${params.startDate}-${params.endDate}.pdf`;
        saveFile(file.blob, file.filename ?? fallback);
        notifications.update({
          id: toastId,
          loading: false,
          color: 'green',
          message: 'Report generated successfully',
          autoClose: TOAST_DURATION_MS,
        });
      },
      onError: (error) => {
        notifications.update({
          id: toastId,
          loading: false,
          color: 'red',
          title: 'The report could not be generated',
          message: isApiError(error) ? error.message : 'Please try again later.',
          autoClose: TOAST_DURATION_MS,
        });
      },
    });
  };

  return (
    <Button
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      onClick={onClick}
      loading={exportPdf.isPending}
      variant="filled"
    >
      Export as PDF
    </Button>
  );
}
