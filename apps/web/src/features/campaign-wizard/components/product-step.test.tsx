import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { initialWizardState } from '../utils/wizard-state';
import { ProductStep } from './product-step';

const props = {
  ids: { organizationId: 1, dealershipId: 101 },
  kind: 'non_inventory' as const,
  onBack: () => undefined,
  onNext: () => undefined,
  submitting: false,
};

describe('switching product with uploaded creatives (issue 25 item 3)', () => {
  const state = {
    ...initialWizardState(),
    campaignType: 'non_inventory' as const,
    product: 'MOB' as const,
    customCreatives: true,
    creatives: { MOB: ['creatives/link/abc.png', 'creatives/link/def.png'] },
  };

  it('asks first; keeping the product changes nothing, confirming resets the creatives', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ProductStep {...props} state={state} onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'TV (OTT/CTV)' }));
    expect(
      await screen.findByText('Switching to TV (OTT/CTV) removes the 2 creatives uploaded for Mobile Display.'),
    ).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep Mobile Display' }));
    expect(onChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'TV (OTT/CTV)' }));
    await user.click(await screen.findByRole('button', { name: 'Switch and remove' }));
    expect(onChange).toHaveBeenCalledWith({ product: 'OTT', creatives: { MOB: [], OTT: [] } });
  });

  it('switches at once when nothing was uploaded', async () => {
    const onChange = vi.fn();
    renderWithProviders(<ProductStep {...props} state={{ ...state, creatives: {} }} onChange={onChange} />);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'TV (OTT/CTV)' }));
    expect(onChange).toHaveBeenCalledWith({ product: 'OTT', creatives: { OTT: [] } });
    expect(screen.queryByText(/Switching to/)).not.toBeInTheDocument();
  });
});
