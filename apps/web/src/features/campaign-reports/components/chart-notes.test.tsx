import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Annotation } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '@/testing/mock-api';
import { campaignReportFactory } from '@/testing/factories';
import { API, renderReport, type Handlers } from '../testing/render-report';

vi.mock('@/features/campaign-reports/components/echart', () => import('../testing/chart-mock'));
vi.mock('@/features/campaign-reports/components/echart-geo', () => ({}));

const NOTES = '/api/agencies/:org/dealership/:dealer/annotations';

const note = (overrides: Partial<Annotation>): Annotation => ({
  id: null,
  date: '2026-02-01',
  text: 'Flight starts',
  kind: 'flight_start',
  campaign_id: 100001,
  campaign_kind: 'managed',
  author_name: null,
  created_at: null,
  updated_at: null,
  editable: false,
  ...overrides,
});

/** A DSP report of Feb 1–3 with daily rows, and the notes API over a list the handlers change. */
function handlers(notes: Annotation[], extra: Handlers = {}): Handlers {
  return {
    [`GET ${API}/:id/report`]: {
      body: campaignReportFactory({
        campaign: { product_code: 'DSP', product_name: 'Programmatic Display' },
        daily: ['2026-02-01', '2026-02-02', '2026-02-03'].map((date) => ({
          date,
          impressions: 1000,
          clicks: 10,
          views: 0,
          reach: null,
          spend: 0,
          conversions: 0,
          sales: 0,
          calls: 0,
          leads: 0,
          video_100: 0,
          ctr: 1,
        })),
      }),
    },
    [`GET ${NOTES}`]: () => ({ body: { data: notes } }),
    ...extra,
  };
}

/** The option of the first chart that draws note markers. */
async function markedChart() {
  return waitFor(() => {
    const charts = screen.getAllByRole('img', { name: /chart$/ });
    const marked = charts
      .map((chart) => JSON.parse(chart.getAttribute('data-option') ?? '{}') as { series?: { markLine?: unknown }[] })
      .find((option) => option.series?.[0]?.markLine);
    if (!marked) throw new Error('No chart has markers yet');
    return marked.series![0]!.markLine as { data: { xAxis: number; name: string; value: string }[] };
  });
}

describe('notes on the daily charts (issue 21 §4)', () => {
  it('marks each day with notes on the chart and lists the notes under it, numbered alike', async () => {
    const notes = [
      note({}),
      note({
        id: 7,
        date: '2026-02-03',
        text: 'Price drop',
        kind: 'user',
        author_name: 'Dealership User',
        editable: true,
      }),
    ];
    const { api } = renderReport('dsp', handlers(notes));
    const markLine = await markedChart();
    expect(markLine.data).toEqual([
      { xAxis: 0, name: '1', value: '1. Flight starts' },
      { xAxis: 2, name: '2', value: '2. Price drop (Dealership User)' },
    ]);
    const list = (await screen.findAllByTestId('chart-notes'))[0]!;
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1.Feb 1 · Flight starts',
      expect.stringContaining('2.Feb 3 · Price drop (Dealership User)'),
    ]);
    // Only the user's own note has buttons.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: /Edit note 2/ })).toBeInTheDocument();
    // One request for every chart of the page, campaign and range named.
    const calls = api.calls.filter((call) => call.path.endsWith('/annotations'));
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      start_date: '2026-02-01',
      end_date: '2026-02-03',
      campaign_id: '100001',
      campaign_kind: 'managed',
    });
  });

  it('adds a note on a day of the range, from the keyboard, and shows it', async () => {
    const notes: Annotation[] = [];
    const { api } = renderReport(
      'dsp',
      handlers(notes, {
        [`POST ${NOTES}`]: (request) => {
          const body = request.body as { date: string; text: string; campaign_id: number | null };
          const created = note({ id: 9, kind: 'user', date: body.date, text: body.text, editable: true });
          notes.push(created);
          return { status: 201, body: created };
        },
      }),
    );
    const user = userEvent.setup();
    const list = (await screen.findAllByTestId('chart-notes'))[0]!;
    expect(await within(list).findByText('No notes in this date range')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Add a note/ }));
    const date = within(list).getByLabelText(/Date/);
    expect(date).toHaveValue('2026-02-03');
    expect(date).toHaveAttribute('min', '2026-02-01');
    expect(date).toHaveAttribute('max', '2026-02-03');
    // An empty note is refused before any request.
    await user.click(within(list).getByRole('button', { name: 'Save note' }));
    expect(within(list).getByRole('alert')).toHaveTextContent('Write a note');
    await user.type(within(list).getByLabelText(/Note/), 'New creative live{Enter}');
    await user.click(within(list).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      date: '2026-02-03',
      text: 'New creative live',
      campaign_id: 100001,
      campaign_kind: 'managed',
    });
    expect(await within(list).findByText(/New creative live/)).toBeInTheDocument();
    const markLine = await markedChart();
    expect(markLine.data).toEqual([{ xAxis: 2, name: '1', value: '1. New creative live' }]);
  });

  it('deletes a note after a confirmation', async () => {
    const notes = [note({ id: 5, kind: 'user', text: 'Wrong day', editable: true })];
    const { api } = renderReport(
      'dsp',
      handlers(notes, {
        [`DELETE ${NOTES}/:id`]: () => {
          notes.splice(0, 1);
          return { status: 204 };
        },
      }),
    );
    const user = userEvent.setup();
    const list = (await screen.findAllByTestId('chart-notes'))[0]!;
    await user.click(await within(list).findByRole('button', { name: /Delete note 1/ }));
    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await within(list).findByText('No notes in this date range')).toBeInTheDocument();
  });

  it('says when the notes could not be loaded, with a retry; the chart still shows', async () => {
    renderReport('dsp', handlers([], { [`GET ${NOTES}`]: apiError(500, 'INTERNAL', 'Boom') }));
    const list = (await screen.findAllByTestId('chart-notes'))[0]!;
    expect(await within(list).findByText('Notes could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /chart$/ }).length).toBeGreaterThan(0);
  });
});
