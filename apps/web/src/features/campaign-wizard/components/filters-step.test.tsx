import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emptyFilterState, type InventoryFilterState, type InventoryVehicle } from '@portal/contracts';
import { renderWithProviders } from '@/testing/test-utils';
import { FiltersStep } from './filters-step';

const vehicle = (over: Partial<InventoryVehicle>): InventoryVehicle => ({
  vin_number: 'VIN',
  stock_number: null,
  year: 2022,
  raw_make: 'Mazda',
  raw_model: 'CX-5',
  trim: 'Grand Touring',
  price: 28500,
  mileage: 12345,
  image_url: null,
  vehicle_state: 'Used',
  vehicle_state_id: 2,
  days_on_lot: 12,
  ...over,
});

const vehicles = [
  vehicle({ vin_number: 'A1', image_url: 'https://img.example/a.jpg' }),
  vehicle({
    vin_number: 'B2',
    raw_make: 'Alfa Romeo',
    raw_model: 'Giulia',
    price: 41000,
    vehicle_state: 'New',
    vehicle_state_id: 1,
    mileage: 5,
    days_on_lot: 1,
  }),
  vehicle({ vin_number: 'C3', raw_make: 'Honda', raw_model: 'Civic', price: null, mileage: null, days_on_lot: null }),
];

function Harness({ initial }: { initial?: InventoryFilterState }) {
  const [filters, setFilters] = useState(initial ?? emptyFilterState());
  return (
    <FiltersStep
      filters={filters}
      vehicles={vehicles}
      loading={false}
      error={false}
      onRetry={vi.fn()}
      onChange={setFilters}
      onCancel={vi.fn()}
      onNext={vi.fn()}
      submitting={false}
    />
  );
}

/** Issue 25 item 10: the vehicles the tiles and filters match, live, and a word when none do. */
describe('FiltersStep matching vehicles', () => {
  it('counts and lists the matching vehicles as tiles change: photo or make/model placeholder, year, price, mileage, days on lot', async () => {
    renderWithProviders(<Harness />);
    expect(screen.getByTestId('matching-count')).toHaveTextContent('3 matching vehicles');
    const cards = screen.getAllByTestId('matching-vehicle');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('img', { name: 'Mazda CX-5' })).toHaveAttribute(
      'src',
      'https://img.example/a.jpg',
    );
    expect(cards[0]).toHaveTextContent('2022 Mazda CX-5');
    expect(cards[0]).toHaveTextContent('$28,500');
    expect(cards[0]).toHaveTextContent('12,345 mi · 12 days on lot');
    expect(within(cards[1]!).getByTestId('vehicle-placeholder')).toHaveTextContent('Alfa Romeo Giulia');
    expect(cards[1]).toHaveTextContent('5 mi · 1 day on lot');
    expect(cards[2]).toHaveTextContent('No price');
    expect(cards[2]).toHaveTextContent('Mileage unknown · days on lot unknown');

    await userEvent.click(screen.getByRole('checkbox', { name: /New cars/ }));
    expect(screen.getByTestId('matching-count')).toHaveTextContent('1 matching vehicle');
    expect(screen.getAllByTestId('matching-vehicle')[0]).toHaveTextContent('Alfa Romeo Giulia');
    // New and under $30k: nothing matches, and the step says so.
    await userEvent.click(screen.getByRole('checkbox', { name: /Under \$30k/ }));
    expect(screen.queryByTestId('matching-vehicle')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No vehicle of the inventory matches');
  }, 20_000);

  it('applies the advanced filters: price bounds, and a vehicle without a price excluded on request', () => {
    const state = emptyFilterState();
    state.price = { mode: 'custom', lowest: 20000, highest: 30000, excludeNoPrice: true };
    renderWithProviders(<Harness initial={state} />);
    expect(screen.getByTestId('matching-count')).toHaveTextContent('1 matching vehicle');
    expect(screen.getAllByTestId('matching-vehicle')[0]).toHaveTextContent('Mazda CX-5');
  });

  it('marks and opens the customised filter groups when the step opens again (resume)', () => {
    const state = emptyFilterState();
    state.makes = { mode: 'custom', allowed: ['Mazda'], disallowed: [] };
    state.mileage = { mode: 'custom', lowest: null, highest: 20000 };
    renderWithProviders(<Harness initial={state} />);
    expect(screen.getByRole('button', { name: 'Makes (customised)' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Mileage (customised)' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Models' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Price' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Highest mileage')).toBeVisible();
    expect(screen.getByTestId('matching-count')).toHaveTextContent('1 matching vehicle');
  });
});
