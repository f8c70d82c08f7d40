import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type MockResponse } from '@/testing/mock-api';
import { campaignReportFactory, vehicleRowFactory } from '@/testing/factories';
import { API, page, renderReport, type Handlers } from '../testing/render-report';

vi.mock('@/features/campaign-reports/components/echart', () => import('../testing/chart-mock'));
vi.mock('@/features/campaign-reports/components/echart-geo', () => ({}));

/** A DSP campaign with vehicles: the smallest page with a CSV export. */
function dspHandlers(extra: Handlers = {}): Handlers {
  return {
    [`GET ${API}/:id/report`]: {
      body: campaignReportFactory({
        campaign: {
          product_code: 'DSP',
          product_name: 'Programmatic Display',
          client_campaign_display_name: 'Spring DSP',
        },
        sections: { vehicles: 12 },
      }),
    },
    [`GET ${API}/:id/vehicles`]: page([vehicleRowFactory(1)], 12),
    ...extra,
  };
}

let savedNames: string[] = [];

beforeEach(() => {
  savedNames = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedNames.push(this.download);
  });
});

function deferred() {
  let resolve: (response: MockResponse) => void = () => undefined;
  const promise = new Promise<MockResponse>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('report shell', () => {
  it('says Campaign not found for a campaign the API answers 404 for', async () => {
    renderReport('dyd', { [`GET ${API}/:id/report`]: apiError(404, 'NOT_FOUND', 'Campaign not found') });
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/agency/1/dealership/2/campaigns/list',
    );
  });

  it('shows a pending campaign as not started, without its figures or exports', async () => {
    const { api } = renderReport('dyd', {
      [`GET ${API}/:id/report`]: { body: campaignReportFactory({ campaign: { campaign_status: 'pending' } }) },
    });
    expect(await screen.findByText('Campaign not started yet')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export as PDF' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('/display/'))).toBe(false);
  });

  it('sends a campaign opened under another product code to its own report route', async () => {
    const { router } = renderReport('dyd', dspHandlers());
    expect(await screen.findByText('Other report page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/agency/1/dealership/2/campaigns/dsp/100001/');
    expect(router.state.location.search).toBe('?startDate=2026-02-01&endDate=2026-02-03');
  });

  it('has a way back to the campaigns list that keeps the range', async () => {
    renderReport('dsp', dspHandlers());
    expect(await screen.findByRole('heading', { name: 'Spring DSP', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/agency/1/dealership/2/campaigns/list?startDate=2026-02-01&endDate=2026-02-03',
    );
    expect(screen.getByLabelText('Date range')).toBeInTheDocument();
  });

  it('exports the PDF: Generating report..., then Report generated successfully and the file', async () => {
    const pdf = deferred();
    const update = vi.spyOn(notifications, 'update');
    const { api } = renderReport('dsp', dspHandlers({ [`GET ${API}/:id/report.pdf`]: () => pdf.promise }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export as PDF' }));
    expect(await screen.findByText('Generating report...')).toBeInTheDocument();
    const query = api.calls.find((call) => call.path.endsWith('/100001/report.pdf'))?.query;
    expect(query?.get('start_date')).toBe('2026-02-01');
    expect(query?.get('end_date')).toBe('2026-02-03');

    pdf.resolve({
      text: '%PDF-1.7',
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="Spring_DSP_2026-02-01_2026-02-03.pdf"',
      },
    });
    expect(await screen.findByText('Report generated successfully')).toBeInTheDocument();
    expect(savedNames).toEqual(['Spring_DSP_2026-02-01_2026-02-03.pdf']);
    expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ autoClose: TOAST_DURATION_MS }));
  });

  it('says so when the PDF cannot be generated', async () => {
    renderReport(
      'dsp',
      dspHandlers({ [`GET ${API}/:id/report.pdf`]: apiError(500, 'INTERNAL', 'Something went wrong') }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Export as PDF' }));
    expect(await screen.findByText('The report could not be generated')).toBeInTheDocument();
    expect(savedNames).toEqual([]);
  });
});

describe('CSV export of a report table', () => {
  it('disables the button while downloading, then says Downloaded table! for 5 s and saves the server file name', async () => {
    const csv = deferred();
    const update = vi.spyOn(notifications, 'update');
    const { api } = renderReport('dsp', dspHandlers({ [`GET ${API}/:id/vehicles/csv`]: () => csv.promise }));
    const button = await screen.findByRole('button', { name: 'Export CSV of Vehicles' });
    await userEvent.click(button);
    expect(await screen.findByText('Downloading...')).toBeInTheDocument();
    expect(button).toBeDisabled();
    const query = api.calls.find((call) => call.path.endsWith('/vehicles/csv'))?.query;
    expect(query?.get('sorting')).toBe('[{"id":"impressions","desc":true}]');
    expect(query?.get('start_date')).toBe('2026-02-01');
    expect(query?.has('pageIndex')).toBe(false);

    csv.resolve({
      text: 'Vehicle,VIN\n',
      headers: {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="Spring DSP_Vehicles_2026-02-01_2026-02-03.csv"',
      },
    });
    expect(await screen.findByText('Downloaded table!')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(savedNames).toEqual(['Spring DSP_Vehicles_2026-02-01_2026-02-03.csv']);
    expect(update).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Downloaded table!', autoClose: TOAST_DURATION_MS }),
    );
  });

  it('says Failed to download table at this time. for 5 s and re-enables the button', async () => {
    const update = vi.spyOn(notifications, 'update');
    renderReport('dsp', dspHandlers({ [`GET ${API}/:id/vehicles/csv`]: apiError(500, 'INTERNAL', 'Boom') }));
    const section = (await screen.findByRole('table', { name: 'Vehicles' })).closest('section')!;
    const button = within(section).getByRole('button', { name: 'Export CSV of Vehicles' });
    await userEvent.click(button);
    expect(await screen.findByText('Failed to download table at this time.')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(update).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Failed to download table at this time.', autoClose: TOAST_DURATION_MS }),
    );
    expect(savedNames).toEqual([]);
  });
});
