import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { flightMessages, productFlightLimits } from '@portal/contracts';
import { renderWithProviders } from '@/testing/test-utils';
import { initialWizardState } from '../utils/wizard-state';
import { validateDetails } from './details-step';
import { ReviewStep } from './review-step';
import { TypeStep } from './type-step';

const typeProps = {
  campaignType: null,
  termsAccepted: false,
  inventoryLoading: false,
  termsPath: '/terms',
  inventoryPagePath: '/inventory',
  onChange: vi.fn(),
  onBack: vi.fn(),
  onNext: vi.fn(),
};

describe('type step (spec 001 §2.3, §5)', () => {
  it('without vehicles the inventory option is disabled and Import my inventory links to the inventory page', () => {
    renderWithProviders(<TypeStep {...typeProps} inventorySize={0} />);
    expect(screen.getByRole('radio', { name: /Campaign using my current inventory/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Import my inventory' })).toHaveAttribute('href', '/inventory');
    expect(screen.getByText('0 vehicles in your inventory')).toBeInTheDocument();
  });

  it('shows the inventory size and keeps Continue disabled until the terms are accepted', async () => {
    const onNext = vi.fn();
    renderWithProviders(<TypeStep {...typeProps} inventorySize={1234} campaignType="inventory" onNext={onNext} />);
    expect(screen.getByText('1,234 vehicles in your inventory')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import my inventory' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByText('You must accept the terms to continue')).toBeInTheDocument();
    const user = userEvent.setup();
    screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Please accept the Terms of Service before continuing.')).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('with terms accepted but no type chosen, the wizard stays on step 1 and says why (issue 25 item 6)', async () => {
    const onNext = vi.fn();
    renderWithProviders(<TypeStep {...typeProps} inventorySize={5} termsAccepted onNext={onNext} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(onNext).not.toHaveBeenCalled();
    expect(screen.getByText('Please choose a campaign type')).toBeInTheDocument();
  });

  it('Enter on a focused choice chooses it and continues (issue 25 item 6)', async () => {
    const onNext = vi.fn();
    const onChange = vi.fn();
    renderWithProviders(
      <TypeStep {...typeProps} inventorySize={5} termsAccepted onNext={onNext} onChange={onChange} />,
    );
    screen.getByRole('radio', { name: /Mobile, TV, Audio/ }).focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith({ campaignType: 'non_inventory' });
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});

describe('details validation (spec 001 §5)', () => {
  it('requires name, dates, budget (unless recommended) and a location', () => {
    const state = initialWizardState();
    expect(validateDetails(state, '2026-11-15')).toEqual({
      campaignName: 'This field is required',
      startDate: 'This field is required',
      endDate: 'This field is required',
      budget: 'This field is required',
      locations: 'This field is required',
    });
    expect(
      validateDetails(
        {
          ...state,
          campaignName: 'A',
          startDate: '2026-12-01',
          endDate: '2026-12-31',
          useRecommendedBudget: true,
          locations: ['29601'],
        },
        '2026-11-15',
      ),
    ).toEqual({});
  });

  it('refuses impossible flights and budgets at the field (issue 25 item 5)', () => {
    const good = {
      ...initialWizardState(),
      product: 'MOB' as const,
      campaignName: 'A',
      startDate: '2026-11-15',
      endDate: '2026-12-31',
      budget: 5000,
      locations: ['29601'],
    };
    const today = '2026-11-15';
    expect(validateDetails(good, today)).toEqual({});
    expect(validateDetails({ ...good, startDate: '2020-01-15', endDate: '2020-01-10' }, today)).toEqual({
      startDate: flightMessages.startInPast,
      endDate: flightMessages.endBeforeStart,
    });
    expect(validateDetails({ ...good, endDate: '2027-12-31' }, today)).toEqual({
      endDate: flightMessages.tooLong(productFlightLimits.MOB.maxFlightDays),
    });
    for (const budget of [1, 0, -50])
      expect(validateDetails({ ...good, budget }, today)).toEqual({
        budget: flightMessages.budgetTooLow(productFlightLimits.MOB.minBudget),
      });
    expect(validateDetails({ ...good, budget: 1e9 }, today)).toEqual({ budget: flightMessages.budgetTooHigh });
    expect(validateDetails({ ...good, budget: null, budgetText: '1e9' }, today)).toEqual({
      budget: flightMessages.budgetNotANumber,
    });
    expect(validateDetails({ ...good, budget: 1, useRecommendedBudget: true }, today)).toEqual({});
  });
});

describe('review edit links (spec 001 §2.8, docs/campaign-wizard.md)', () => {
  // Mantine's autosize Textarea (Additional notes) listens to document.fonts, which jsdom lacks.
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  const reviewProps = { onNotes: vi.fn(), onBack: vi.fn(), onNext: vi.fn(), submitting: false };
  const base = {
    ...initialWizardState(),
    campaignName: 'Spring',
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    budget: 5000,
    locations: ['Greenville-Spartanburg-Asheville-Anderson'],
    useCustomAudience: true,
    audiences: [{ id: 1, name: 'Past buyers', size: 1200 }],
  };
  const clicked = async (label: string, onEdit: ReturnType<typeof vi.fn>) => {
    onEdit.mockClear();
    await userEvent.setup().click(screen.getByRole('button', { name: `Edit ${label}` }));
    return onEdit.mock.calls.map(([step]) => step as number);
  };

  it('non-inventory: details items go to step 4, the objective to step 3, product and creatives to step 2', async () => {
    const onEdit = vi.fn();
    renderWithProviders(
      <ReviewStep
        {...reviewProps}
        onEdit={onEdit}
        state={{
          ...base,
          campaignType: 'non_inventory',
          objective: 'awareness',
          product: 'MOB',
          customCreatives: true,
          creatives: { MOB: ['creatives/link/abc.png'] },
        }}
      />,
    );
    expect(await clicked('Locations', onEdit)).toEqual([4]);
    expect(await clicked('Dates', onEdit)).toEqual([4]);
    expect(await clicked('Marketing audiences', onEdit)).toEqual([4]);
    expect(await clicked('Objective', onEdit)).toEqual([3]);
    expect(await clicked('Promote using', onEdit)).toEqual([2]);
    expect(await clicked('Custom creatives', onEdit)).toEqual([2]);
    expect(screen.queryByRole('button', { name: 'Edit Example ads' })).not.toBeInTheDocument();
  });

  it('inventory: cars to promote go to the filters (step 3), the product to step 2; no objective link', async () => {
    const onEdit = vi.fn();
    renderWithProviders(
      <ReviewStep
        {...reviewProps}
        onEdit={onEdit}
        state={{ ...base, campaignType: 'inventory', objective: 'awareness', product: 'VLA' }}
      />,
    );
    expect(await clicked('Cars to promote', onEdit)).toEqual([3]);
    expect(await clicked('Promote using', onEdit)).toEqual([2]);
    expect(await clicked('Dates', onEdit)).toEqual([4]);
    expect(screen.queryByRole('button', { name: 'Edit Objective' })).not.toBeInTheDocument();
  });

  it("counts the audiences that do not fit as '+N more' (issue 25 item 11)", () => {
    const audiences = [1, 2, 3, 4, 5].map((id) => ({ id, name: `Audience ${id}`, size: id * 1000 }));
    renderWithProviders(
      <ReviewStep
        {...reviewProps}
        onEdit={vi.fn()}
        state={{ ...base, campaignType: 'non_inventory', product: 'MOB', useCustomAudience: true, audiences }}
      />,
    );
    expect(screen.getByText('Audience 3')).toBeInTheDocument();
    expect(screen.queryByText('Audience 4')).not.toBeInTheDocument();
    expect(screen.getByText('+2 more')).toBeInTheDocument();
  });

  it("shows the example ad with the current dealership's name and one of its vehicles (issue 25 item 9)", () => {
    renderWithProviders(
      <ReviewStep
        {...reviewProps}
        onEdit={vi.fn()}
        dealershipName="EchoPark Automotive Greenville"
        exampleVehicle={{
          vin_number: '1FTEW1EP5MFA00001',
          stock_number: null,
          year: 2021,
          raw_make: 'Ford',
          raw_model: 'F-150',
          trim: null,
          price: 28500,
          mileage: 41000,
          image_url: null,
          vehicle_state: 'Used',
          vehicle_state_id: 2,
          days_on_lot: 12,
        }}
        state={{ ...base, campaignType: 'inventory', product: 'DYD' }}
      />,
    );
    const ad = screen.getByRole('img', {
      name: 'Dynamic Inventory Display example ad for EchoPark Automotive Greenville',
    });
    expect(ad).toHaveTextContent('EchoPark Automotive Greenville');
    expect(ad).toHaveTextContent('2021 Ford F-150 · $28,500 · 41,000 mi');
    expect(ad).not.toHaveTextContent('Ricart');
  });
});
