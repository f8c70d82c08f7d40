import { Badge, Stack, Text, Title } from '@mantine/core';
import {
  formatDateTime,
  formatDay,
  formatInteger,
  type DataHealthSource,
  type ReplicaLag,
  type SyncStatus,
} from '@portal/contracts';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import {
  PlainTable,
  PlainTbody,
  PlainTd,
  PlainTh,
  PlainThead,
  PlainTr,
  TableScroll,
} from '@/components/ui/plain-table';
import { useDataHealth } from '../api/get-data-health';

const statusBadge: Record<SyncStatus, { color: string; label: string }> = {
  ok: { color: 'teal', label: 'OK' },
  failed: { color: 'red', label: 'Failed' },
  never: { color: 'gray', label: 'Never run' },
};

function SourceRow({ source, timeZone }: { source: DataHealthSource; timeZone: string }) {
  const status = statusBadge[source.status];
  return (
    <PlainTr data-source={source.source} data-stale={source.stale || undefined}>
      <PlainTd>
        <Text size="sm" fw={600}>
          {source.label}
        </Text>
        {source.connection_id !== null ? (
          <Text size="xs" c="dimmed">
            Connection #{source.connection_id}
          </Text>
        ) : null}
      </PlainTd>
      <PlainTd>{source.last_sync_at ? formatDateTime(source.last_sync_at, timeZone) : '—'}</PlainTd>
      <PlainTd>
        <Badge color={status.color} variant="light" radius="sm">
          {status.label}
        </Badge>
      </PlainTd>
      <PlainTd ta="right">{source.rows_loaded === null ? '—' : formatInteger(source.rows_loaded)}</PlainTd>
      <PlainTd>
        <Text size="sm" c={source.last_error ? 'red' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
          {source.last_error ?? '—'}
        </Text>
      </PlainTd>
      <PlainTd>{source.next_run_at ? formatDateTime(source.next_run_at, timeZone) : 'When files arrive'}</PlainTd>
      <PlainTd>{source.data_through ? formatDay(source.data_through, 'long') : '—'}</PlainTd>
      <PlainTd>
        {source.stale ? (
          <Badge color="red" variant="light" radius="sm" data-testid="stale-badge">
            Stale: {source.stale_campaigns} of {source.campaigns}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Fresh ({source.campaigns} running)
          </Text>
        )}
      </PlainTd>
    </PlainTr>
  );
}

const replicaState: Record<ReplicaLag['state'], { color: string; label: string }> = {
  streaming: { color: 'teal', label: 'Streaming' },
  paused: { color: 'yellow', label: 'Replay paused' },
  unreachable: { color: 'red', label: 'Not answering' },
};

/** The read replicas' replay lag (issue 24 §3, docs/scaling.md), or one line saying there are none. */
function Replicas({ replicas }: { replicas: ReplicaLag[] }) {
  if (replicas.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="no-replicas">
        Database replicas: no replicas (every read is answered by the primary database).
      </Text>
    );
  return (
    <TableScroll minWidth={600}>
      <PlainTable aria-label="Database replicas" verticalSpacing="sm">
        <PlainThead>
          <PlainTr>
            <PlainTh>Replica</PlainTh>
            <PlainTh>State</PlainTh>
            <PlainTh ta="right">Replay lag (s)</PlainTh>
            <PlainTh ta="right">Replay lag (bytes)</PlainTh>
          </PlainTr>
        </PlainThead>
        <PlainTbody>
          {replicas.map((replica) => (
            <PlainTr key={replica.name} data-replica={replica.name}>
              <PlainTd>{replica.name}</PlainTd>
              <PlainTd>
                <Badge color={replicaState[replica.state].color} variant="light" radius="sm">
                  {replicaState[replica.state].label}
                </Badge>
              </PlainTd>
              <PlainTd ta="right">{replica.lag_seconds === null ? '—' : replica.lag_seconds.toFixed(1)}</PlainTd>
              <PlainTd ta="right">{replica.lag_bytes === null ? '—' : formatInteger(replica.lag_bytes)}</PlainTd>
            </PlainTr>
          ))}
        </PlainTbody>
      </PlainTable>
    </TableScroll>
  );
}

/**
 * The Data health page (issue 21 §1, roles 1–2): the ingestion file set and each ad platform
 * connection of the agency, with the last run, its status, rows loaded, last error, next run, the
 * newest day of data and the running campaigns that missed their expected day (stale); below, the
 * replay lag of the portal's database replicas (issue 24 §3), or "no replicas".
 */
export function DataHealth({ organizationId }: { organizationId: number }) {
  const health = useDataHealth(organizationId);
  if (health.isPending) return <PageLoader />;
  if (health.isError)
    return (
      <ErrorState
        title="Data health could not be loaded"
        error={health.error}
        onRetry={() => void health.refetch()}
        retrying={health.isFetching}
      />
    );
  const { sources, replicas, time_zone: timeZone, stale_after_hour: staleHour } = health.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Data health
        </Title>
        <Text size="sm" c="dimmed">
          A running campaign&apos;s source is stale when it has not delivered yesterday&apos;s data by{' '}
          {String(staleHour).padStart(2, '0')}:00 ({timeZone}). Times in {timeZone}.
        </Text>
      </Stack>
      <TableScroll minWidth={1000}>
        <PlainTable aria-label="Data sources" verticalSpacing="sm">
          <PlainThead>
            <PlainTr>
              <PlainTh>Source</PlainTh>
              <PlainTh>Last sync</PlainTh>
              <PlainTh>Status</PlainTh>
              <PlainTh ta="right">Rows loaded</PlainTh>
              <PlainTh>Last error</PlainTh>
              <PlainTh>Next run</PlainTh>
              <PlainTh>Data through</PlainTh>
              <PlainTh>Freshness</PlainTh>
            </PlainTr>
          </PlainThead>
          <PlainTbody>
            {sources.map((source) => (
              <SourceRow key={`${source.source}-${source.connection_id ?? 0}`} source={source} timeZone={timeZone} />
            ))}
          </PlainTbody>
        </PlainTable>
      </TableScroll>
      <Replicas replicas={replicas} />
    </Stack>
  );
}
