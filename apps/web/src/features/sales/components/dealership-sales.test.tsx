import type { SalesMapping, SalesPreviewResponse } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockOperations, type MockRequest } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { DealershipSales } from './dealership-sales';

const PATH = '/dashboard/agency/:organizationId/dealership/:dealershipId/sales';
const URL = '/dashboard/agency/1/dealership/101/sales';
const CSV = 'Vehicle VIN,Deal Date,Kind\n1HGCM82633A004352,11/02/2026,N\n';
const HEADERS = ['Vehicle VIN', 'Deal Date', 'Kind'];

/** The server's preview: "Kind" is not a name it knows, so deal type starts unmapped. */
function preview(mapping: SalesMapping | undefined): SalesPreviewResponse {
  const used = mapping ?? { vin: 'Vehicle VIN', sold_date: 'Deal Date', deal_type: null };
  const values = {
    vin: '1HGCM82633A004352',
    sold_date: '2026-11-02',
    deal_type: used.deal_type ? 'new' : null,
    sale_price: null,
    front_gross: null,
    back_gross: null,
    customer_zip: null,
  };
  return {
    headers: HEADERS,
    suggested_mapping: { vin: 'Vehicle VIN', sold_date: 'Deal Date', deal_type: null },
    mapping: used,
    rows: 1,
    preview: [{ line: 2, values }],
    errors: used.deal_type
      ? []
      : [
          {
            line: null,
            column: null,
            field: 'deal_type',
            message: 'Choose the column of Deal type (new, used, certified)',
          },
        ],
  };
}

function renderSales(upload: (request: MockRequest) => { status?: number; body?: unknown } = () => ({})) {
  let sales: unknown[] = [];
  const api = mockOperations({
    listSales: () => ({ body: { data: sales as never, pagination: { total: sales.length } } }),
    previewSalesUpload: (request) => ({ body: preview((request.body as { mapping?: SalesMapping }).mapping) }),
    uploadSales: (request) => {
      const answer = upload(request);
      if (answer.status && answer.status >= 400) return answer as never;
      sales = [
        {
          vin: '1HGCM82633A004352',
          sold_date: '2026-11-02',
          deal_type: 'new',
          sale_price: null,
          front_gross: null,
          back_gross: null,
          customer_zip: null,
          gross_derived: false,
          vehicle: null,
        },
      ];
      return { body: { rows: 1, inserted: 1, updated: 0, unchanged: 0 } };
    },
  });
  renderWithProviders(<DealershipSales organizationId={1} dealershipId={101} page={1} onPage={() => {}} />, {
    path: PATH,
    url: URL,
  });
  return api;
}

async function chooseFile() {
  const user = userEvent.setup();
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File([CSV], 'dms.csv', { type: 'text/csv' }));
  return user;
}

/** Maps "Kind" to the deal type in its own Select (every Select renders its options). */
async function pickDealType(user: ReturnType<typeof userEvent.setup>) {
  const select = await screen.findByRole('combobox', { name: /Deal type/ });
  await user.click(select);
  const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
  await user.click(within(listbox).getByRole('option', { name: 'Kind', hidden: true }));
}

describe('sales page', () => {
  it('maps the file’s columns, previews, lists the errors, uploads and lists the sales', async () => {
    renderSales();
    expect(await screen.findByText(/No sales recorded yet/)).toBeInTheDocument();
    const user = await chooseFile();
    const errors = await screen.findByRole('table', { name: 'Errors' });
    expect(within(errors).getByText(/Choose the column of Deal type/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload sales' })).toBeDisabled();

    await pickDealType(user);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Errors' })).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Preview' });
    expect(within(table).getByText('2026-11-02')).toBeInTheDocument();
    expect(within(table).getByText('new')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload sales' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 rows: 1 new, 0 updated, 0 unchanged.');
    const sales = await screen.findByRole('table', { name: 'Sales' });
    expect(within(sales).getByText('1HGCM82633A004352')).toBeInTheDocument();
  });

  it('a failed upload keeps the file and the mapping', async () => {
    let sent: unknown = null;
    renderSales((request) => {
      sent = request.body;
      return apiError(500, 'INTERNAL', 'The server failed');
    });
    const user = await chooseFile();
    await pickDealType(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload sales' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Upload sales' }));
    expect(await screen.findByText('The server failed')).toBeInTheDocument();
    expect(sent).toMatchObject({ csv: CSV, mapping: { deal_type: 'Kind' } });
    expect(screen.getByRole('combobox', { name: /Deal type/ })).toHaveValue('Kind');
    expect(screen.getByRole('button', { name: 'Upload sales' })).toBeEnabled();
  });
});
