import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatDateTime, formatInteger } from '@portal/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { PlainTable, PlainTbody, PlainTd, PlainTh, PlainThead, PlainTr } from '@/components/ui/plain-table';
import { saveFile } from '@/lib/save-file';
import { useAuditLog, useDownloadAuditLog, type AuditLogFilters } from '../api/audit-log';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters from the URL (`user`, `action`, `from`, `to`, `page`); bad values are dropped. */
function useFilters(): [AuditLogFilters, (next: Partial<AuditLogFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const user = Number(params.get('user'));
  const page = Number(params.get('page'));
  const action = params.get('action');
  const from = params.get('from');
  const to = params.get('to');
  const filters: AuditLogFilters = {
    user_id: Number.isInteger(user) && user > 0 ? user : undefined,
    action: action && /^[A-Za-z][A-Za-z0-9]{0,79}$/.test(action) ? action : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    pageIndex: Number.isInteger(page) && page > 0 ? page - 1 : 0,
  };
  const set = (next: Partial<AuditLogFilters>) =>
    setParams((current) => {
      const merged = { ...filters, pageIndex: 0, ...next };
      const out = new URLSearchParams(current);
      const put = (key: string, value: string | number | undefined) =>
        value === undefined || value === '' ? out.delete(key) : out.set(key, String(value));
      put('user', merged.user_id);
      put('action', merged.action);
      put('from', merged.from);
      put('to', merged.to);
      put('page', merged.pageIndex > 0 ? merged.pageIndex + 1 : undefined);
      return out;
    });
  return [filters, set];
}

/**
 * The agency's audit log (issue 23 §3; roles 1–2): who did what, when, from where, with the outcome;
 * filters by user, action and UTC day, kept in the URL; CSV of every matching row.
 */
export function AuditLog({ organizationId }: { organizationId: number }) {
  const [filters, setFilters] = useFilters();
  const log = useAuditLog(organizationId, filters);
  const download = useDownloadAuditLog(organizationId);

  if (log.isPending) return <PageLoader />;
  if (log.isError)
    return (
      <ErrorState
        title="The audit log could not be loaded"
        error={log.error}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );

  const { data, total, actions, users } = log.data;
  const pages = Math.max(1, Math.ceil(total / 50));
  const { pageIndex, ...exportFilters } = filters;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Audit log
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(exportFilters, {
              onSuccess: (file) => saveFile(file.blob, file.filename ?? 'audit-log.csv'),
            })
          }
        >
          Export CSV
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="User"
            placeholder="Every user"
            clearable
            searchable
            data={users.map((u) => ({ value: String(u.id), label: u.email }))}
            value={filters.user_id === undefined ? null : String(filters.user_id)}
            onChange={(value) => setFilters({ user_id: value ? Number(value) : undefined })}
          />
          <Select
            label="Action"
            placeholder="Every action"
            clearable
            searchable
            data={actions.map((a) => ({ value: a.id, label: a.label }))}
            value={filters.action ?? null}
            onChange={(value) => setFilters({ action: value ?? undefined })}
            w={320}
          />
          <TextInput
            label="From (UTC day)"
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => setFilters({ from: event.currentTarget.value || undefined })}
          />
          <TextInput
            label="To (UTC day)"
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => setFilters({ to: event.currentTarget.value || undefined })}
          />
        </Group>
      </Paper>
      {download.isError ? <ErrorState title="The CSV could not be downloaded" error={download.error} /> : null}
      <Paper withBorder p="md" radius="md">
        {data.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing recorded matches these filters.
          </Text>
        ) : (
          <PlainTable highlightOnHover aria-label="Audit log" fz="sm">
            <PlainThead>
              <PlainTr>
                {/* UTC, as the day filters and the CSV: a local time near midnight fell on another day than the filter's. */}
                <PlainTh>When (UTC)</PlainTh>
                <PlainTh>User</PlainTh>
                <PlainTh>Action</PlainTh>
                <PlainTh>Target</PlainTh>
                <PlainTh>Outcome</PlainTh>
                <PlainTh>What changed</PlainTh>
                <PlainTh>Address</PlainTh>
              </PlainTr>
            </PlainThead>
            <PlainTbody>
              {data.map((row) => (
                <PlainTr key={row.id}>
                  <PlainTd style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at, 'UTC')}</PlainTd>
                  <PlainTd>{row.user_email ?? 'Anonymous'}</PlainTd>
                  <PlainTd>{row.action_label}</PlainTd>
                  <PlainTd>{row.target ?? '—'}</PlainTd>
                  <PlainTd style={{ whiteSpace: 'nowrap' }}>
                    {/* Plain text, not a Badge: a badge's label shrinks with a narrow column and cut the status off. */}
                    <Text size="sm" fw={600} c={row.status < 400 ? undefined : 'red.9'} span>
                      {row.status < 400 ? 'Done' : `Refused (${row.status})`}
                    </Text>
                  </PlainTd>
                  <PlainTd style={{ maxWidth: 360, overflowWrap: 'anywhere' }}>{row.summary || '—'}</PlainTd>
                  <PlainTd>{row.client_address ?? '—'}</PlainTd>
                </PlainTr>
              ))}
            </PlainTbody>
          </PlainTable>
        )}
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {formatInteger(total)} {total === 1 ? 'row' : 'rows'} · page {pageIndex + 1} of {pages}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={pageIndex === 0}
              onClick={() => setFilters({ pageIndex: pageIndex - 1 })}
            >
              Previous
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={pageIndex + 1 >= pages}
              onClick={() => setFilters({ pageIndex: pageIndex + 1 })}
            >
              Next
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
