import { screen, within } from '@testing-library/react';
import type { DataHealthResponse } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { DataHealth } from './data-health';

const health = (replicas: DataHealthResponse['replicas']): DataHealthResponse => ({
  time_zone: 'America/Chicago',
  stale_after_hour: 9,
  band: { low: 90, high: 110 },
  sources: [],
  replicas,
});

describe('DataHealth: database replicas (issue 24 §3)', () => {
  it('says there are no replicas when the portal has none', async () => {
    mockOperations({ getDataHealth: () => ({ body: health([]) }) });
    renderWithProviders(<DataHealth organizationId={1} />);
    expect(await screen.findByTestId('no-replicas')).toHaveTextContent('no replicas');
    expect(screen.queryByRole('table', { name: 'Database replicas' })).not.toBeInTheDocument();
  });

  it('shows each replica’s state and replay lag in seconds and bytes', async () => {
    mockOperations({
      getDataHealth: () => ({
        body: health([
          { name: 'replica 1', state: 'paused', lag_bytes: 123456, lag_seconds: 4.25 },
          { name: 'replica 2', state: 'unreachable', lag_bytes: null, lag_seconds: null },
        ]),
      }),
    });
    renderWithProviders(<DataHealth organizationId={1} />);
    const table = await screen.findByRole('table', { name: 'Database replicas' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('replica 1');
    expect(first).toHaveTextContent('Replay paused');
    expect(first).toHaveTextContent('4.3');
    expect(first).toHaveTextContent('123,456');
    expect(second).toHaveTextContent('Not answering');
    expect(second).toHaveTextContent('—');
  });
});
